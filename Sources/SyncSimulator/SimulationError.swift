/// A simulated participant tried to sleep on the virtual clock; the simulator schedules its
/// calls instead, so this is a bug in whatever slept.
public struct SimulationError: Error, CustomStringConvertible {
    public var description: String { "a simulated participant tried to sleep; the simulator schedules its calls instead" }
}
