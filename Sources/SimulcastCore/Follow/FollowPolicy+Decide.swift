extension FollowPolicy {
    /// The decision step: what to do at this reading of the player. It keeps the policy's own
    /// memory (the pending command, correction times, the next-track plan) and returns the
    /// commands with the status and error the listener is shown; `syncErrorMs` carries over
    /// where nothing new was measured (waiting for the room, the host, or a command to land).
    mutating func decide(_ observation: ServerPlayerReading) -> FollowDecision {
        let previousError = syncErrorMs
        guard let room else { return FollowDecision(status: .waitingForRoom, syncErrorMs: previousError) }
        guard let source = room.track?.source else {
            return FollowDecision(observation.playing ? [.pause] : [], status: .waitingForHost, syncErrorMs: previousError)
        }
        guard let match = targetMatch, match.isMatched, let target = match.track else {
            let reason = targetMatch.map { $0.reasons.last ?? "no match on \(configuration.service)" } ?? "matching on \(configuration.service)"
            let status: FollowStatus = targetMatch == nil ? .matching : .noMatch(reason: reason)
            if targetMatch != nil, stoppedForTrack != source.id {
                stoppedForTrack = source.id
                pending = nil
                return FollowDecision([.stop(reason: reason)], status: status, syncErrorMs: nil)
            }
            return FollowDecision(status: status, syncErrorMs: nil)
        }
        stoppedForTrack = nil
        let now = observation.time
        // Stamped later than now: they were read off a clock that has since stepped back (a
        // step seen and undone by clock sync); waiting for them would hold corrections off
        // for as long as the step was.
        if let last = lastCorrectionAt, last > now { lastCorrectionAt = nil }
        if let issued = pending?.issuedAt, issued > now { pending = nil }
        let goal = FollowTarget(room: room, at: now, outputLatencyMs: outputLatencyMs)

        if let waiting = nextTrack.awaitsHost(after: source.id, at: now) {
            // The next track is starting on the predicted boundary; the host's change will say so.
            if waiting { return FollowDecision(status: .starting, syncErrorMs: nil) }
            // The host did not move on as predicted: the room's word counts again.
            nextTrack.clear()
            pending = nil
            if goal.trackEnded { return FollowDecision(observation.playing ? [.pause] : [], status: .holding, syncErrorMs: previousError) }
        }

        if observation.trackId != target.id, pending?.trackId != target.id {
            return startTrack(target.id, room: room, now: now)
        }

        if let pending {
            if let landed = pending.landingTime(observation: observation) {
                latency.learn(from: pending, landed: landed)
                self.pending = nil
                rate.restartTrail()
            } else if pending.issuedAt.milliseconds(to: now) > configuration.landingTimeoutMs {
                self.pending = nil
            } else {
                return FollowDecision(status: pending.kind == .start ? .starting : .seeking, syncErrorMs: previousError)
            }
        }

        if pending == nil,
            let plan = nextTrack.due(
                room: room, current: source, playingTarget: observation.trackId == target.id, now: now, configuration: configuration, latency: latency,
                outputLatencyMs: outputLatencyMs)
        {
            nextTrack.began(plan.start)
            pending = plan.landing
            return FollowDecision([plan.command], status: .starting, syncErrorMs: previousError)
        }

        if !room.playing || goal.trackEnded {
            let status: FollowStatus = goal.trackEnded ? .holding : .paused
            if observation.playing { return FollowDecision([.pause], status: status, syncErrorMs: nil) }
            // Prepare the paused player at the room's position, so resuming is only a start. A
            // paused seek has no timing, so the learned spread (a playing seek's) does not apply.
            if !goal.trackEnded, abs(observation.positionMs - goal.positionMs) > configuration.seekThresholdMs {
                return FollowDecision([.seek(positionMs: goal.positionMs, play: false)], status: status, syncErrorMs: nil)
            }
            return FollowDecision(status: status, syncErrorMs: nil)
        }

        if !observation.playing {
            // Room plays, player paused on the right track (a resume, or a stalled player).
            return FollowDecision(reposition(target.id, room: room, now: now, countAsCorrection: false), status: .seeking, syncErrorMs: previousError)
        }

        let error = observation.positionMs - goal.positionMs
        if abs(error) <= effectiveSeekThresholdMs { rate.record(error, at: now) }
        let sinceCorrection = lastCorrectionAt.map { $0.milliseconds(to: now) } ?? .infinity
        guard abs(error) > effectiveSeekThresholdMs, sinceCorrection >= configuration.minimumCorrectionIntervalMs else {
            return FollowDecision(status: .following(errorMs: error), syncErrorMs: error)
        }
        return FollowDecision(reposition(target.id, room: room, now: now, countAsCorrection: true), status: .seeking, syncErrorMs: error)
    }

    /// Loads the room's track: paused where the room is paused, otherwise a start at the
    /// target plus the learned latency, or a scheduled start where the player can.
    private mutating func startTrack(_ trackId: String, room: RoomState, now: ServerTime) -> FollowDecision {
        let goal = FollowTarget(room: room, at: now, outputLatencyMs: outputLatencyMs)
        if goal.trackEnded { return FollowDecision(status: .holding, syncErrorMs: nil) }
        guard room.playing else {
            pending = nil
            return FollowDecision([.load(trackId: trackId, positionMs: goal.positionMs, play: false)], status: .paused, syncErrorMs: nil)
        }
        lastCorrectionAt = now
        correctionsThisTrack = 0
        if configuration.canScheduleStart {
            return FollowDecision([scheduledStart(.start, trackId: trackId, room: room, now: now)], status: .starting, syncErrorMs: nil)
        }
        let position = goal.positionMs + latency.start.predictedMs
        pending = PendingLanding(kind: .start, trackId: trackId, positionMs: position, issuedAt: now)
        return FollowDecision([.load(trackId: trackId, positionMs: position, play: true)], status: .starting, syncErrorMs: nil)
    }

    /// Moves a loaded player to where the room is: a scheduled start, or a compensated seek.
    private mutating func reposition(_ trackId: String, room: RoomState, now: ServerTime, countAsCorrection: Bool) -> [PlayerCommand] {
        lastCorrectionAt = now
        if countAsCorrection { correctionsThisTrack += 1 }
        if configuration.canScheduleStart { return [scheduledStart(.seek, trackId: trackId, room: room, now: now)] }
        let position = FollowTarget(room: room, at: now, outputLatencyMs: outputLatencyMs).positionMs + latency.seek.predictedMs
        pending = PendingLanding(kind: .seek, trackId: trackId, positionMs: position, issuedAt: now)
        return [.seek(positionMs: position, play: true)]
    }

    /// A start at the instant one lead from now, aimed where the room will be then (less half
    /// the drift expected over the rest of the track).
    private mutating func scheduledStart(_ kind: PendingLanding.Kind, trackId: String, room: RoomState, now: ServerTime) -> PlayerCommand {
        let at = now.advanced(byMilliseconds: latency.scheduleLeadMs(kind))
        let target = FollowTarget(room: room, at: at, outputLatencyMs: outputLatencyMs).positionMs
        let position = target - rate.aimMs(durationMs: room.track?.source.durationMs, positionMs: target)
        pending = PendingLanding(kind: kind, trackId: trackId, positionMs: position, issuedAt: now, scheduledAt: at)
        return .start(trackId: trackId, positionMs: position, atServerTime: at)
    }
}
