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
        var matchMethod: String?
        /// Why there is no match, when there is none.
        var reason: String?
        /// Samples taken from 3 s after the track started while the host played.
        var samples: Int
        /// Share of those samples with the listener on the matched track.
        var followingRatio: Double?
        var syncErrorMs: ErrorStats?
    }

    struct ErrorStats: Codable, Sendable {
        var p50: Double
        var p95: Double
        var max: Double
    }

    var listeners: [Listener]
    var durationSeconds: Double
    var serverRestartedAtSeconds: Double?
}
