import MapRenderCommand

MapRenderCommand.main()
