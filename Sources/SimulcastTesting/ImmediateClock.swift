import SimulcastCore
import Synchronization

/// A clock whose sleeps return at once, moving its time forward by what they asked for:
/// backoff and Retry-After waits take no real time in tests, yet remain visible.
public final class ImmediateClock: LocalClock, Sendable {
    private struct State {
        var now: Int64
        var slept: [Int64] = []
    }

    private let state: Mutex<State>

    public init(micros: Int64 = 1_700_000_000_000_000) { state = Mutex(State(now: micros)) }

    public func now() -> LocalTime { LocalTime(micros: state.withLock { $0.now }) }

    public func sleep(until time: LocalTime) async throws {
        let deadline = time.micros
        state.withLock { state in
            if deadline > state.now {
                state.slept.append(deadline - state.now)
                state.now = deadline
            }
        }
    }

    /// Every sleep's length, in microseconds, in order.
    public var sleeps: [Int64] { state.withLock { $0.slept } }
}
