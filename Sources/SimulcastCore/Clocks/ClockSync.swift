/// Estimates the offset (and drift) between a client's clock and the server's.
///
/// Every sample bounds the offset; the estimate is the middle of the interval all recent
/// samples allow, half its width the uncertainty (see `estimate`). NTP and Jellyfin SyncPlay
/// trust the one sample with the lowest round-trip delay instead; its two legs are rarely
/// equally fast, and under jitter that costs tens of ms. Drift comes from a least-squares line
/// through the best sample of each window, once the windows span enough time to tell drift
/// from noise. A step of either clock (a device's sleep freezing its clock, an NTP correction
/// of the server's) shows as an exchange the window rules out; everything before it is then
/// forgotten, drift included (see `add`).
public struct ClockSync: Sendable {
    public private(set) var samples: [ClockSample] = []
    /// Best sample of each past window: (client time, offset). Drift is fitted through these.
    private var history: [(clientTime: LocalTime, offset: Microseconds)] = []
    public let window: Int
    private var samplesInWindow = 0

    /// Samples kept and intersected (docs/PROTOCOL.md states it; a test holds the two together).
    public static let defaultWindow = 32

    public init(window: Int = ClockSync.defaultWindow) {
        self.window = max(1, window)
    }

    public var isSynchronised: Bool { !samples.isEmpty }

    /// An exchange outside what the window allows, by more than this plus what drift can
    /// explain (`stepDriftAllowancePPM`), is a clock step. The window's interval is a hard
    /// bound (no exchange can arrive before it left), so jitter never crosses it.
    public static let stepTolerance: Microseconds = 2_000
    /// Drift the window may not have accounted for, over the window's span and the time since
    /// its best exchange: any clock before drift is fitted (quartz is within ±50 ppm; the
    /// simulator's harshest devices run 150 ppm off), the fit's residual after.
    public static let stepDriftAllowancePPM = (unfitted: 200.0, fitted: 20.0)

    /// Clock steps seen so far; each one restarted the estimate from the exchange that showed it.
    public private(set) var stepsDetected = 0

    /// Adds an exchange; true when it showed a clock step (the owner should then ping densely
    /// again, as at connect, to rebuild the window).
    @discardableResult
    public mutating func add(_ sample: ClockSample) -> Bool {
        guard sample.t3 >= sample.t0, sample.t2 >= sample.t1 else { return false }  // clocks went backwards: unusable
        let stepped = contradicts(sample)
        if stepped {
            // Samples, the drift history and the drift fitted through them all describe the
            // clocks before the step; fitting a line through a step gave 10⁵ ppm.
            samples = []
            history = []
            samplesInWindow = 0
            driftPPM = nil
            stepsDetected += 1
        }
        samples.append(sample)
        if samples.count > window { samples.removeFirst(samples.count - window) }
        best = samples.min { $0.roundTripDelay < $1.roundTripDelay }
        samplesInWindow += 1
        if samplesInWindow >= window, let best {
            history.append((clientTime: best.clientMidpoint, offset: best.offset))
            if history.count > 32 { history.removeFirst() }
            samplesInWindow = 0
            driftPPM = Self.drift(through: history)
        }
        estimate = best.map { Self.intersection(of: samples, best: $0, driftPPM: driftPPM ?? 0) }
        return stepped
    }

    /// Whether `sample`'s bounds on the offset (between t2 - t3 and t1 - t0) lie outside the
    /// interval the window allows, carried to its time by the drift, by more than the tolerance.
    func contradicts(_ sample: ClockSample) -> Bool {
        guard let best, let estimate else { return false }
        guard let first = samples.first, let last = samples.last else { return false }
        let elapsed = best.clientMidpoint.distance(to: sample.clientMidpoint)
        let span = first.clientMidpoint.distance(to: last.clientMidpoint)
        let shift = Int64(Double(elapsed) * (driftPPM ?? 0) / 1_000_000)
        let allowancePPM = driftPPM == nil ? Self.stepDriftAllowancePPM.unfitted : Self.stepDriftAllowancePPM.fitted
        let tolerance = Self.stepTolerance &+ Int64(Double(elapsed.magnitude &+ span.magnitude) * allowancePPM / 1_000_000)
        let low = estimate.offset &- estimate.halfWidth &+ shift
        let high = estimate.offset &+ estimate.halfWidth &+ shift
        let sampleLow = sample.t2.micros &- sample.t3.micros
        let sampleHigh = sample.t1.micros &- sample.t0.micros
        return sampleLow &- high > tolerance || low &- sampleHigh > tolerance
    }

