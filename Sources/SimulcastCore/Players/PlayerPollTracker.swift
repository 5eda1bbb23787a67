/// Turns polls of a player into playback changes and says when to poll next. Pure: the
/// Spotify Web API source and the MPRIS source feed it answers stamped with local times.
///
/// While a track plays, each answer pins the timeline (`position - time`) inside an interval
/// as wide as the round trip; intersecting successive intervals keeps the tightest estimate
/// (the same idea as keeping the lowest-delay clock sample). An answer far outside the
/// interval is a seek; one slightly outside replaces it (the service's own jitter).
///
/// Polling is adaptive: fast for a few polls after a change (seeks and skips come in runs),
/// aimed just past the expected end of the track, slower while paused or idle, and backing
/// off on errors, never sooner than `Retry-After`.
public struct PlayerPollTracker: Sendable {
    public struct Configuration: Hashable, Sendable {
        /// A jump larger than this is a seek; Spotify's reported position jitters by a few
        /// hundred ms, so smaller differences are only re-anchoring.
        public var seekToleranceMs: Double = 1200
        /// A paused position that moves by more than this was seeked while paused.
        public var pausedSeekToleranceMs: Double = 250
        /// Publish a better estimate only when it moves the anchor by more than this.
        public var reanchorStepMs: Double = 40
        public var playingIntervalMs: Double = 2000
        public var pausedIntervalMs: Double = 1500
        public var idleIntervalMs: Double = 5000
        public var burstIntervalMs: Double = 500
        public var burstPolls: Int = 3
        /// Poll this long after the expected end of a track, to catch the next one.
        public var trackEndLeadMs: Double = 400
        public var idleStopAfterMs: Double = 120_000
        public var maximumBackoffMs: Double = 30_000

        public init() {}
    }

    /// The host's timeline as one anchor at this clock's zero, with the uncertainty the polls
    /// leave: playing, the bounds of the position at `reference` that every answer so far
    /// allows; paused, the position itself (lo == hi).
    struct Timeline: Hashable, Sendable {
        static let reference = LocalTime(micros: 0)

        var trackId: String
        var durationMs: Double?
        var playing: Bool
        var low: Double
        var high: Double
        /// The value of `base` last published.
        var published: Double

        var base: Double { (low + high) / 2 }
        var anchor: LocalAnchor { LocalAnchor(positionMs: base, at: Self.reference) }

        func positionMs(at time: LocalTime) -> Double { anchor.position(at: time, playing: playing) }

        /// Where a track read at `progressMs` at `time`, and playing since, stood at `reference`.
        static func referencePosition(_ progressMs: Double, readAt time: LocalTime) -> Double {
            LocalAnchor(positionMs: progressMs, at: time).position(at: reference, playing: true)
        }
    }

    public let configuration: Configuration
    private(set) var timeline: Timeline?
    private var inAdvert = false
    private var idleSince: LocalTime?
    private var burstRemaining = 0
    private var consecutiveFailures = 0
    private var notBefore: LocalTime?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The id of the track the player is on, as far as the polls know.
    public var trackId: String? { timeline?.trackId }

    /// The host's position at `time` as estimated so far.
    public func positionMs(at time: LocalTime) -> Double? { timeline?.positionMs(at: time) }

    /// Whether the player is playing, as far as the polls know.
    public var isPlaying: Bool { timeline?.playing ?? false }

    /// The player was just told to change (a follower's own command): poll at the burst pace
    /// to see it land, as after a change the polls found.
    public mutating func expectChange() { burstRemaining = configuration.burstPolls }

    public mutating func observe(_ state: PolledPlayerState) -> [PlayerPollChange] {
        consecutiveFailures = 0
        notBefore = nil
        if burstRemaining > 0 { burstRemaining -= 1 }
        let changes = changes(for: state)
        if !changes.isEmpty { burstRemaining = configuration.burstPolls }
        return changes
    }

