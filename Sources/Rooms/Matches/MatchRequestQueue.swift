import SimulcastCore
import Synchronization

/// Match requests from rooms, taken in batches: a doorbell rings once for any number of
/// requests added meanwhile, so the queue never holds a task per request.
final class MatchRequestQueue: Sendable {
    private let pending = Mutex<[(MatchCacheKey, TrackMetadata)]>([])
    let doorbell: AsyncStream<Void>
    private let ring: AsyncStream<Void>.Continuation

    init() {
        (doorbell, ring) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func add(_ key: MatchCacheKey, _ source: TrackMetadata) {
        pending.withLock { $0.append((key, source)) }
        ring.yield()
    }

    func takeAll() -> [(MatchCacheKey, TrackMetadata)] {
        pending.withLock { requests in
            defer { requests.removeAll() }
            return requests
        }
    }
}
