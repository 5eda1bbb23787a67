import SimulcastCore

/// Track metadata the Spotify source has seen: full objects (with ISRC and UPC) fetched
/// once per track, and the lighter currently-playing items as a fallback. Bounded, so a
/// host who plays for days does not grow it without end.
struct SpotifyTrackCache: Sendable {
    let capacity: Int
    private var fullTracks: [String: TrackMetadata] = [:]
    private var fallbacks: [String: TrackMetadata] = [:]
    private var order: [String] = []

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    func full(_ id: String) -> TrackMetadata? { fullTracks[id] }
    func fallback(_ id: String) -> TrackMetadata? { fallbacks[id] }

    mutating func remember(full track: TrackMetadata) {
        fullTracks[track.id] = track
        touch(track.id)
    }

    mutating func remember(fallback track: TrackMetadata) {
        fallbacks[track.id] = track
        touch(track.id)
    }

    private mutating func touch(_ id: String) {
        order.removeAll { $0 == id }
        order.append(id)
        while order.count > capacity {
            let evicted = order.removeFirst()
            fullTracks[evicted] = nil
            fallbacks[evicted] = nil
        }
    }
}
