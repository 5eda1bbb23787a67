import Foundation
import SimulcastCore

/// A clock that moves only when told: for tests of anything that reads time.
public final class ManualClock: LocalClock, @unchecked Sendable {
    private let lock = NSLock()
    private var now: Int64

    public init(micros: Int64 = 1_700_000_000_000_000) { now = micros }

    public func nowMicros() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        return now
    }

    public func advance(byMs ms: Double) {
        lock.lock()
        now += Int64(ms * 1000)
        lock.unlock()
    }

    public func set(micros: Int64) {
        lock.lock()
        now = micros
        lock.unlock()
    }
}
