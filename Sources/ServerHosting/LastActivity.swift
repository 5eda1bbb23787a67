import SimulcastCore
import Synchronization

/// When a followed host's player last changed, shared between the source and the idle watch.
final class LastActivity: Sendable {
    private let last: Mutex<LocalTime>

    init(_ time: LocalTime) { last = Mutex(time) }

    func touch(_ time: LocalTime) { last.withLock { $0 = max($0, time) } }

    func quiet(for limit: Duration, now: LocalTime) -> Bool {
        last.withLock { $0.advanced(by: limit) <= now }
    }
}
