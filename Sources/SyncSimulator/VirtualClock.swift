import SimulcastCore
import Synchronization

/// True time in the simulator, moved only by its event loop. Everything in a simulated
/// session reads time through this (directly, or skewed as a device's clock); nothing sleeps
/// on it: the loop calls each participant when its next thing is due.
public final class VirtualClock: LocalClock {
    public init() {}

    private let reading = Mutex<Int64>(0)

    public func now() -> LocalTime { LocalTime(micros: micros) }

    /// The reading as a number: the simulation's event times.
    public var micros: Microseconds { reading.withLock { $0 } }

    public func set(_ time: Int64) { reading.withLock { $0 = time } }

    public func sleep(until _: LocalTime) async throws {
        throw SimulationError()
    }
}
