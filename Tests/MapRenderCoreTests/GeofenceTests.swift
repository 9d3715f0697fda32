import Foundation
import MapGeometry
import MapTestSupport
import Testing

@testable import MapRenderCore

// Geofence events on synthetic tracks: hysteresis against boundary jitter, the initial
// state, several regions and tracks, and the clamping of huge regions.

private let center = Coordinate(latitude: 39.7392, longitude: -104.9903)
private let museum = CircularRegion(identifier: "1", title: "Museum", center: center, radius: 100)

/// One fix per distance (meters north of the centre), one second apart.
private func track(distances: [Double], startTime: Date = trackEpoch, bearing: Double = 0) -> Track {
    Track(
        locations: distances.enumerated().map { index, distance in
            Location(
                coordinate: center.destination(bearing: bearing, distance: distance), horizontalAccuracy: 5,
                timestamp: startTime.addingTimeInterval(Double(index)))
        })
}

private func summary(_ events: [GeofenceEvent]) -> [String] {
    events.map { "\($0.kind.rawValue) \($0.region.title) \(Int($0.timestamp!.timeIntervalSince(trackEpoch)))" }
}

/// Walks in, dithers along the boundary (GPS jitter of a few meters), crosses the centre,
/// dithers along the boundary again on the way out, and leaves.
private let jittery: [Double] = [
    300, 250, 200, 150, 110, 104, 97, 103, 96, 105, 98, 102, 50, 0, 50, 95, 103, 97, 104, 98, 106, 115, 125, 150, 200,
]

@Suite("Geofence events")
struct GeofenceTests {
    @Test("with the cushion, a jittery crossing gives exactly one enter and one exit")
    func cushionStopsFlapping() {
        let events = GeofenceMonitor(regions: [museum], cushion: 20).events(for: [track(distances: jittery)])
        #expect(summary(events) == ["enter Museum 6", "exit Museum 22"])
        #expect(abs(center.distance(to: events[0].coordinate) - 97) < 1e-6)
        #expect(events.allSatisfy { $0.trackIndex == 0 })
    }

