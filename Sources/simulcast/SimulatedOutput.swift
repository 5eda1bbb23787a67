/// A simulated participant's sound output in the demo: how long it truly takes from player
/// to ear, and what the participant believes (the figure its session aims by), in ms.
struct SimulatedOutput: Sendable, CustomStringConvertible {
    var trueMs: Double
    var estimatedMs: Double

    var description: String { "output \(Int(trueMs)) ms (estimated \(Int(estimatedMs)) ms)" }
}
