// Simulcast's clock sync and follow policy for the browser: a line-by-line port of
// SimulcastCore's ClockSync.swift, LatencyEstimator.swift, LinearFit.swift and
// FollowPolicy.swift. Pure: no DOM, no timers. Times are microseconds (server or client
// clock, as named), positions milliseconds. Tests/Fixtures/follow-decisions.json holds
// decisions recorded from the Swift policy; the test suite replays them here under node and
// fails on any difference, so the two cannot drift apart.
(function (root) {
  "use strict";

  // Swift's Int64(x) of a Double: truncation toward zero.
  const int = Math.trunc;

  // Ordinary least squares of y on x (LinearFit.swift).
  function linearFit(points) {
    if (points.length === 0) return null;
    const n = points.length;
    const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
    const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
    let covariance = 0, variance = 0;
    for (const p of points) {
      covariance += (p.x - meanX) * (p.y - meanY);
      variance += (p.x - meanX) * (p.x - meanX);
    }
    return { count: n, meanX, meanY, varianceX: variance / n, slope: variance > 0 ? covariance / variance : null };
  }

  // ClockSync.stepTolerance and stepDriftAllowancePPM: an exchange outside the window by
  // more than these is a clock step.
  const STEP_TOLERANCE = 2000;
  const STEP_DRIFT_ALLOWANCE_PPM = { unfitted: 200, fitted: 20 };

  // Offset (and drift) to the server's clock from time.ping/pong samples (ClockSync.swift):
  // every sample bounds the offset between t2 - t3 and t1 - t0; the estimate is the middle of
  // what all of the last `window` allow, and drift is a line through the best (lowest-delay)
  // sample of each past window once they span a minute.
  class ClockSync {
    constructor(window = 32) {
      this.window = Math.max(1, window);
      this.samples = [];
      this.history = [];
      this.samplesInWindow = 0;
      // Kept as samples arrive (ClockSync.swift): best, drift and the estimate.
      this.best = null;
      this.driftPPM = null;
      this.estimate = null;
      this.stepsDetected = 0;
    }
    static offset(s) { return int(((s.t1 - s.t0) + (s.t2 - s.t3)) / 2); }
    static roundTripDelay(s) { return Math.max(0, (s.t3 - s.t0) - (s.t2 - s.t1)); }
    static clientMidpoint(s) { return s.t0 + int((s.t3 - s.t0) / 2); }
    // True when the exchange showed a clock step (ClockSync.swift): the window, the drift
    // history and the drift are forgotten, and the caller pings densely again.
    add(t0, t1, t2, t3) {
      if (t3 < t0 || t2 < t1) return false;  // clocks went backwards: unusable
      const stepped = this.contradicts({ t0, t1, t2, t3 });
      if (stepped) {
        this.samples = [];
        this.history = [];
        this.samplesInWindow = 0;
        this.driftPPM = null;
        this.stepsDetected += 1;
      }
      this.samples.push({ t0, t1, t2, t3 });
      if (this.samples.length > this.window) this.samples.splice(0, this.samples.length - this.window);
      let best = null;
      for (const s of this.samples) if (best === null || ClockSync.roundTripDelay(s) < ClockSync.roundTripDelay(best)) best = s;
      this.best = best;
      this.samplesInWindow += 1;
      if (this.samplesInWindow >= this.window && best) {
        this.history.push({ clientTime: ClockSync.clientMidpoint(best), offset: ClockSync.offset(best) });
        if (this.history.length > 32) this.history.shift();
        this.samplesInWindow = 0;
        this.driftPPM = ClockSync.drift(this.history);
      }
      this.estimate = best ? ClockSync.intersection(this.samples, best, this.driftPPM ?? 0) : null;
      return stepped;
    }
    // The exchange's bounds lie more than STEP_TOLERANCE outside what the window allows.
    contradicts(s) {
      const best = this.best, estimate = this.estimate;
      if (!best || !estimate) return false;
      const elapsed = ClockSync.clientMidpoint(s) - ClockSync.clientMidpoint(best);
      const span = ClockSync.clientMidpoint(this.samples[this.samples.length - 1]) - ClockSync.clientMidpoint(this.samples[0]);
      const shift = int(elapsed * (this.driftPPM ?? 0) / 1000000);
      const allowance = this.driftPPM === null ? STEP_DRIFT_ALLOWANCE_PPM.unfitted : STEP_DRIFT_ALLOWANCE_PPM.fitted;
      const tolerance = STEP_TOLERANCE + int((Math.abs(elapsed) + Math.abs(span)) * allowance / 1000000);
      const low = estimate.offset - estimate.halfWidth + shift;
      const high = estimate.offset + estimate.halfWidth + shift;
      return (s.t2 - s.t3) - high > tolerance || low - (s.t1 - s.t0) > tolerance;
    }
    // The middle of the interval every sample (moved to the best one's time by the drift)
    // allows, and half its width; the best sample when they cannot all be right.
    static intersection(samples, best, drift) {
      const reference = ClockSync.clientMidpoint(best);
      let low = -Infinity;
      let high = Infinity;
      for (const s of samples) {
        const shift = int((reference - ClockSync.clientMidpoint(s)) * drift / 1000000);
        low = Math.max(low, (s.t2 - s.t3) + shift);
        high = Math.min(high, (s.t1 - s.t0) + shift);
      }
      if (low > high) return { offset: ClockSync.offset(best), halfWidth: int(ClockSync.roundTripDelay(best) / 2) };
      return { offset: low + int((high - low) / 2), halfWidth: int((high - low) / 2) };
    }
    static drift(h) {
      if (h.length < 3 || h[h.length - 1].clientTime - h[0].clientTime < 60000000) return null;
      const fit = linearFit(h.map((e) => ({ x: e.clientTime - h[0].clientTime, y: e.offset })));
      return fit && fit.slope !== null ? fit.slope * 1000000 : null;
    }
    get offset() { const e = this.estimate; return e ? e.offset : null; }
    get uncertainty() { const e = this.estimate; return e ? e.halfWidth : null; }
    serverTime(clientTime) {
      const best = this.best;
      if (!best) return null;
      let time = clientTime + this.estimate.offset;
      const drift = this.driftPPM;
      if (drift !== null) time += int((clientTime - ClockSync.clientMidpoint(best)) * drift / 1000000);
      return time;
    }
    localTime(serverTime) {
      const offset = this.offset;
      if (offset === null) return null;
      let local = serverTime - offset;
      const mapped = this.serverTime(local);
      if (mapped !== null) local += serverTime - mapped;
      return local;
    }
  }

  // LatencyEstimator.swift: the mean of recent samples, or the default before any.
  class LatencyEstimator {
    constructor(defaultMs, capacity = 8) { this.defaultMs = defaultMs; this.capacity = Math.max(1, capacity); this.samplesMs = []; }
    record(ms) {
      this.samplesMs.push(ms);
      if (this.samplesMs.length > this.capacity) this.samplesMs.splice(0, this.samplesMs.length - this.capacity);
    }
    get predictedMs() { return this.samplesMs.length === 0 ? this.defaultMs : this.samplesMs.reduce((a, b) => a + b, 0) / this.samplesMs.length; }
    get spreadMs() {
      if (this.samplesMs.length < 2) return null;
      const mean = this.predictedMs;
      return Math.max(...this.samplesMs.map((s) => Math.abs(s - mean)));
    }
  }

  function matchFor(roomTrack, service, storefront) {
    const found = (roomTrack?.matches || []).find((m) => m.service === service && m.storefront === storefront);
    return found ? found.result : null;
  }
  const isMatched = (result) => !!result && result.status === "matched" && !!result.track;

  function anchorPosition(anchor, serverTime, playing) {
    return playing ? anchor.positionMs + (serverTime - anchor.serverTime) / 1000 : anchor.positionMs;
  }

  // Where the room is at `serverTime`, capped at the track's end (RoomState.targetPositionMs).
  function targetPosition(room, serverTime) {
    const position = anchorPosition(room.anchor, serverTime, room.playing);
    const duration = room.track?.source?.durationMs;
    return duration != null ? Math.min(position, duration) : position;
  }

  // FollowPolicy.sameTimeline: the same recording is the same id on the same service.
  function sameTimeline(current, next, toleranceMs = 50) {
    if (current.track?.source?.id !== next.track?.source?.id || current.track?.source?.service !== next.track?.source?.service) return false;
    if (current.playing !== next.playing) return false;
    // The host said so: a heartbeat or a re-measured player, however far it moved the anchor.
    if (next.intent === "reanchor") return true;
    // Older hosts say nothing: an anchor within the tolerance of the old timeline is taken as one.
    const projected = anchorPosition(current.anchor, next.anchor.serverTime, current.playing);
    return Math.abs(projected - next.anchor.positionMs) < toleranceMs;
  }

  const HOST_CHANGE_GRACE = 3000000;
  const REANCHOR_TOLERANCE_MS = 1000;
  const OBSERVATION_ALLOWANCE_MS = 150;

  // FollowPolicy.swift. `roomStateReceived(state)` with the room.state message; then
  // `playerObserved({trackId, playing, positionMs, serverTime})` returns the commands:
  // {kind: "load", trackId, positionMs, play} | {kind: "seek", positionMs, play} |
  // {kind: "start", trackId, positionMs, atServerTime} | {kind: "pause"} | {kind: "stop", reason}.
  class FollowPolicy {
    constructor(options) {
      this.configuration = {
        service: options.service, storefront: options.storefront,
        seekThresholdMs: options.seekThresholdMs ?? 35,
        minimumCorrectionIntervalMs: options.minimumCorrectionIntervalMs ?? 1500,
        defaultStartLatencyMs: options.defaultStartLatencyMs ?? 300,
        defaultSeekLatencyMs: options.defaultSeekLatencyMs ?? 100,
        landingTimeoutMs: options.landingTimeoutMs ?? 5000,
        canScheduleStart: options.canScheduleStart ?? false,
        scheduleMarginMs: options.scheduleMarginMs ?? 60,
        startsNextTrackOnTime: options.startsNextTrackOnTime ?? true,
      };
      this.room = null;
      this.startLatency = new LatencyEstimator(this.configuration.defaultStartLatencyMs);
      this.seekLatency = new LatencyEstimator(this.configuration.defaultSeekLatencyMs);
      this.scheduleError = new LatencyEstimator(0);
      this.status = "waitingForRoom";
      this.syncErrorMs = null;
      this.correctionsThisTrack = 0;
      this.pending = null;
      this.lastCorrectionAt = null;
      this.errorTrail = [];
      this.rateErrorMsPerSecond = null;
      this.stoppedForTrack = null;
      this.nextTrackStart = null;
    }

    get effectiveSeekThresholdMs() {
      const spread = this.configuration.canScheduleStart
        ? (this.scheduleError.samplesMs.length ? Math.max(...this.scheduleError.samplesMs.map(Math.abs)) : 0)
        : (this.seekLatency.spreadMs ?? 0);
      return Math.max(this.configuration.seekThresholdMs, spread + 10);
    }

    get targetMatch() { return this.room ? matchFor(this.room.track, this.configuration.service, this.configuration.storefront) : null; }

    connectionRestarted() { if (this.room) this.room = { ...this.room, seq: -Infinity }; }

    // The device's clock stepped: what was measured on it is learned again (FollowPolicy.swift).
    clockStepped() {
      for (const estimator of [this.startLatency, this.seekLatency, this.scheduleError]) estimator.samplesMs = [];
      this.pending = null;
      this.lastCorrectionAt = null;
      this.errorTrail = [];
      this.rateErrorMsPerSecond = null;
    }

    roomStateReceived(state) {
      const current = this.room;
      if (current && state.seq < current.seq && current.seq !== -Infinity) return;
      if (current?.track?.source?.id !== state.track?.source?.id) this.correctionsThisTrack = 0;
      if (current && this.nextTrackStart && sameTimeline(current, state, REANCHOR_TOLERANCE_MS)) {
        this.room = state;
        return;
      }
      if (current && !sameTimeline(current, state)) {
        const predicted = this.nextTrackStart ? state.track?.source?.id === this.nextTrackStart.nextSourceId : false;
        if (!predicted) {
          this.pending = null;
          this.lastCorrectionAt = null;
        }
        this.nextTrackStart = null;
        this.errorTrail = [];
      }
      this.room = state;
    }

    playerObserved(observation) {
      const room = this.room;
      if (!room) { this.status = "waitingForRoom"; return []; }
      const source = room.track?.source;
      if (!source) { this.status = "waitingForHost"; return observation.playing ? [{ kind: "pause" }] : []; }
      const match = this.targetMatch;
      if (!isMatched(match)) {
        const reason = match ? (match.reasons?.length ? match.reasons[match.reasons.length - 1] : "no match on " + this.configuration.service)
          : "matching on " + this.configuration.service;
        this.status = match ? "noMatch" : "matching";
        this.syncErrorMs = null;
        if (match && this.stoppedForTrack !== source.id) {
          this.stoppedForTrack = source.id;
          this.pending = null;
          return [{ kind: "stop", reason }];
        }
        return [];
      }
      const target = match.track;
      this.stoppedForTrack = null;
      const now = observation.serverTime;
      // Stamped later than now: read off a clock that has since stepped back (FollowPolicy.swift).
      if (this.lastCorrectionAt !== null && this.lastCorrectionAt > now) this.lastCorrectionAt = null;
      if (this.pending && this.pending.issuedAt > now) this.pending = null;
      const targetPositionMs = targetPosition(room, now);
      const trackEnded = room.playing && (source.durationMs != null ? targetPositionMs >= source.durationMs : false);

      const started = this.nextTrackStart;
      if (started && started.afterSourceId === source.id) {
        if (now < started.boundary + HOST_CHANGE_GRACE) {
          this.status = "starting";
          this.syncErrorMs = null;
          return [];
        }
        this.nextTrackStart = null;
        this.pending = null;
        if (trackEnded) {
          this.status = "holding";
          return observation.playing ? [{ kind: "pause" }] : [];
        }
      }

      if (observation.trackId !== target.id && this.pending?.trackId !== target.id) {
        this.syncErrorMs = null;
        return this.startTrack(target.id, room, now);
      }

      if (this.pending) {
        const landed = this.landingTime(this.pending, observation);
        if (landed !== null) {
          this.learn(this.pending, landed);
          this.pending = null;
          this.errorTrail = [];
        } else if ((now - this.pending.issuedAt) / 1000 > this.configuration.landingTimeoutMs) {
          this.pending = null;
        } else {
          this.status = this.pending.kind === "start" ? "starting" : "seeking";
          return [];
        }
      }

      const nextCommand = this.startNextTrackIfDue(room, source, observation.trackId === target.id, now);
      if (nextCommand) return [nextCommand];

      if (!room.playing || trackEnded) {
        this.syncErrorMs = null;
        this.status = trackEnded ? "holding" : "paused";
        if (observation.playing) return [{ kind: "pause" }];
        if (!trackEnded && Math.abs(observation.positionMs - targetPositionMs) > this.effectiveSeekThresholdMs) {
          return [{ kind: "seek", positionMs: targetPositionMs, play: false }];
        }
        return [];
      }

      if (!observation.playing) return this.reposition(target.id, room, now, false);

      const error = observation.positionMs - targetPositionMs;
      this.syncErrorMs = error;
      this.status = "following";
      if (Math.abs(error) <= this.effectiveSeekThresholdMs) this.recordError(error, now);
      const sinceCorrection = this.lastCorrectionAt !== null ? (now - this.lastCorrectionAt) / 1000 : Infinity;
      if (!(Math.abs(error) > this.effectiveSeekThresholdMs && sinceCorrection >= this.configuration.minimumCorrectionIntervalMs)) return [];
      return this.reposition(target.id, room, now, true);
    }

    startNextTrackIfDue(room, current, playingTarget, now) {
      const c = this.configuration;
      if (!c.startsNextTrackOnTime || !room.playing || !playingTarget || this.pending || current.durationMs == null) return null;
      const next = room.queue?.[0];
      const nextMatch = next ? matchFor(next, c.service, c.storefront) : null;
      if (!isMatched(nextMatch)) return null;
      const boundary = room.anchor.serverTime + int((current.durationMs - room.anchor.positionMs) * 1000);
      const lead = c.canScheduleStart ? this.scheduleLeadMs("start") : this.startLatency.predictedMs;
      const allowance = c.canScheduleStart ? OBSERVATION_ALLOWANCE_MS : 0;
      if (!((boundary - now) / 1000 <= lead + allowance && boundary > now - 1000000)) return null;
      this.nextTrackStart = { afterSourceId: current.id, nextSourceId: next.source.id, boundary };
      this.status = "starting";
      if (c.canScheduleStart) {
        this.pending = { kind: "start", trackId: nextMatch.track.id, positionMs: 0, issuedAt: now, scheduledAt: boundary };
        return { kind: "start", trackId: nextMatch.track.id, positionMs: 0, atServerTime: boundary };
      }
      const position = Math.max(0, (now - boundary) / 1000 + this.startLatency.predictedMs);
      this.pending = { kind: "start", trackId: nextMatch.track.id, positionMs: position, issuedAt: now, scheduledAt: null };
      return { kind: "load", trackId: nextMatch.track.id, positionMs: position, play: true };
    }

    recordError(error, time) {
      this.errorTrail.push({ serverTime: time, errorMs: error });
      if (this.errorTrail.length > 3000) this.errorTrail.splice(0, this.errorTrail.length - 3000);
      const first = this.errorTrail[0];
      if (!(time - first.serverTime >= 30000000 && this.errorTrail.length >= 20 && this.errorTrail.length % 10 === 0)) return;
      const points = this.errorTrail.map((e) => ({ x: (e.serverTime - first.serverTime) / 1000000, y: e.errorMs }));
      const fit = linearFit(points);
      if (!fit || fit.slope === null) return;
      const slope = fit.slope;
      const total = points.reduce((sum, p) => sum + (p.y - fit.meanY) * (p.y - fit.meanY), 0);
      const explained = total > 0 ? slope * slope * fit.varianceX * fit.count / total : 0;
      if (!(Math.abs(slope) < 0.5 && explained >= 0.8)) return;
      this.rateErrorMsPerSecond = slope;
    }

    driftAimMs(room, position) {
      const duration = room.track?.source?.durationMs;
      if (this.rateErrorMsPerSecond === null || duration == null) return 0;
      const remaining = Math.max(0, duration - position) / 1000;
      const bound = 10;
      return Math.min(Math.max(this.rateErrorMsPerSecond * remaining / 2, -bound), bound);
    }

    scheduleLeadMs(kind) {
      const estimator = kind === "start" ? this.startLatency : this.seekLatency;
      const slowest = estimator.samplesMs.length ? Math.max(...estimator.samplesMs) : estimator.defaultMs * 2;
      return slowest + this.configuration.scheduleMarginMs;
    }

    startTrack(trackId, room, now) {
      const targetPositionMs = targetPosition(room, now);
      const duration = room.track?.source?.durationMs;
      if (duration != null && room.playing && targetPositionMs >= duration) { this.status = "holding"; return []; }
      if (!room.playing) {
        this.pending = null;
        this.status = "paused";
        return [{ kind: "load", trackId, positionMs: targetPositionMs, play: false }];
      }
      this.lastCorrectionAt = now;
      this.correctionsThisTrack = 0;
      this.status = "starting";
      if (this.configuration.canScheduleStart) {
        const at = now + int(this.scheduleLeadMs("start") * 1000);
        const target = targetPosition(room, at);
        const position = target - this.driftAimMs(room, target);
        this.pending = { kind: "start", trackId, positionMs: position, issuedAt: now, scheduledAt: at };
        return [{ kind: "start", trackId, positionMs: position, atServerTime: at }];
      }
      const position = targetPositionMs + this.startLatency.predictedMs;
      this.pending = { kind: "start", trackId, positionMs: position, issuedAt: now, scheduledAt: null };
      return [{ kind: "load", trackId, positionMs: position, play: true }];
    }

    reposition(trackId, room, now, countAsCorrection) {
      this.lastCorrectionAt = now;
      if (countAsCorrection) this.correctionsThisTrack += 1;
      this.status = "seeking";
      if (this.configuration.canScheduleStart) {
        const at = now + int(this.scheduleLeadMs("seek") * 1000);
        const target = targetPosition(room, at);
        const position = target - this.driftAimMs(room, target);
        this.pending = { kind: "seek", trackId, positionMs: position, issuedAt: now, scheduledAt: at };
        return [{ kind: "start", trackId, positionMs: position, atServerTime: at }];
      }
      const position = targetPosition(room, now) + this.seekLatency.predictedMs;
      this.pending = { kind: "seek", trackId, positionMs: position, issuedAt: now, scheduledAt: null };
      return [{ kind: "seek", positionMs: position, play: true }];
    }

    learn(pending, landed) {
      const latency = (landed - pending.issuedAt) / 1000;
      if (pending.scheduledAt !== null) {
        const lateness = (landed - pending.scheduledAt) / 1000;
        if (lateness <= this.configuration.scheduleMarginMs) this.scheduleError.record(lateness);
        else (pending.kind === "start" ? this.startLatency : this.seekLatency).record(latency);
        return;
      }
      (pending.kind === "start" ? this.startLatency : this.seekLatency).record(latency);
    }

    landingTime(pending, observation) {
      if (observation.trackId !== pending.trackId || !observation.playing) return null;
      const progressed = observation.positionMs - pending.positionMs;
      if (!(progressed > 0)) return null;
      const landed = observation.serverTime - int(progressed * 1000);
      if (landed < pending.issuedAt) return null;
      return landed;
    }
  }

  const api = { ClockSync, LatencyEstimator, FollowPolicy, targetPosition, matchFor };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.SimulcastFollow = api;
})(typeof window !== "undefined" ? window : globalThis);