    /// The sample with the lowest round-trip delay among the recent ones.
    public private(set) var best: ClockSample?

    /// Client clock speed relative to the server's, in parts per million (positive: the
    /// server clock runs faster). Nil until history spans at least a minute.
    public private(set) var driftPPM: Double?

    /// Kept as samples arrive; reading the clock is then free of the work below.
    private var estimate: (offset: Microseconds, halfWidth: Microseconds)?

    /// Server clock minus client clock in microseconds, as of the best sample's time.
    public var offset: Microseconds? { estimate?.offset }

    /// Half the width of the interval the offset is known to lie in.
    public var uncertainty: Microseconds? { estimate?.halfWidth }

    /// Each sample bounds the offset: the ping cannot have arrived before it left
    /// (offset <= t1 - t0) nor the pong (offset >= t2 - t3). Every sample of the window, moved
    /// to the best sample's time by the drift, must agree, so the offset lies in their
    /// intersection: its middle is nearer the truth than one sample's middle, whose two legs
    /// are rarely equally fast. An empty intersection (a clock step) falls back to the best.
    static func intersection(of samples: [ClockSample], best: ClockSample, driftPPM: Double) -> (offset: Microseconds, halfWidth: Microseconds) {
        let reference = best.clientMidpoint
        var low = Microseconds.min
        var high = Microseconds.max
        for sample in samples {
            let shift = Int64(Double(sample.clientMidpoint.distance(to: reference)) * driftPPM / 1_000_000)
            low = max(low, (sample.t2.micros &- sample.t3.micros) &+ shift)
            high = min(high, (sample.t1.micros &- sample.t0.micros) &+ shift)
        }
        guard low <= high else { return (best.offset, best.roundTripDelay / 2) }
        return (low + (high - low) / 2, (high - low) / 2)
    }

    /// The slope of the windows' best offsets over time, once they span a minute.
    static func drift(through history: [(clientTime: LocalTime, offset: Microseconds)]) -> Double? {
        guard history.count >= 3, let first = history.first, let last = history.last, first.clientTime.distance(to: last.clientTime) >= 60_000_000 else {
            return nil
        }
        let fit = LinearFit(history.map { (x: Double(first.clientTime.distance(to: $0.clientTime)), y: Double($0.offset)) })
        return fit?.slope.map { $0 * 1_000_000 }
    }

    /// Converts a client clock reading to server time, correcting for drift since the best sample.
    public func serverTime(at clientTime: LocalTime) -> ServerTime? {
        guard let best, let estimate else { return nil }
        var shift = estimate.offset
        if let drift = driftPPM {
            shift &+= Int64(Double(best.clientMidpoint.distance(to: clientTime)) * drift / 1_000_000)
        }
        return clientTime.reinterpreted(as: ServerClockDomain.self).advanced(by: shift)
    }

    /// Converts a server time to this client's clock: when something scheduled on the server's
    /// clock happens here.
    public func localTime(at serverTime: ServerTime) -> LocalTime? {
        guard let best, let estimate else { return nil }
        var shift = estimate.offset
        if let drift = driftPPM {
            // The drift term at the server time's local estimate; a second pass changes it by
            // drift², far below a microsecond.
            let guess = serverTime.reinterpreted(as: LocalClockDomain.self).advanced(by: -shift)
            shift &+= Int64(Double(best.clientMidpoint.distance(to: guess)) * drift / 1_000_000)
        }
        return serverTime.reinterpreted(as: LocalClockDomain.self).advanced(by: -shift)
    }
}
