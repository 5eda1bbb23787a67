/// Decides what a listener's player should do to stay with the room. A pure state
/// machine: feed it room states and player observations (with server times), get commands.
///
/// Rules, each answering a known failure of listen-along systems:
/// - start a new track at the target plus this player's predicted start latency, or, where
///   the player can start on schedule, prepare it and start it at a set instant;
/// - after any command, wait until the player has visibly landed before judging it, and
///   learn how long that took, so a seek that lands short is never chased in a loop;
/// - correct only errors larger than a correction can fix (the configured threshold, or this
///   player's own spread if larger), and at most once per `minimumCorrectionIntervalMs`;
/// - never ask the room to wait: a slow player only affects itself; no rate changes;
/// - when the host has gone, let the track finish and hold;
/// - when the current track will end and the host's queue says what comes next, start the
///   next track on the predicted boundary instead of waiting to hear of the change (a skip by
///   hand cannot be predicted: it is followed when it arrives).
public struct FollowPolicy: Sendable {
    public struct Configuration: Hashable, Sendable {
        public var service: MusicService
        public var storefront: String
        /// Smallest error worth a correction, in ms.
        public var seekThresholdMs: Double
        public var minimumCorrectionIntervalMs: Double
        public var defaultStartLatencyMs: Double
        public var defaultSeekLatencyMs: Double
        /// Give up waiting for a command to land after this long and look again.
        public var landingTimeoutMs: Double
        /// The player can prepare a track and start it at a given instant (AVPlayer's
        /// `setRate(_:time:atHostTime:)`, Web Audio's `start(when)`, MusicKit's prepare + play).
        public var canScheduleStart: Bool
        /// Extra lead on top of the slowest preparation seen, for scheduled starts.
        public var scheduleMarginMs: Double
        /// Start the host's next queued track at the predicted end of the current one.
        public var startsNextTrackOnTime: Bool

        public init(
            service: MusicService,
            storefront: String,
            seekThresholdMs: Double = 35,
            minimumCorrectionIntervalMs: Double = 1500,
            defaultStartLatencyMs: Double = 300,
            defaultSeekLatencyMs: Double = 100,
            landingTimeoutMs: Double = 5000,
            canScheduleStart: Bool = false,
            scheduleMarginMs: Double = 60,
            startsNextTrackOnTime: Bool = true
        ) {
            self.service = service
            self.storefront = storefront
            self.seekThresholdMs = seekThresholdMs
            self.minimumCorrectionIntervalMs = minimumCorrectionIntervalMs
            self.defaultStartLatencyMs = defaultStartLatencyMs
            self.defaultSeekLatencyMs = defaultSeekLatencyMs
            self.landingTimeoutMs = landingTimeoutMs
            self.canScheduleStart = canScheduleStart
            self.scheduleMarginMs = scheduleMarginMs
            self.startsNextTrackOnTime = startsNextTrackOnTime
        }
    }

