import MapData
import MapGeometry
import MapRenderCairo
import MapRenderCore

/// `maprender [render] …`: draws one map and writes it, with its sidecar when asked.
enum RenderCommand {
    static func run(_ request: RenderRequest) throws(MapError) {
        guard let output = request.output else {
            throw MapError(.usage, "no output file", remedy: "give -o FILE (or -o - for standard output)")
        }
        let format = try request.resolvedFormat()
        let scene = try SceneLoader.scene(for: request)
        let options = MapSnapshotter.Options(
            size: request.size, scale: request.scale, framing: request.framing, style: .standard, format: format)
        let snapshot = try MapSnapshotter(scene: scene, options: options).makeSnapshot(renderer: CairoRenderer())

        for diagnostic in snapshot.diagnostics {
            Console.printError("\(diagnostic.severity.rawValue): \(diagnostic.message)")
        }
        if request.isStrict, let first = snapshot.diagnostics.first(where: { $0.severity == .warning }) {
            throw MapError(.unavailable, "--strict: \(first.message)", remedy: "fix the cause or run without --strict")
        }

        // Stage every file first, so a failure leaves none of them behind.
        var staged: [StagedFile] = []
        if let sidecar = request.sidecar {
            staged.append(try StagedFile(bytes: Array((snapshot.sidecar.serialized(indent: 2) + "\n").utf8), destination: sidecar))
        }
        if output == "-" {
            guard Console.writeOutput(snapshot.data) else {
                throw MapError(.ioError, "standard output: writing failed")
            }
        } else {
            staged.append(try StagedFile(bytes: snapshot.data, destination: output))
        }
        for file in staged { try file.commit() }
    }
}

/// Turns the inputs of a request into a scene.
enum SceneLoader {
    static func scene(for request: RenderRequest) throws(MapError) -> MapScene {
        var scene = MapScene(places: [], circles: request.circles)
        for path in request.placeDatabases {
            let places: [Place]
            do {
                places = try PlaceStore.readPlaces(atPath: path)
            } catch let error as MapError {
                throw error
            } catch {
                throw MapError(.internalError, "\(path): \(error)")
            }
            if places.isEmpty {
                throw MapError(.badData, "\(path): the database holds no places", remedy: "add some with 'sqlite3' or give --pin")
            }
            scene.places += places
        }
        scene.places += request.pins
        return scene
    }
}

/// `maprender fit …`: prints the viewport a render would use, as JSON.
enum FitCommand {
    static func run(_ request: RenderRequest) throws(MapError) {
        let scene = try SceneLoader.scene(for: request)
        let options = MapSnapshotter.Options(size: request.size, scale: request.scale, framing: request.framing)
        let viewport = try MapSnapshotter(scene: scene, options: options).viewport()
        var members = viewport.jsonMembers
        members.insert(("scale", .number(request.scale)), at: 2)
        Console.print(JSONValue.object(members).serialized(indent: 2))
    }
}
