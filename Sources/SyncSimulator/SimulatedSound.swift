import SimulcastClient

/// What a simulated listener's device plays, measured from outside by true time: the sync
/// error the benchmark reports. A local player and a Spotify Connect device both have one.
protocol SimulatedSound: Sendable {
    /// What comes out of the device at true time `time` (microseconds).
    func audible(at time: Int64) async -> (trackId: String?, playing: Bool, positionMs: Double)
    /// What an ear hears at true time `time` through an output `outputLatencyMs` long.
    func heard(at time: Int64, outputLatencyMs: Double) async -> (trackId: String?, playing: Bool, positionMs: Double)
}

extension SimulatedPlayer: SimulatedSound {}
