import SimulcastCore
import Synchronization

/// A clock that moves only when told: for tests of anything that reads time or sleeps.
/// Sleepers wait until `advance` or `set` passes their deadline, so paced and timed code
/// runs in virtual time, as fast as the test drives it. A cancelled sleeper wakes at once and
/// throws `CancellationError`, as `Task.sleep` does.
public final class ManualClock: LocalClock, Sendable {
    private struct State {
        var now: Int64
        var nextId = 0
        var sleepers: [(id: Int, deadline: Int64, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    public init(micros: Int64 = 1_700_000_000_000_000) { state = Mutex(State(now: micros)) }

    public func now() -> LocalTime { LocalTime(micros: state.withLock { $0.now }) }

    public func sleep(until time: LocalTime) async throws {
        let deadline = time.micros
        let id = state.withLock { state in
            state.nextId += 1
            return state.nextId
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let due = state.withLock { state in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append((id, deadline, continuation))
                    return false
                }
                if due { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state in
                let index = state.sleepers.firstIndex { $0.id == id }
                return index.map { state.sleepers.remove(at: $0).continuation }
            }
            cancelled?.resume()
        }
        try Task.checkCancellation()
    }

    /// How many tasks are waiting in `sleep`.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline anyone waits for.
    public var nextDeadline: Int64? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    public func advance(byMs ms: Double) {
        let target = state.withLock { $0.now + Int64(ms * 1000) }
        set(micros: target)
    }

    public func set(micros: Int64) {
        let due = state.withLock { state in
            state.now = max(state.now, micros)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
