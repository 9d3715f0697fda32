import MapRenderCommand
MapRenderCommand.main()