    /// A command the player has been given but has not visibly carried out yet.
    struct PendingLanding: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case start, seek }
        var kind: Kind
        var trackId: String
        var positionMs: Double
        var issuedAt: ServerTime
        /// For scheduled starts: when audio was asked to begin.
        var scheduledAt: ServerTime?
    }

    /// The next track started ahead of the host: the source it follows, the next source, and
    /// the boundary (server time) it was started on.
    struct NextTrackStart: Hashable, Sendable {
        var afterSourceId: String
        var nextSourceId: String
        var boundary: ServerTime
    }

    /// How long past a predicted boundary the host's own change may take to arrive before
    /// the prediction is given up (the room then holds at the end, as it says).
    static let hostChangeGraceMicros: Microseconds = 3_000_000

    public let configuration: Configuration
    public private(set) var room: RoomState?
    public private(set) var startLatency: LatencyEstimator
    public private(set) var seekLatency: LatencyEstimator
    /// How far scheduled starts landed from their instant (positive: late), in ms.
    public private(set) var scheduleError: LatencyEstimator
    public private(set) var status: FollowStatus = .waitingForRoom
    /// Latest measured error against the room (positive: the listener is ahead), in ms.
    public private(set) var syncErrorMs: Double?
    /// Corrections made because the player drifted or landed off, not because the host acted.
    public private(set) var correctionsThisTrack = 0
    var pending: PendingLanding?
    var lastCorrectionAt: ServerTime?
    /// Errors measured since the player last landed: their slope is the player's rate error.
    var errorTrail: [(serverTime: ServerTime, errorMs: Double)] = []
    /// How fast this player's audio runs against the room, in ms per second (0.05 = 50 ppm).
    public private(set) var rateErrorMsPerSecond: Double?
    var stoppedForTrack: String?
    var nextTrackStart: NextTrackStart?

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.startLatency = LatencyEstimator(defaultMs: configuration.defaultStartLatencyMs)
        self.seekLatency = LatencyEstimator(defaultMs: configuration.defaultSeekLatencyMs)
        self.scheduleError = LatencyEstimator(defaultMs: 0)
    }

    /// The correction threshold in force: never below what this player's corrections can achieve.
    public var effectiveSeekThresholdMs: Double {
        let spread =
            configuration.canScheduleStart
            ? (scheduleError.samplesMs.map(abs).max() ?? 0)
            : (seekLatency.spreadMs ?? 0)
        return max(configuration.seekThresholdMs, spread + 10)
    }

    /// The track this listener should be playing, if the room has one and it matched.
    public var targetMatch: MatchResult? {
        room?.track?.match(for: configuration.service, storefront: configuration.storefront)
    }

    /// Call after a reconnect: the server may have restarted, so its `seq` may start over.
    public mutating func connectionRestarted() {
        room = room.map {
            var r = $0; r.seq = Int.min; return r
        }
    }

    /// The device's clock stepped (`ClockSync` saw it): latencies, rate and correction times
    /// were measured on it, and a spread learned across a step raised the correction
    /// threshold past the errors it should correct. They are learned again.
    public mutating func clockStepped() {
        startLatency.forget()
        seekLatency.forget()
        scheduleError.forget()
        pending = nil
        lastCorrectionAt = nil
        errorTrail = []
        rateErrorMsPerSecond = nil
    }

    /// A new `room.state`. Returns nothing by itself: the next observation acts on it, so
    /// that every decision is made against a fresh reading of the player.
    public mutating func roomStateReceived(_ state: RoomState) {
        if let current = room, state.seq < current.seq, current.seq != Int.min { return }
        if room?.track?.source.id != state.track?.source.id { correctionsThisTrack = 0 }
        // A host action (pause, seek, skip) invalidates whatever we were waiting for, except
        // the change we predicted: the next track is already starting.
        if let current = room, nextTrackStart != nil, Self.sameTimeline(current, state, toleranceMs: Self.reanchorToleranceMs) {
            // Re-anchored near the end (the host's clock estimate moved): the planned start stands.
            room = state
            return
        }
        if let current = room, !Self.sameTimeline(current, state) {
            let predicted = nextTrackStart.map { state.track?.source.id == $0.nextSourceId } ?? false
            if !predicted {
                pending = nil
                lastCorrectionAt = nil
            }
            nextTrackStart = nil
            errorTrail = []
        }
        room = state
    }

    /// True when `next` only re-anchors what `current` already said (a heartbeat), rather
    /// than the host pausing, seeking or skipping. The same recording is the same id on the
    /// same service: metadata that improves under it (tags arriving after a file name,
    /// artwork) is not a host action. follow.js holds the same rule.
    static func sameTimeline(_ current: RoomState, _ next: RoomState, toleranceMs: Double = 50) -> Bool {
        guard current.track?.source.id == next.track?.source.id, current.track?.source.service == next.track?.source.service,
            current.playing == next.playing
        else { return false }
        // The host said so: a heartbeat or a re-measured player, however far it moved the anchor.
        if next.intent == .reanchor { return true }
        // Older hosts say nothing: an anchor within the tolerance of the old timeline is taken as one.
        let projected = current.anchor.position(at: next.anchor.time, playing: current.playing)
        return abs(projected - next.anchor.positionMs) < toleranceMs
    }

    /// While the next track waits for its boundary, a heartbeat this close to the old timeline
    /// is a re-anchor; a host's seek moves further.
    static let reanchorToleranceMs = 1_000.0

    /// A fresh reading of the player; returns what to do now.
    public mutating func playerObserved(_ observation: ServerPlayerReading) -> [PlayerCommand] {
        guard let room else {
            status = .waitingForRoom
            return []
        }
        guard let source = room.track?.source else {
            status = .waitingForHost
            return observation.playing ? [.pause] : []
        }
        guard let match = targetMatch, match.isMatched, let target = match.track else {
            let reason = targetMatch.map { $0.reasons.last ?? "no match on \(configuration.service)" } ?? "matching on \(configuration.service)"
            status = targetMatch == nil ? .matching : .noMatch(reason: reason)
            syncErrorMs = nil
            if targetMatch != nil, stoppedForTrack != source.id {
                stoppedForTrack = source.id
                pending = nil
                return [.stop(reason: reason)]
            }
            return []
        }
        stoppedForTrack = nil
        let now = observation.time
        // Stamped later than now: they were read off a clock that has since stepped back (a
        // step seen and undone by clock sync); waiting for them would hold corrections off
        // for as long as the step was.
        if let last = lastCorrectionAt, last > now { lastCorrectionAt = nil }
        if let issued = pending?.issuedAt, issued > now { pending = nil }
        let targetPosition = room.targetPositionMs(atServerTime: now)
        let trackEnded = room.playing && (source.durationMs.map { targetPosition >= Double($0) } ?? false)

        if let started = nextTrackStart, started.afterSourceId == source.id {
            // The next track is starting on the predicted boundary; the host's change will say so.
            if now < started.boundary.advanced(by: Self.hostChangeGraceMicros) {
                status = .starting
                syncErrorMs = nil
                return []
            }
            // The host did not move on as predicted: the room's word counts again.
            nextTrackStart = nil
            pending = nil
            if trackEnded {
                status = .holding
                return observation.playing ? [.pause] : []
            }
        }

        if observation.trackId != target.id, pending?.trackId != target.id {
            syncErrorMs = nil
            return startTrack(target.id, room: room, now: now)
        }

        if let pending {
            if let landed = landingTime(of: pending, observation: observation) {
                learn(from: pending, landed: landed)
                self.pending = nil
                errorTrail = []
            } else if pending.issuedAt.milliseconds(to: now) > configuration.landingTimeoutMs {
                self.pending = nil
            } else {
                status = pending.kind == .start ? .starting : .seeking
                return []
            }
        }

        if let command = startNextTrackIfDue(room: room, current: source, playingTarget: observation.trackId == target.id, now: now) {
            return [command]
        }

        if !room.playing || trackEnded {
            syncErrorMs = nil
            status = trackEnded ? .holding : .paused
            if observation.playing { return [.pause] }
            // Prepare the paused player at the room's position, so resuming is only a start.
            if !trackEnded, abs(observation.positionMs - targetPosition) > effectiveSeekThresholdMs {
                return [.seek(positionMs: targetPosition, play: false)]
            }
            return []
        }

        if !observation.playing {
            // Room plays, player paused on the right track (a resume, or a stalled player).
            return reposition(target.id, room: room, now: now, countAsCorrection: false)
        }

        let error = observation.positionMs - targetPosition
        syncErrorMs = error
        status = .following(errorMs: error)
        if abs(error) <= effectiveSeekThresholdMs { recordError(error, at: now) }
        let sinceCorrection = lastCorrectionAt.map { $0.milliseconds(to: now) } ?? .infinity
        guard abs(error) > effectiveSeekThresholdMs, sinceCorrection >= configuration.minimumCorrectionIntervalMs else {
            return []
        }
        return reposition(target.id, room: room, now: now, countAsCorrection: true)
    }

    /// Near the predicted end of the current track, starts the host's next queued track (if it
    /// matched here) so that it begins on the boundary: scheduled where the player can, else
    /// loaded ahead by the learned start latency.
    mutating func startNextTrackIfDue(room: RoomState, current: TrackMetadata, playingTarget: Bool, now: ServerTime) -> PlayerCommand? {
        guard configuration.startsNextTrackOnTime, room.playing, playingTarget, pending == nil, let duration = current.durationMs,
            let next = room.queue.first, let nextMatch = next.match(for: configuration.service, storefront: configuration.storefront),
            nextMatch.isMatched, let nextTarget = nextMatch.track
        else { return nil }
        let boundary = room.anchor.time.advanced(byMilliseconds: Double(duration) - room.anchor.positionMs)
        let lead = configuration.canScheduleStart ? scheduleLeadMs(.start) : startLatency.predictedMs
        // Observations come every 100 ms or so: a scheduled start is decided one early rather
        // than one late (it waits for its instant); a plain load cannot start before it is asked.
        let allowance = configuration.canScheduleStart ? Self.observationAllowanceMs : 0
        guard now.milliseconds(to: boundary) <= lead + allowance, boundary > now.advanced(by: -1_000_000) else { return nil }
        nextTrackStart = NextTrackStart(afterSourceId: current.id, nextSourceId: next.source.id, boundary: boundary)
        status = .starting
        if configuration.canScheduleStart {
            pending = PendingLanding(kind: .start, trackId: nextTarget.id, positionMs: 0, issuedAt: now, scheduledAt: boundary)
            return .start(trackId: nextTarget.id, positionMs: 0, atServerTime: boundary)
        }
        // Audio begins a start latency from now: at the boundary, or that far into the track if late.
        let position = max(0, boundary.milliseconds(to: now) + startLatency.predictedMs)
        pending = PendingLanding(kind: .start, trackId: nextTarget.id, positionMs: position, issuedAt: now)
        return .load(trackId: nextTarget.id, positionMs: position, play: true)
    }

    static let observationAllowanceMs = 150.0

    /// Learns the player's rate error from how its error grows between corrections (a least-
    /// squares slope over at least 30 s of steady playing), smoothed across tracks.
    mutating func recordError(_ error: Double, at time: ServerTime) {
        errorTrail.append((time, error))
        if errorTrail.count > 3_000 { errorTrail.removeFirst(errorTrail.count - 3_000) }
        guard let first = errorTrail.first, first.serverTime.distance(to: time) >= 30_000_000, errorTrail.count >= 20, errorTrail.count % 10 == 0 else {
            return
        }
        let points = errorTrail.map { (x: Double(first.serverTime.distance(to: $0.serverTime)) / 1_000_000, y: $0.errorMs) }
        guard let fit = LinearFit(points), let slope = fit.slope else { return }
        // Trust only a clean line (a plausible clock error, most of the variation explained):
        // on a jittery network, clock-sync noise would otherwise pass for drift.
        let total = points.reduce(0) { $0 + ($1.y - fit.meanY) * ($1.y - fit.meanY) }
        let explained = total > 0 ? slope * slope * fit.varianceX * Double(fit.count) / total : 0
        guard abs(slope) < 0.5, explained >= 0.8 else { return }
        rateErrorMsPerSecond = slope
    }

    /// Where to aim a scheduled start: a player running fast by r starts r·T/2 behind, so
    /// over the T seconds left its error swings from -r·T/2 to +r·T/2 instead of 0 to r·T.
    func driftAimMs(room: RoomState, position: Double) -> Double {
        guard let rate = rateErrorMsPerSecond, let duration = room.track?.source.durationMs else { return 0 }
        let remaining = max(0, Double(duration) - position) / 1000
        // Aim at most 10 ms off: 50 ppm over a 6-minute track needs 9; more would be noise.
        let bound = 10.0
        return min(max(rate * remaining / 2, -bound), bound)
    }

    /// Lead time for a scheduled start: the slowest preparation seen plus a margin.
    func scheduleLeadMs(_ kind: PendingLanding.Kind) -> Double {
        let estimator = kind == .start ? startLatency : seekLatency
        let slowest = estimator.samplesMs.max() ?? estimator.defaultMs * 2
        return slowest + configuration.scheduleMarginMs
    }

    private mutating func startTrack(_ trackId: String, room: RoomState, now: ServerTime) -> [PlayerCommand] {
        let targetPosition = room.targetPositionMs(atServerTime: now)
        if let duration = room.track?.source.durationMs, room.playing, targetPosition >= Double(duration) {
            status = .holding
            return []
        }
        guard room.playing else {
            pending = nil
            status = .paused
            return [.load(trackId: trackId, positionMs: targetPosition, play: false)]
        }
        lastCorrectionAt = now
        correctionsThisTrack = 0
        status = .starting
        if configuration.canScheduleStart {
            let at = now.advanced(byMilliseconds: scheduleLeadMs(.start))
            let target = room.targetPositionMs(atServerTime: at)
            let position = target - driftAimMs(room: room, position: target)
            pending = PendingLanding(kind: .start, trackId: trackId, positionMs: position, issuedAt: now, scheduledAt: at)
            return [.start(trackId: trackId, positionMs: position, atServerTime: at)]
        }
        let position = targetPosition + startLatency.predictedMs
        pending = PendingLanding(kind: .start, trackId: trackId, positionMs: position, issuedAt: now)
        return [.load(trackId: trackId, positionMs: position, play: true)]
    }

    /// Moves a loaded player to where the room is: a scheduled start, or a compensated seek.
    private mutating func reposition(_ trackId: String, room: RoomState, now: ServerTime, countAsCorrection: Bool) -> [PlayerCommand] {
        lastCorrectionAt = now
        if countAsCorrection { correctionsThisTrack += 1 }
        status = .seeking
        if configuration.canScheduleStart {
            let at = now.advanced(byMilliseconds: scheduleLeadMs(.seek))
            let target = room.targetPositionMs(atServerTime: at)
            let position = target - driftAimMs(room: room, position: target)
            pending = PendingLanding(kind: .seek, trackId: trackId, positionMs: position, issuedAt: now, scheduledAt: at)
            return [.start(trackId: trackId, positionMs: position, atServerTime: at)]
        }
        let position = room.targetPositionMs(atServerTime: now) + seekLatency.predictedMs
        pending = PendingLanding(kind: .seek, trackId: trackId, positionMs: position, issuedAt: now)
        return [.seek(positionMs: position, play: true)]
    }

    private mutating func learn(from pending: PendingLanding, landed: ServerTime) {
        let latency = pending.issuedAt.milliseconds(to: landed)
        if let scheduledAt = pending.scheduledAt {
            let lateness = scheduledAt.milliseconds(to: landed)
            // Within the margin is this player's precision (it sets the correction threshold).
            // Later than that, preparing took longer than the lead: a latency to plan for next
            // time (counted as precision, it stopped corrections for good). Only such overruns
            // say how long preparing takes; an on-time landing recorded as one lengthened
            // every next lead by the margin.
            if lateness <= configuration.scheduleMarginMs {
                scheduleError.record(lateness)
            } else {
                switch pending.kind {
                case .start: startLatency.record(latency)
                case .seek: seekLatency.record(latency)
                }
            }
            return
        }
        switch pending.kind {
        case .start: startLatency.record(latency)
        case .seek: seekLatency.record(latency)
        }
    }

    /// When the pending command took effect, judged from the player's own position: audio
    /// that has moved past the requested position started `position - requested` ago.
    private func landingTime(of pending: PendingLanding, observation: ServerPlayerReading) -> ServerTime? {
        guard observation.trackId == pending.trackId, observation.playing else { return nil }
        let progressed = observation.positionMs - pending.positionMs
        guard progressed > 0 else { return nil }
        let landed = observation.time.advanced(byMilliseconds: -progressed)
        // A position far past what could have played since the command is the old audio still running.
        guard landed >= pending.issuedAt else { return nil }
        return landed
    }
}
