/// How long this player takes to carry out commands, learned from how they landed: its start
/// and seek latencies and, where it starts on schedule, how far from the instant it lands.
/// From them come the lead of a scheduled start and the smallest error worth correcting.
public struct PlayerLatencyModel: Sendable {
    public private(set) var start: LatencyEstimator
    public private(set) var seek: LatencyEstimator
    /// How far scheduled starts landed from their instant (positive: late), in ms.
    public private(set) var scheduleError: LatencyEstimator
    /// Extra lead on top of the slowest preparation seen, for scheduled starts.
    let scheduleMarginMs: Double

    init(defaultStartMs: Double, defaultSeekMs: Double, scheduleMarginMs: Double) {
        start = LatencyEstimator(defaultMs: defaultStartMs)
        seek = LatencyEstimator(defaultMs: defaultSeekMs)
        scheduleError = LatencyEstimator(defaultMs: 0)
        self.scheduleMarginMs = scheduleMarginMs
    }

    /// The correction threshold in force: not below what this player's corrections can achieve,
    /// but never past the in-sync figure (unless configured so, as for Spotify Connect), so that
    /// the status holds. A Chromium page beside a CPU hog learned a 100 ms spread and sat
    /// 107.9 ms from the host for good, its status "catching up" with nothing done.
    func thresholdMs(configuredMs: Double, scheduled: Bool) -> Double {
        let spread = scheduled ? (scheduleError.samplesMs.map(abs).max() ?? 0) : (seek.spreadMs ?? 0)
        return min(max(configuredMs, spread + 10), max(configuredMs, InSync.thresholdMs))
    }

    /// Lead time for a scheduled start: the slowest preparation seen plus the margin.
    func scheduleLeadMs(_ kind: PendingLanding.Kind) -> Double {
        let estimator = kind == .start ? start : seek
        let slowest = estimator.samplesMs.max() ?? estimator.defaultMs * 2
        return slowest + scheduleMarginMs
    }

    mutating func learn(from pending: PendingLanding, landed: ServerTime) {
        let latency = pending.issuedAt.milliseconds(to: landed)
        // Within the margin is this player's precision (it sets the correction threshold).
        // Later than that, preparing took longer than the lead: a latency to plan for next
        // time (counted as precision, it stopped corrections for good). Only such overruns say
        // how long preparing takes; an on-time landing recorded as one lengthened every next
        // lead by the margin.
        if let scheduledAt = pending.scheduledAt, scheduledAt.milliseconds(to: landed) <= scheduleMarginMs {
            scheduleError.record(scheduledAt.milliseconds(to: landed))
            return
        }
        switch pending.kind {
        case .start: start.record(latency)
        case .seek: seek.record(latency)
        }
    }

    /// The device's clock stepped: what was measured on it is learned again.
    mutating func forget() {
        start.forget()
        seek.forget()
        scheduleError.forget()
    }
}
