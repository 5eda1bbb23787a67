// @ts-check
// How fast this player's audio runs against the room (RateLearner.swift).
import { linearFit } from "./linear-fit.js";

class RateLearner {
  constructor() {
    /** @type {{ serverTime: number, errorMs: number }[]} */
    this.trail = [];
    /** @type {number | null} */
    this.msPerSecond = null;
  }
  /** @param {number} errorMs @param {number} time */
  record(errorMs, time) {
    this.trail.push({ serverTime: time, errorMs });
    if (this.trail.length > 3000) this.trail.splice(0, this.trail.length - 3000);
    const first = this.trail[0];
    if (!(time - first.serverTime >= 30000000 && this.trail.length >= 20 && this.trail.length % 10 === 0)) return;
    const points = this.trail.map((e) => ({ x: (e.serverTime - first.serverTime) / 1000000, y: e.errorMs }));
    const fit = linearFit(points);
    if (!fit || fit.slope === null) return;
    const slope = fit.slope;
    // Only a clean line: clock-sync noise must not pass for drift.
    const total = points.reduce((sum, p) => sum + (p.y - fit.meanY) * (p.y - fit.meanY), 0);
    const explained = total > 0 ? slope * slope * fit.varianceX * fit.count / total : 0;
    if (!(Math.abs(slope) < 0.5 && explained >= 0.8)) return;
    this.msPerSecond = slope;
  }
  restartTrail() { this.trail = []; }
  forget() { this.trail = []; this.msPerSecond = null; }
  // Half the drift expected over the rest of the track, at most 10 ms.
  /** @param {number | null | undefined} durationMs @param {number} positionMs */
  aimMs(durationMs, positionMs) {
    if (this.msPerSecond === null || durationMs == null) return 0;
    const remaining = Math.max(0, durationMs - positionMs) / 1000;
    const bound = 10;
    return Math.min(Math.max(this.msPerSecond * remaining / 2, -bound), bound);
  }
}

export { RateLearner };
