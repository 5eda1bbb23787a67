/// The parameters of one simulated session. "X ± J" values draw X + J·U(-1, 1) afresh for
/// each message, start or seek.
struct SyncScenario: Sendable {
    var delayMs = 80.0
    var jitterMs = 40.0
    /// Chance a message is lost on the wire; WebSocket runs over TCP, so a loss costs a retransmission (200 ms), not the message.
    var loss = 0.01
    /// Each participant's clock is off by up to this much, either way.
    var clockOffsetMs = 2_000.0
    /// ... and runs fast or slow by up to this many parts per million (its audio too).
    var driftPPM = 50.0
    var startLatencyMs = 300.0
    var startJitterMs = 150.0
    var seekLatencyMs = 120.0
    var seekJitterMs = 60.0
    var tracks = 30
    var listeners = 3
    var seed: UInt64 = 1
    /// How precisely a player that can schedule starts on the instant.
    var schedulePrecisionMs = 3.0

    static let wan = SyncScenario()
    static var lan: SyncScenario {
        var scenario = SyncScenario()
        scenario.delayMs = 2
        scenario.jitterMs = 1
        return scenario
    }
}
