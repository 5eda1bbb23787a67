/// How a listener whose device clock stepped came back: the time from the step showing
/// (for a sleep, the wake) to its first sample within 50 ms of the host, and every steady
/// sample after that (transitions of track changes excluded, as in `SyncMetrics.steady`).
/// `other` is an unstepped listener of the same run, measured over the same span.
public struct ClockStepReport: Encodable, Sendable {
    public struct Listener: Encodable, Sendable {
        /// Nil: never within 50 ms again.
        public var backInSyncAfterMs: Double?
        public var steadySamplesAfter = 0
        public var steadySamplesOver50Ms = 0
        public var maxSteadyErrorMs = 0.0
    }

    public var kind: String
    public var amountMs: Double
    public var atSeconds: Double
    public var stepsDetected = 0
    public var stepped = Listener()
    public var other = Listener()

    mutating func record(_ error: Double, stepped isStepped: Bool, since visible: Int64, steady: Bool) {
        var listener = isStepped ? stepped : other
        let magnitude = abs(error)
        if listener.backInSyncAfterMs == nil {
            if magnitude <= SessionSimulation.inSyncMs { listener.backInSyncAfterMs = Double(visible) / 1000 }
        } else if steady {
            listener.steadySamplesAfter += 1
            if magnitude > SessionSimulation.inSyncMs { listener.steadySamplesOver50Ms += 1 }
            listener.maxSteadyErrorMs = max(listener.maxSteadyErrorMs, (magnitude * 10).rounded() / 10)
        }
        if isStepped { stepped = listener } else { other = listener }
    }
}
