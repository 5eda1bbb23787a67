/// Learns how long one player takes to do something (start a track, land a seek) from
/// its own recent history, so predictions fit the device actually in use.
public struct LatencyEstimator: Hashable, Sendable {
    public private(set) var samplesMs: [Double] = []
    public let defaultMs: Double
    public let capacity: Int

    public init(defaultMs: Double, capacity: Int = 8) {
        self.defaultMs = defaultMs
        self.capacity = max(1, capacity)
    }

    public mutating func record(_ latencyMs: Double) {
        samplesMs.append(latencyMs)
        if samplesMs.count > capacity { samplesMs.removeFirst(samplesMs.count - capacity) }
    }

    /// Drops what was learned (it was measured on a clock that has since stepped).
    public mutating func forget() { samplesMs = [] }

    /// The latency to plan for: the mean of recent samples, or the default before any.
    public var predictedMs: Double {
        samplesMs.isEmpty ? defaultMs : samplesMs.reduce(0, +) / Double(samplesMs.count)
    }

    /// How far a single outcome strays from the prediction at most (recent history).
    /// An error smaller than this cannot be fixed by doing it again.
    public var spreadMs: Double? {
        guard samplesMs.count >= 2 else { return nil }
        let mean = predictedMs
        return samplesMs.map { abs($0 - mean) }.max()
    }
}
