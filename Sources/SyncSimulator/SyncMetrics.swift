import SimulcastCore

/// What one method's listeners heard, sample by sample, and the summaries the benchmark prints.
public struct SyncMetrics: Sendable {
    /// |error| from 3 s after each track start (the wave-1 measure).
    public var steady: [Double] = []
    /// |error| within the first 3 s of each track, by how the track before ended.
    public var transitionNatural: [Double] = []
    public var transitionSkip: [Double] = []
    /// From the host's change to the listener's first sample within 50 ms (ms), by transition.
    public var timeToSyncNatural: [Double] = []
    public var timeToSyncSkip: [Double] = []
    public var corrections = 0
    public var trackStarts = 0
    /// Web API commands sent to Spotify Connect devices (zero for local players), and the
    /// requests Spotify answered 429.
    public var commands = 0
    public var rateLimited = 0
    /// (seconds, signed error ms) about once a second for one listener, for the plot.
    public var trace: [(Double, Double)] = []

    /// One |error| sample, `elapsed` into a track that began after `transition`: the first
    /// `transitionMicros` count as the transition, the rest as steady.
    mutating func recordError(_ error: Double, elapsed: Int64, transitionMicros: Int64, after transition: HostScript.Transition) {
        if elapsed >= transitionMicros {
            steady.append(error)
        } else if transition == .naturalEnd {
            transitionNatural.append(error)
        } else if transition == .skip {
            transitionSkip.append(error)
        }
    }

    /// How long a listener took to come within the sync bound after the host's change.
    mutating func recordTimeToSync(_ ms: Double, after transition: HostScript.Transition) {
        if transition == .naturalEnd { timeToSyncNatural.append(ms) }
        if transition == .skip { timeToSyncSkip.append(ms) }
    }

    public struct Summary: Encodable, Sendable {
        public var p50: Double
        public var p95: Double
        public var samples: Int

        init(_ values: [Double]) {
            let percentiles = Percentiles(values)
            p50 = values.isEmpty ? 0 : (percentiles.at(0.5) * 10).rounded() / 10
            p95 = values.isEmpty ? 0 : (percentiles.at(0.95) * 10).rounded() / 10
            samples = values.count
        }
    }

    public struct Report: Encodable, Sendable {
        public var steady: Summary
        public var steadyP99: Double
        public var transition: [String: Summary]
        public var timeToSyncMs: [String: Summary]
        public var correctionsPerTrack: Double
        /// Spotify Connect only.
        public var commandsPerTrack: Double?
        public var rateLimited: Int?
    }

    public var report: Report {
        let steadyPercentiles = Percentiles(steady)
        return Report(
            steady: Summary(steady), steadyP99: steady.isEmpty ? 0 : (steadyPercentiles.at(0.99) * 10).rounded() / 10,
            transition: ["naturalEnd": Summary(transitionNatural), "skip": Summary(transitionSkip)],
            timeToSyncMs: ["naturalEnd": Summary(timeToSyncNatural), "skip": Summary(timeToSyncSkip)],
            correctionsPerTrack: trackStarts == 0 ? 0 : (Double(corrections) / Double(trackStarts) * 100).rounded() / 100,
            commandsPerTrack: commands == 0 || trackStarts == 0 ? nil : (Double(commands) / Double(trackStarts) * 100).rounded() / 100,
            rateLimited: commands == 0 ? nil : rateLimited)
    }
}
