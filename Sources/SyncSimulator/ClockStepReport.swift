import SimulcastCore

/// How a listener whose device clock stepped came back. Measured from the step showing (for a
/// sleep, the wake) on the samples taken while the host is quiet: from 3 s after each of the
/// host's changes (a skip, seek, pause or resume) on, when every listener should be in sync,
/// so what is left over is the step's doing. `other` is an unstepped listener of the same run.
public struct ClockStepReport: Encodable, Sendable {
    public struct Listener: Encodable, Sendable {
        /// The last quiet sample more than 50 ms off, ms after the step showed (nil: none was).
        public var lastOffAfterMs: Double?
        public var quietSamples = 0
        public var quietSamplesOver50Ms = 0
        public var maxQuietErrorMs = 0.0
    }

    public var kind: String
    public var amountMs: Double
    public var atSeconds: Double
    public var stepsDetected = 0
    public var stepped = Listener()
    public var other = Listener()

    mutating func record(_ error: Double, stepped isStepped: Bool, since visible: Int64) {
        var listener = isStepped ? stepped : other
        let magnitude = abs(error)
        listener.quietSamples += 1
        listener.maxQuietErrorMs = max(listener.maxQuietErrorMs, (magnitude * 10).rounded() / 10)
        if magnitude > InSync.thresholdMs {
            listener.quietSamplesOver50Ms += 1
            listener.lastOffAfterMs = Double(visible) / 1000
        }
        if isStepped { stepped = listener } else { other = listener }
    }
}
