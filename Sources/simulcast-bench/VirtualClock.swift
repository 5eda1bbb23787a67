import SimulcastCore
import Synchronization

/// True time in the simulator, moved only by its event loop. Everything in a simulated
/// session reads time through this (directly, or skewed as a device's clock); nothing sleeps
/// on it: the loop calls each participant when its next thing is due.
final class VirtualClock: LocalClock {
    private let now = Mutex<Int64>(0)

    func nowMicros() -> Int64 { now.withLock { $0 } }

    func set(_ time: Int64) { now.withLock { $0 = time } }

    func sleep(untilMicros deadline: Int64) async throws {
        throw BenchError("a simulated participant tried to sleep; the simulator schedules its calls instead")
    }
}
