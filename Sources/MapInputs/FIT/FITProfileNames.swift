/// Names from the FIT profile (FIT SDK `Profile.xlsx`, "Types"), for what a map shows.
enum FITProfileNames {
    /// The `sport` type's name for a value, in words ("Cross country skiing"); `nil` for
    /// `generic` (0) and values the profile does not name.
    static func sport(_ value: Int) -> String? {
        guard value != 0, let name = sports[value] else { return nil }
        return words(name)
    }

    /// The `course_point` type's name for a value, in words ("Left", "Summit", "U turn").
    static func coursePoint(_ value: Int) -> String? {
        coursePoints[value].map(words)
    }

    /// `snake_case` as a capitalised phrase.
    private static func words(_ name: String) -> String {
        let spaced = name.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    private static let sports: [Int: String] = [
        1: "running", 2: "cycling", 3: "transition", 4: "fitness_equipment", 5: "swimming", 6: "basketball",
        7: "soccer", 8: "tennis", 9: "american_football", 10: "training", 11: "walking", 12: "cross_country_skiing",
        13: "alpine_skiing", 14: "snowboarding", 15: "rowing", 16: "mountaineering", 17: "hiking", 18: "multisport",
        19: "paddling", 20: "flying", 21: "e_biking", 22: "motorcycling", 23: "boating", 24: "driving", 25: "golf",
        26: "hang_gliding", 27: "horseback_riding", 28: "hunting", 29: "fishing", 30: "inline_skating",
        31: "rock_climbing", 32: "sailing", 33: "ice_skating", 34: "sky_diving", 35: "snowshoeing", 36: "snowmobiling",
        37: "stand_up_paddleboarding", 38: "surfing", 39: "wakeboarding", 40: "water_skiing", 41: "kayaking",
        42: "rafting", 43: "windsurfing", 44: "kitesurfing", 45: "tactical", 46: "jumpmaster", 47: "boxing",
        48: "floor_climbing", 49: "baseball", 53: "diving", 62: "hiit", 64: "racket", 65: "wheelchair_push_walk",
        66: "wheelchair_push_run", 67: "meditation", 69: "disc_golf", 71: "cricket", 72: "rugby", 73: "hockey",
        74: "lacrosse", 75: "volleyball", 76: "water_tubing", 77: "wakesurfing", 80: "mixed_martial_arts",
        82: "snorkeling", 83: "dance", 84: "jump_rope",
    ]

    private static let coursePoints: [Int: String] = [
        0: "generic", 1: "summit", 2: "valley", 3: "water", 4: "food", 5: "danger", 6: "left", 7: "right",
        8: "straight", 9: "first_aid", 10: "fourth_category", 11: "third_category", 12: "second_category",
        13: "first_category", 14: "hors_category", 15: "sprint", 16: "left_fork", 17: "right_fork", 18: "middle_fork",
        19: "slight_left", 20: "sharp_left", 21: "slight_right", 22: "sharp_right", 23: "u_turn", 24: "segment_start",
        25: "segment_end", 27: "campsite", 28: "aid_station", 29: "rest_area", 30: "general_distance", 31: "service",
        32: "energy_gel", 33: "sports_drink", 34: "mile_marker", 35: "checkpoint", 36: "shelter", 37: "meeting_spot",
        38: "overlook", 39: "toilet", 40: "shower", 41: "gear", 42: "sharp_curve", 43: "steep_incline", 44: "tunnel",
        45: "bridge", 46: "obstacle", 47: "crossing", 48: "store", 49: "transition", 50: "navaid", 51: "transport",
        52: "alert", 53: "info",
    ]
}
