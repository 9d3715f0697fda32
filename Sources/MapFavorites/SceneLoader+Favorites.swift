public import MapErrors
public import MapInputs
public import MapRenderCore

extension SceneLoader {
    /// The scene of `inputs` with the places of favorites databases first, each database
    /// opened read-only (`PlaceStore.readPlaces(atPath:)`).
    ///
    /// - Throws: `MapError` from the databases (naming the row of a bad value),
    ///   `.invalidData` for a database with no places, and what `scene(from:places:)`
    ///   throws.
    public static func scene(from inputs: SceneInputs, placeDatabases: [String]) throws(MapError) -> MapScene {
        var places: [Place] = []
        for path in placeDatabases {
            let stored = try PlaceStore.readPlaces(atPath: path)
            if stored.isEmpty {
                throw MapError(
                    .invalidData, "the database holds no places", at: InputLocation(file: path),
                    remedy: "add places to it first")
            }
            places += stored
        }
        return try scene(from: inputs, places: places)
    }
}
