import Synchronization

/// When each storm listener first saw each track in a room state, for the skips' fan-out.
final class StormArrivals: Sendable {
    private let firstSeen = Mutex<[String: ContinuousClock.Instant]>([:])

    func record(listener: Int, trackId: String, at instant: ContinuousClock.Instant) {
        firstSeen.withLock { seen in
            if seen["\(listener) \(trackId)"] == nil { seen["\(listener) \(trackId)"] = instant }
        }
    }

    func firstSeen(listener: Int, trackId: String) -> ContinuousClock.Instant? {
        firstSeen.withLock { $0["\(listener) \(trackId)"] }
    }
}