    private mutating func changes(for state: PolledPlayerState) -> [PlayerPollChange] {
        let at = state.midpoint
        switch state.value {
        case .nothing:
            let since = idleSince ?? state.receivedAt
            idleSince = since
            inAdvert = false
            guard var timeline else { return [] }
            if since.milliseconds(to: state.receivedAt) >= configuration.idleStopAfterMs {
                self.timeline = nil
                return [.stopped(at: at)]
            }
            guard timeline.playing else { return [] }
            let position = timeline.positionMs(at: state.sentAt)
            timeline.playing = false
            timeline.low = position
            timeline.high = position
            timeline.published = position
            self.timeline = timeline
            return [.paused(positionMs: position, at: state.sentAt)]

        case .advert:
            idleSince = nil
            guard !inAdvert else { return [] }
            inAdvert = true
            timeline = nil
            return [.advert(at: at)]

        case .track(let id, let durationMs, let progressMs, let playing):
            idleSince = nil
            let wasAdvert = inAdvert
            inAdvert = false
            // Playing, the answer pins the timeline between these: read at the latest when it
            // arrived, at the earliest when the question left.
            let low = Timeline.referencePosition(progressMs, readAt: state.receivedAt)
            let high = Timeline.referencePosition(progressMs, readAt: state.sentAt)
            guard var timeline, timeline.trackId == id, !wasAdvert else {
                var fresh = Timeline(trackId: id, durationMs: durationMs, playing: playing, low: progressMs, high: progressMs, published: progressMs)
                if playing {
                    (fresh.low, fresh.high) = (low, high)
                    fresh.published = fresh.base
                }
                self.timeline = fresh
                return [.started(trackId: id, positionMs: fresh.positionMs(at: at), playing: playing, at: at)]
            }
            timeline.durationMs = durationMs ?? timeline.durationMs
            defer { self.timeline = timeline }
            if timeline.playing != playing {
                if playing {
                    timeline.playing = true
                    (timeline.low, timeline.high) = (low, high)
                    timeline.published = timeline.base
                    return [.resumed(positionMs: timeline.positionMs(at: at), at: at)]
                }
                timeline.playing = false
                (timeline.low, timeline.high, timeline.published) = (progressMs, progressMs, progressMs)
                return [.paused(positionMs: progressMs, at: at)]
            }
            if !playing {
                guard abs(progressMs - timeline.base) > configuration.pausedSeekToleranceMs else { return [] }
                (timeline.low, timeline.high, timeline.published) = (progressMs, progressMs, progressMs)
                return [.seeked(positionMs: progressMs, at: at)]
            }
            let gap = max(low - timeline.high, timeline.low - high, 0)
            if gap > configuration.seekToleranceMs {
                (timeline.low, timeline.high) = (low, high)
                timeline.published = timeline.base
                return [.seeked(positionMs: timeline.positionMs(at: at), at: at)]
            }
            if gap > 0 {
                (timeline.low, timeline.high) = (low, high)
            } else {
                (timeline.low, timeline.high) = (max(low, timeline.low), min(high, timeline.high))
            }
            guard abs(timeline.base - timeline.published) > configuration.reanchorStepMs else { return [] }
            timeline.published = timeline.base
            return [.reanchored(positionMs: timeline.positionMs(at: at), at: at)]
        }
    }

    /// A poll failed (network, 5xx, 429); `retryAfterMs` is the service's own wish.
    public mutating func failed(at time: LocalTime, retryAfterMs: Double? = nil) {
        consecutiveFailures += 1
        let backoff = min(configuration.maximumBackoffMs, configuration.playingIntervalMs * Double(1 << min(consecutiveFailures - 1, 10)))
        notBefore = time.advanced(byMilliseconds: max(backoff, retryAfterMs ?? 0))
    }

    /// When to poll next, given that the last poll finished at `now`.
    public func nextPoll(now: LocalTime) -> LocalTime {
        if let notBefore { return max(notBefore, now) }
        let interval: Double
        if burstRemaining > 0 {
            interval = configuration.burstIntervalMs
        } else if inAdvert || timeline == nil {
            interval = configuration.idleIntervalMs
        } else if timeline?.playing == true {
            interval = configuration.playingIntervalMs
        } else {
            interval = configuration.pausedIntervalMs
        }
        var next = now.advanced(byMilliseconds: interval)
        if let timeline, timeline.playing, let duration = timeline.durationMs {
            let remaining = duration - timeline.positionMs(at: now)
            // Well past the end the player is not moving on (paused elsewhere, lagging):
            // stop hurrying.
            guard remaining > -3000 else { return next }
            let end = now.advanced(byMilliseconds: remaining + configuration.trackEndLeadMs)
            if end < next { next = max(end, now.advanced(byMilliseconds: configuration.burstIntervalMs)) }
        }
        return next
    }
}
