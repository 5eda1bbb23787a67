// Clock sync and the follow policy of Simulcast's core (SimulcastCore/ClockSync.swift and
// FollowPolicy.swift), kept small for the browser: pure functions and plain objects, no DOM,
// so the test suite can run them from a table.
(function (root) {
  "use strict";

  // Offset to the server clock from time.ping/pong samples (µs); the sample with the lowest
  // round-trip delay among the last `window` wins, as queueing only ever adds delay.
  class ClockSync {
    constructor(window = 8) { this.window = window; this.samples = []; }
    add(t0, t1, t2, t3) {
      const sample = { offset: ((t1 - t0) + (t2 - t3)) / 2, delay: (t3 - t0) - (t2 - t1) };
      this.samples.push(sample);
      if (this.samples.length > this.window) this.samples.shift();
      return sample;
    }
    get best() {
      return this.samples.reduce((best, s) => (best === null || s.delay < best.delay ? s : best), null);
    }
    serverTime(localMicros) { const b = this.best; return b ? localMicros + b.offset : null; }
    localTime(serverMicros) { const b = this.best; return b ? serverMicros - b.offset : null; }
  }

  // Where the room is at `serverNow` (µs): the anchor moved on while playing, capped at the end.
  function targetPosition(room, serverNow) {
    let position = room.anchor.positionMs;
    if (room.playing) position += (serverNow - room.anchor.serverTime) / 1000;
    if (room.durationMs) position = Math.min(position, room.durationMs);
    return Math.max(0, position);
  }

  // Decides what the player should do. `room`: {trackId (the match on this service, or
  // null), playing, targetMs}; `reading`: {trackId, playing, positionMs}; `now`: ms.
  // Returns a command or null; a command's `leadMs` is added to the target when it is carried
  // out, because the audio moves on while the player obeys. Rules as in the core: judge a
  // command only once it has landed; correct only errors above the threshold, at most once
  // per interval; learn the player's latency from where its commands land.
  class Follower {
    constructor(options = {}) {
      this.thresholdMs = options.thresholdMs ?? 60;
      this.minimumIntervalMs = options.minimumIntervalMs ?? 1500;
      this.latencyMs = options.latencyMs ?? 100;
      this.landingTimeoutMs = options.landingTimeoutMs ?? 5000;
      // Players report the old position for a moment after obeying.
      this.settleMs = options.settleMs ?? 150;
      this.pending = null;       // {trackId, issuedAt}
      this.lastCorrectionAt = -Infinity;
    }

    decide(room, reading, now) {
      if (!room.trackId) {
        this.pending = null;
        return reading.playing ? { kind: "pause" } : null;
      }
      if (this.pending) {
        if (now - this.pending.issuedAt < this.settleMs) return null;
        const landed = reading.trackId === this.pending.trackId && reading.playing === room.playing;
        if (!landed && now - this.pending.issuedAt < this.landingTimeoutMs) return null;
        if (landed && room.playing) this.learn(reading.positionMs - room.targetMs);
        this.pending = null;
        this.lastCorrectionAt = now;
        return null;
      }
      const issue = (command) => {
        this.pending = { trackId: room.trackId, issuedAt: now };
        return command;
      };
      if (reading.trackId !== room.trackId) {
        return issue({ kind: "load", trackId: room.trackId, play: room.playing, leadMs: room.playing ? this.latencyMs : 0 });
      }
      if (!room.playing) {
        if (reading.playing) return issue({ kind: "pause", leadMs: 0 });
        return Math.abs(reading.positionMs - room.targetMs) > 1000 ? issue({ kind: "seek", leadMs: 0 }) : null;
      }
      if (!reading.playing) return issue({ kind: "play", leadMs: this.latencyMs });
      const error = reading.positionMs - room.targetMs;
      if (Math.abs(error) <= this.thresholdMs || now - this.lastCorrectionAt < this.minimumIntervalMs) return null;
      return issue({ kind: "seek", leadMs: this.latencyMs });
    }

    // A command landed `errorMs` off (positive: ahead), so the lead it was given was that
    // much too large. Move halfway, within bounds, so one outlier cannot ruin the estimate.
    learn(errorMs) {
      this.latencyMs = Math.min(2000, Math.max(0, this.latencyMs - errorMs / 2));
    }
  }

  const api = { ClockSync, Follower, targetPosition };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.SimulcastFollow = api;
})(typeof window !== "undefined" ? window : globalThis);
