/// Estimates the offset (and drift) between a client's clock and the server's.
///
/// Keeps the recent samples and trusts the one with the lowest round-trip delay, the one
/// least distorted by queueing (as NTP and Jellyfin SyncPlay do). The true offset lies
/// within half that sample's delay, which is reported as the uncertainty. Drift comes from
/// a least-squares line through the best sample of each window, once the windows span
/// enough time to tell drift from noise.
public struct ClockSync: Sendable {
    public private(set) var samples: [ClockSample] = []
    /// Best sample of each past window: (client time, offset). Drift is fitted through these.
    private var history: [(clientTime: Int64, offset: Int64)] = []
    public let window: Int
    private var samplesInWindow = 0

    /// Samples kept, and the best of them trusted (docs/PROTOCOL.md states it; a test holds the two together).
    public static let defaultWindow = 32

    public init(window: Int = ClockSync.defaultWindow) {
        self.window = max(1, window)
    }

    public var isSynchronised: Bool { !samples.isEmpty }

    public mutating func add(_ sample: ClockSample) {
        guard sample.t3 >= sample.t0, sample.t2 >= sample.t1 else { return }  // clocks went backwards: unusable
        samples.append(sample)
        if samples.count > window { samples.removeFirst(samples.count - window) }
        samplesInWindow += 1
        if samplesInWindow >= window, let best {
            history.append((clientTime: (best.t0 + best.t3) / 2, offset: best.offset))
            if history.count > 32 { history.removeFirst() }
            samplesInWindow = 0
        }
    }

    /// The sample with the lowest round-trip delay among the recent ones.
    public var best: ClockSample? { samples.min { $0.roundTripDelay < $1.roundTripDelay } }

    /// Server clock minus client clock in microseconds, as of the best sample.
    public var offset: Int64? { best?.offset }

    /// Half the best sample's round-trip delay: the offset is right to within this.
    public var uncertainty: Int64? { best.map { $0.roundTripDelay / 2 } }

    /// Client clock speed relative to the server's, in parts per million (positive: the
    /// server clock runs faster). Nil until history spans at least a minute.
    public var driftPPM: Double? {
        guard history.count >= 3, let first = history.first, let last = history.last, last.clientTime - first.clientTime >= 60_000_000 else { return nil }
        let fit = LinearFit(history.map { (x: Double($0.clientTime - first.clientTime), y: Double($0.offset)) })
        return fit?.slope.map { $0 * 1_000_000 }
    }

    /// Converts a client clock reading to server time, correcting for drift since the best sample.
    public func serverTime(forClientTime clientTime: Int64) -> Int64? {
        guard let best else { return nil }
        var time = clientTime + best.offset
        if let drift = driftPPM {
            let sampleTime = (best.t0 + best.t3) / 2
            time += Int64(Double(clientTime - sampleTime) * drift / 1_000_000)
        }
        return time
    }
}
