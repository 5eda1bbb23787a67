import Foundation
import SimulcastCore

/// A clock whose sleeps return at once, moving its time forward by what they asked for:
/// backoff and Retry-After waits take no real time in tests, yet remain visible.
public final class ImmediateClock: LocalClock, @unchecked Sendable {
    private let lock = NSLock()
    private var now: Int64
    public private(set) var sleptMicros: [Int64] = []

    public init(micros: Int64 = 1_700_000_000_000_000) { now = micros }

    public func nowMicros() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        return now
    }

    public func sleep(untilMicros deadline: Int64) async throws {
        jump(to: deadline)
    }

    private func jump(to deadline: Int64) {
        lock.withLock {
            if deadline > now {
                sleptMicros.append(deadline - now)
                now = deadline
            }
        }
    }

    public var sleeps: [Int64] {
        lock.lock()
        defer { lock.unlock() }
        return sleptMicros
    }
}
