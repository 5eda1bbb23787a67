import SimulcastCore
import Synchronization

/// Virtual time for one task that only ever waits on this clock (a host source polling a
/// simulated app): a sleep moves the clock to its deadline at once, so an hour of polling runs
/// in milliseconds and in the same order every time. Past `end` a sleep throws, which ends
/// the run.
public final class SelfAdvancingClock: LocalClock {
    private let reading: Mutex<Int64>
    public let end: LocalTime

    public init(start: LocalTime = LocalTime(micros: 0), end: LocalTime) {
        reading = Mutex(start.micros)
        self.end = end
    }

    public func now() -> LocalTime { LocalTime(micros: reading.withLock { $0 }) }

    public func sleep(until deadline: LocalTime) async throws {
        guard deadline <= end else { throw CancellationError() }
        reading.withLock { $0 = max($0, deadline.micros) }
    }
}
