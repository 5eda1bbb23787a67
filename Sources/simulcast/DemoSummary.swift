import SimulcastCore

/// What `simulcast demo --json` prints.
struct DemoSummary: Codable, Sendable {
    struct Listener: Codable, Sendable {
        var service: String
        var storefront: String
        var tracks: [Track]
    }

    struct Track: Codable, Sendable {
        var sourceTitle: String
        var sourceArtist: String
        var matchedId: String?
        var matchedTitle: String?
        var matchMethod: MatchMethod?
        /// Why there is no match, when there is none.
        var reason: String?
        /// Samples taken from 3 s after the track started (or the host last acted) while the host played.
        var samples: Int
        /// Share of those samples with the listener on the matched track.
        var followingRatio: Double?
        var syncErrorMs: ErrorStats?

        // `matchedId` and `syncErrorMs` are always present, as null when absent: readers test them.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sourceTitle, forKey: .sourceTitle)
            try container.encode(sourceArtist, forKey: .sourceArtist)
            try container.encode(matchedId, forKey: .matchedId)
            try container.encodeIfPresent(matchedTitle, forKey: .matchedTitle)
            try container.encodeIfPresent(matchMethod, forKey: .matchMethod)
            try container.encodeIfPresent(reason, forKey: .reason)
            try container.encode(samples, forKey: .samples)
            try container.encodeIfPresent(followingRatio, forKey: .followingRatio)
            try container.encode(syncErrorMs, forKey: .syncErrorMs)
        }
    }

    struct ErrorStats: Codable, Sendable {
        var p50: Double
        var p95: Double
        var max: Double
    }

    var listeners: [Listener]
    /// Which figure `syncErrorMs` is: at the ear, through each participant's true output latency.
    var syncErrorAt = "ear"
    var durationSeconds: Double
    var serverRestartedAtSeconds: Double?
}
