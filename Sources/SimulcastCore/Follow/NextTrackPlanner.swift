/// Starts the host's next queued track on the predicted end of the current one, instead of
/// waiting to hear of the change: scheduled where the player can, else loaded ahead by the
/// learned start latency. A skip by hand cannot be predicted; it is followed when it arrives.
struct NextTrackPlanner: Sendable {
    /// The next track started ahead of the host: the source it follows, the next source, and
    /// the boundary (server time) it was started on.
    struct Start: Hashable, Sendable {
        var afterSourceId: String
        var nextSourceId: String
        var boundary: ServerTime
    }

    /// A start that is due now: what to remember, what to wait for, and the command.
    struct Plan: Hashable, Sendable {
        var start: Start
        var landing: PendingLanding
        var command: PlayerCommand
    }

    /// How long past a predicted boundary the host's own change may take to arrive before the
    /// prediction is given up (the room then holds at the end, as it says).
    static let hostChangeGraceMicros: Microseconds = 3_000_000
    /// Observations come every 100 ms or so: a scheduled start is decided one early rather
    /// than one late (it waits for its instant); a plain load cannot start before it is asked.
    static let observationAllowanceMs = 150.0

    private(set) var started: Start?

    /// The next track's start, if it is due at `now`: the room plays, this player plays the
    /// current track with nothing pending, and the next one matched here.
    func due(
        room: RoomState, current: TrackMetadata, playingTarget: Bool, now: ServerTime, configuration: FollowPolicy.Configuration,
        latency: PlayerLatencyModel, outputLatencyMs: Double
    ) -> Plan? {
        guard configuration.startsNextTrackOnTime, room.playing, playingTarget,
            let boundary = FollowTarget.trackEnd(of: room, outputLatencyMs: outputLatencyMs), let next = room.queue.first,
            let nextMatch = next.match(for: configuration.service, storefront: configuration.storefront), nextMatch.isMatched, let nextTarget = nextMatch.track
        else { return nil }
        let scheduled = configuration.canScheduleStart
        let lead = scheduled ? latency.scheduleLeadMs(.start) : latency.start.predictedMs
        let allowance = scheduled ? Self.observationAllowanceMs : 0
        guard now.milliseconds(to: boundary) <= lead + allowance, boundary > now.advanced(by: -1_000_000) else { return nil }
        let start = Start(afterSourceId: current.id, nextSourceId: next.source.id, boundary: boundary)
        if scheduled {
            let landing = PendingLanding(kind: .start, trackId: nextTarget.id, positionMs: 0, issuedAt: now, scheduledAt: boundary)
            return Plan(start: start, landing: landing, command: .start(trackId: nextTarget.id, positionMs: 0, atServerTime: boundary))
        }
        // Audio begins a start latency from now: at the boundary, or that far into the track if late.
        let position = max(0, boundary.milliseconds(to: now) + latency.start.predictedMs)
        let landing = PendingLanding(kind: .start, trackId: nextTarget.id, positionMs: position, issuedAt: now)
        return Plan(start: start, landing: landing, command: .load(trackId: nextTarget.id, positionMs: position, play: true))
    }

    mutating func began(_ start: Start) { started = start }

    /// The host moved on (as predicted or not), or the prediction was given up.
    mutating func clear() { started = nil }

    /// Waiting for the host's change to the planned track, within the grace.
    func awaitsHost(after sourceId: String, at now: ServerTime) -> Bool? {
        guard let started, started.afterSourceId == sourceId else { return nil }
        return now < started.boundary.advanced(by: Self.hostChangeGraceMicros)
    }
}
