import Foundation
import SimulcastCore

/// A clock that moves only when told: for tests of anything that reads time or sleeps.
/// Sleepers wait until `advance` or `set` passes their deadline, so paced and timed code
/// runs in virtual time, as fast as the test drives it.
public final class ManualClock: LocalClock, @unchecked Sendable {
    private let lock = NSLock()
    private var now: Int64
    private var sleepers: [(deadline: Int64, continuation: CheckedContinuation<Void, Never>)] = []

    public init(micros: Int64 = 1_700_000_000_000_000) { now = micros }

    public func nowMicros() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        return now
    }

    public func sleep(untilMicros deadline: Int64) async throws {
        await withCheckedContinuation { continuation in
            lock.lock()
            if deadline <= now {
                lock.unlock()
                continuation.resume()
            } else {
                sleepers.append((deadline, continuation))
                lock.unlock()
            }
        }
    }

    /// How many tasks are waiting in `sleep`.
    public var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    /// The earliest deadline anyone waits for.
    public var nextDeadline: Int64? {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.map(\.deadline).min()
    }

    public func advance(byMs ms: Double) {
        lock.lock()
        let target = now + Int64(ms * 1000)
        lock.unlock()
        set(micros: target)
    }

    public func set(micros: Int64) {
        lock.lock()
        now = max(now, micros)
        let due = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        lock.unlock()
        for sleeper in due { sleeper.continuation.resume() }
    }
}
