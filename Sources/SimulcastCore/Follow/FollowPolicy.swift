/// Decides what a listener's player should do to stay with the room. A pure state
/// machine: feed it room states and player observations (with server times), get commands.
/// It is made of parts, each a small value with its own tests, and follow.js has the same
/// parts: `FollowTarget` (where the room is at an instant), `PlayerLatencyModel` (how long
/// this player takes), `RateLearner` (how fast its audio runs), `NextTrackPlanner` (the next
/// track on the boundary) and the decision step (`decide`, in FollowPolicy+Decide.swift).
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
///   next track on the predicted boundary instead of waiting to hear of the change.
public struct FollowPolicy: Sendable {
    public let configuration: Configuration
    public private(set) var room: RoomState?
    public internal(set) var latency: PlayerLatencyModel
    var rate = RateLearner()
    var nextTrack = NextTrackPlanner()
    /// How long this listener's sound takes from the player to the ear (Bluetooth: 150-300 ms),
    /// in ms: the player is aimed that far ahead of the room, so the ear hears the host's ear.
    /// May change at any time (a slider, a calibration); the next reading acts on it.
    public var outputLatencyMs: Double = 0
    public private(set) var status: FollowStatus = .waitingForRoom
    /// Latest measured error against the room (positive: the listener is ahead), in ms.
    public private(set) var syncErrorMs: Double?
    /// Corrections made because the player drifted or landed off, not because the host acted.
    public internal(set) var correctionsThisTrack = 0
    var pending: PendingLanding?
    var lastCorrectionAt: ServerTime?
    var stoppedForTrack: String?

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.latency = PlayerLatencyModel(
            defaultStartMs: configuration.defaultStartLatencyMs, defaultSeekMs: configuration.defaultSeekLatencyMs,
            scheduleMarginMs: configuration.scheduleMarginMs)
    }

    public var startLatency: LatencyEstimator { latency.start }
    public var seekLatency: LatencyEstimator { latency.seek }
    /// How far scheduled starts landed from their instant (positive: late), in ms.
    public var scheduleError: LatencyEstimator { latency.scheduleError }
    /// How fast this player's audio runs against the room, in ms per second (0.05 = 50 ppm).
    public var rateErrorMsPerSecond: Double? { rate.msPerSecond }

    /// The correction threshold in force: never below what this player's corrections can achieve.
    public var effectiveSeekThresholdMs: Double {
        latency.thresholdMs(configuredMs: configuration.seekThresholdMs, scheduled: configuration.canScheduleStart)
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
        latency.forget()
        pending = nil
        lastCorrectionAt = nil
        rate.forget()
    }

    /// The player was busy with something of its own (an ad, a stall) and plays again: what
    /// the policy was waiting for is dropped (the wait is no latency to learn, and a landing
    /// expected before it is stale) while what it learned of the player's latencies carries
    /// over. The listener page renews its policy the same way (`listener-follower.js`).
    public mutating func playerWaited() {
        pending = nil
        lastCorrectionAt = nil
        stoppedForTrack = nil
        nextTrack = NextTrackPlanner()
        rate.forget()
    }

    /// A new `room.state`. Returns nothing by itself: the next observation acts on it, so
    /// that every decision is made against a fresh reading of the player.
    public mutating func roomStateReceived(_ state: RoomState) {
        if let current = room, state.seq < current.seq, current.seq != Int.min { return }
        if room?.track?.source.id != state.track?.source.id { correctionsThisTrack = 0 }
        // A host action (pause, seek, skip) invalidates whatever we were waiting for, except
        // the change we predicted: the next track is already starting.
        if let current = room, nextTrack.started != nil, Self.sameTimeline(current, state, toleranceMs: Self.reanchorToleranceMs) {
            // Re-anchored near the end (the host's clock estimate moved): the planned start stands.
            room = state
            return
        }
        if let current = room, !Self.sameTimeline(current, state) {
            let predicted = nextTrack.started.map { state.track?.source.id == $0.nextSourceId } ?? false
            if !predicted {
                pending = nil
                lastCorrectionAt = nil
            }
            nextTrack.clear()
            rate.restartTrail()
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

    /// A fresh reading of the player; returns what to do now. The decision's status and error
    /// become the listener's.
    public mutating func playerObserved(_ observation: ServerPlayerReading) -> [PlayerCommand] {
        let decision = decide(observation)
        status = decision.status
        syncErrorMs = decision.syncErrorMs
        return decision.commands
    }
}