    @Test("without a cushion the same crossing flaps at every wobble")
    func noCushionFlaps() {
        let events = GeofenceMonitor(regions: [museum], cushion: 0).events(for: [track(distances: jittery)])
        #expect(
            summary(events) == [
                "enter Museum 6", "exit Museum 7", "enter Museum 8", "exit Museum 9", "enter Museum 10",
                "exit Museum 11",
                "enter Museum 12", "exit Museum 16", "enter Museum 17", "exit Museum 18", "enter Museum 19",
                "exit Museum 20",
            ])
    }

    @Test("a track that starts inside enters at its first fix; one that ends inside has no exit")
    func initialState() {
        let events = GeofenceMonitor(regions: [museum]).events(for: [track(distances: [10, 20, 30])])
        #expect(summary(events) == ["enter Museum 0"])
        #expect(GeofenceMonitor(regions: [museum]).events(for: [track(distances: [500, 400])]).isEmpty)
    }

    @Test("events of several regions come in time order, exits before enters at the same fix")
    func severalRegions() {
        // Two regions side by side along the meridian: 0–100 m and 150–350 m north.
        let park = CircularRegion(
            identifier: "2", title: "Park", center: center.destination(bearing: 0, distance: 250), radius: 100)
        let events = GeofenceMonitor(regions: [park, museum], cushion: 20).events(for: [
            track(distances: [-200, 50, 180, 300, 600])
        ])
        #expect(summary(events) == ["enter Museum 1", "exit Museum 2", "enter Park 2", "exit Park 4"])
    }

    @Test("tracks are replayed as one journey in time order, state carried over")
    func severalTracks() {
        let morning = track(distances: [500, 50, 20])  // ends inside
        let evening = track(distances: [30, 500], startTime: trackEpoch.addingTimeInterval(100))
        let events = GeofenceMonitor(regions: [museum]).events(for: [evening, morning])
        #expect(summary(events) == ["enter Museum 1", "exit Museum 101"])
        #expect(events.map(\.trackIndex) == [1, 0])
    }

    @Test("a missing time never reorders: events come in the order of the fixes, untimed tracks keep their place")
    func missingTimes() {
        // East past A (first quarter), then past B (last quarter). The start was recorded
        // before the receiver knew the time: a track of its own without times.
        let park = CircularRegion(
            identifier: "2", title: "Park", center: center.destination(bearing: 90, distance: 3000), radius: 100)
        let fixes = (0..<80).map { (index: Int) -> Location in
            let timed = index >= 25 && index % 2 == 0
            return Location(
                coordinate: center.destination(bearing: 90, distance: Double(index - 10) * 50),
                timestamp: timed ? trackEpoch.addingTimeInterval(Double(index)) : nil)
        }
        let untimedStart = Track(locations: Array(fixes[..<25]))
        let rest = Track(locations: Array(fixes[25...]))
        let monitor = GeofenceMonitor(regions: [museum, park], cushion: 20)
        let events = monitor.events(for: [untimedStart, rest])
        #expect(
            events.map { "\($0.kind.rawValue) \($0.region.title)" } == [
                "enter Museum", "exit Museum", "enter Park", "exit Park",
            ])
        #expect(events.map(\.trackIndex) == [0, 0, 1, 1])
        #expect(events[0].timestamp == nil && events[2].timestamp != nil && events[3].timestamp == nil)
        // The same fixes in one track give the same events.
        let whole = monitor.events(for: [Track(locations: fixes)])
        #expect(whole.map(\.kind) == events.map(\.kind) && whole.map(\.coordinate) == events.map(\.coordinate))
        // Timed tracks are put in time order among themselves; the untimed one stays first.
        let later = track(distances: [500, 0, 500], startTime: trackEpoch.addingTimeInterval(-100))
        #expect(GeofenceMonitor.replayOrder(of: [untimedStart, rest, later]) == [0, 2, 1])
    }

    @Test("invalid fixes are skipped")
    func invalidFixes() {
        var inside = track(distances: [500, 0, 500])
        inside.segments[0][1].horizontalAccuracy = -1
        #expect(GeofenceMonitor(regions: [museum]).events(for: [inside]).isEmpty)
    }

    @Test("the latitude shortcut agrees with the geodesic near the boundary in every direction")
    func boundaryInEveryDirection() {
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            let events = GeofenceMonitor(regions: [museum], cushion: 0).events(for: [
                track(distances: [101, 99, 101], bearing: bearing)
            ])
            #expect(summary(events) == ["enter Museum 1", "exit Museum 2"], "bearing \(bearing)")
        }
    }

    @Test("regions come from places with a radius; huge ones are clamped with a warning")
    func regionsFromPlaces() {
        let places = [
            Place(id: 1, title: "Home", coordinate: center, proximityRadius: 150),
            Place(id: 2, title: "No radius", coordinate: center),
            Place(id: 3, title: "Zero", coordinate: center, proximityRadius: 0),
            Place(id: 4, title: "Colorado", coordinate: center, proximityRadius: 1_000_000, showsProximity: true),
        ]
        let (regions, diagnostics) = CircularRegion.regions(for: places)
        #expect(regions.map(\.title) == ["Home", "Colorado"] && regions.map(\.identifier) == ["1", "4"])
        #expect(regions.map(\.radius) == [150, CircularRegion.maximumRadius])
        #expect(
            diagnostics == [
                Diagnostic(
                    .warning,
                    "geofence 'Colorado': radius 1000000 m is larger than the maximum monitoring distance; clamped to 400000 m"
                )
            ])
        #expect(regions[0].contains(center.destination(bearing: 30, distance: 149.9)))
        #expect(!regions[0].contains(center.destination(bearing: 30, distance: 150.1)))
    }
}
