import SimulcastCore

/// What one method's listeners heard, sample by sample, and the summaries the benchmark prints.
struct SyncMetrics: Sendable {
    /// |error| from 3 s after each track start (the wave-1 measure).
    var steady: [Double] = []
    /// |error| within the first 3 s of each track, by how the track before ended.
    var transitionNatural: [Double] = []
    var transitionSkip: [Double] = []
    /// From the host's change to the listener's first sample within 50 ms (ms), by transition.
    var timeToSyncNatural: [Double] = []
    var timeToSyncSkip: [Double] = []
    var corrections = 0
    var trackStarts = 0
    /// (seconds, signed error ms) about once a second for one listener, for the plot.
    var trace: [(Double, Double)] = []

    struct Summary: Encodable {
        var p50: Double
        var p95: Double
        var samples: Int

        init(_ values: [Double]) {
            let percentiles = Percentiles(values)
            p50 = values.isEmpty ? 0 : (percentiles.at(0.5) * 10).rounded() / 10
            p95 = values.isEmpty ? 0 : (percentiles.at(0.95) * 10).rounded() / 10
            samples = values.count
        }
    }

    struct Report: Encodable {
        var steady: Summary
        var steadyP99: Double
        var transition: [String: Summary]
        var timeToSyncMs: [String: Summary]
        var correctionsPerTrack: Double
    }

    var report: Report {
        let steadyPercentiles = Percentiles(steady)
        return Report(
            steady: Summary(steady), steadyP99: steady.isEmpty ? 0 : (steadyPercentiles.at(0.99) * 10).rounded() / 10,
            transition: ["naturalEnd": Summary(transitionNatural), "skip": Summary(transitionSkip)],
            timeToSyncMs: ["naturalEnd": Summary(timeToSyncNatural), "skip": Summary(timeToSyncSkip)],
            correctionsPerTrack: trackStarts == 0 ? 0 : (Double(corrections) / Double(trackStarts) * 100).rounded() / 100)
    }
}
