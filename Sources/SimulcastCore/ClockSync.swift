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
    private var history: [(clientTime: LocalTime, offset: Microseconds)] = []
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
            history.append((clientTime: best.clientMidpoint, offset: best.offset))
            if history.count > 32 { history.removeFirst() }
            samplesInWindow = 0
        }
    }

    /// The sample with the lowest round-trip delay among the recent ones.
    public var best: ClockSample? { samples.min { $0.roundTripDelay < $1.roundTripDelay } }

    /// Server clock minus client clock in microseconds, as of the best sample.
    public var offset: Microseconds? { best?.offset }

    /// Half the best sample's round-trip delay: the offset is right to within this.
    public var uncertainty: Microseconds? { best.map { $0.roundTripDelay / 2 } }

    /// Client clock speed relative to the server's, in parts per million (positive: the
    /// server clock runs faster). Nil until history spans at least a minute.
    public var driftPPM: Double? {
        guard history.count >= 3, let first = history.first, let last = history.last, first.clientTime.distance(to: last.clientTime) >= 60_000_000 else {
            return nil
        }
        let fit = LinearFit(history.map { (x: Double(first.clientTime.distance(to: $0.clientTime)), y: Double($0.offset)) })
        return fit?.slope.map { $0 * 1_000_000 }
    }

    /// Converts a client clock reading to server time, correcting for drift since the best sample.
    public func serverTime(at clientTime: LocalTime) -> ServerTime? {
        guard let best else { return nil }
        var shift = best.offset
        if let drift = driftPPM {
            shift &+= Int64(Double(best.clientMidpoint.distance(to: clientTime)) * drift / 1_000_000)
        }
        return clientTime.reinterpreted(as: ServerClockDomain.self).advanced(by: shift)
    }

    /// Converts a server time to this client's clock: when something scheduled on the server's
    /// clock happens here.
    public func localTime(at serverTime: ServerTime) -> LocalTime? {
        guard let best else { return nil }
        var shift = best.offset
        if let drift = driftPPM {
            // The drift term at the server time's local estimate; a second pass changes it by
            // drift², far below a microsecond.
            let estimate = serverTime.reinterpreted(as: LocalClockDomain.self).advanced(by: -shift)
            shift &+= Int64(Double(best.clientMidpoint.distance(to: estimate)) * drift / 1_000_000)
        }
        return serverTime.reinterpreted(as: LocalClockDomain.self).advanced(by: -shift)
    }

    /// A player reading converted to server time.
    public func serverReading(_ reading: LocalPlayerReading) -> ServerPlayerReading? {
        serverTime(at: reading.time).map(reading.at)
    }
}
