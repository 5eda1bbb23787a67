// @ts-check
// The offset and drift to the server's clock (ClockSync.swift), line for line. Times are
// microseconds (server or client clock, as named).
import { linearFit } from "./linear-fit.js";

// Swift's Int64(x) of a Double: truncation toward zero.
const int = Math.trunc;

// ClockSync.stepTolerance and stepDriftAllowancePPM: an exchange outside the window by
// more than these is a clock step.
const STEP_TOLERANCE = 2000;
const STEP_DRIFT_ALLOWANCE_PPM = { unfitted: 200, fitted: 20 };

// Offset (and drift) to the server's clock from time.ping/pong samples (ClockSync.swift):
// every sample bounds the offset between t2 - t3 and t1 - t0; the estimate is the middle of
// what all of the last `window` allow, and drift is a line through the best (lowest-delay)
// sample of each past window once they span a minute.
/**
 * One ping and its pong: sent (t0, client), received (t1, server), answered (t2, server),
 * answer received (t3, client).
 * @typedef {{ t0: number, t1: number, t2: number, t3: number }} Sample
 */
/** @typedef {{ clientTime: number, offset: number }} HistoryPoint */
/** @typedef {{ offset: number, halfWidth: number }} Estimate */

class ClockSync {
  constructor(window = 32) {
    this.window = Math.max(1, window);
    /** @type {Sample[]} */
    this.samples = [];
    /** @type {HistoryPoint[]} */
    this.history = [];
    this.samplesInWindow = 0;
    // Kept as samples arrive (ClockSync.swift): best, drift and the estimate.
    /** @type {Sample | null} */
    this.best = null;
    /** @type {number | null} */
    this.driftPPM = null;
    /** @type {Estimate | null} */
    this.estimate = null;
    this.stepsDetected = 0;
  }
  /** @param {Sample} s */
  static offset(s) { return int(((s.t1 - s.t0) + (s.t2 - s.t3)) / 2); }
  /** @param {Sample} s */
  static roundTripDelay(s) { return Math.max(0, (s.t3 - s.t0) - (s.t2 - s.t1)); }
  /** @param {Sample} s */
  static clientMidpoint(s) { return s.t0 + int((s.t3 - s.t0) / 2); }
  // True when the exchange showed a clock step (ClockSync.swift): the window, the drift
  // history and the drift are forgotten, and the caller pings densely again.
  /** @param {number} t0 @param {number} t1 @param {number} t2 @param {number} t3 */
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
    /** @type {Sample | null} */
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
  /** @param {Sample} s */
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
  /** @param {Sample[]} samples @param {Sample} best @param {number} drift @returns {Estimate} */
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
  /** @param {HistoryPoint[]} h */
  static drift(h) {
    if (h.length < 3 || h[h.length - 1].clientTime - h[0].clientTime < 60000000) return null;
    const fit = linearFit(h.map((e) => ({ x: e.clientTime - h[0].clientTime, y: e.offset })));
    return fit && fit.slope !== null ? fit.slope * 1000000 : null;
  }
  get offset() { const e = this.estimate; return e ? e.offset : null; }
  get uncertainty() { const e = this.estimate; return e ? e.halfWidth : null; }
  /** @param {number} clientTime @returns {number | null} */
  serverTime(clientTime) {
    const best = this.best, estimate = this.estimate;
    if (!best || !estimate) return null;
    let time = clientTime + estimate.offset;
    const drift = this.driftPPM;
    if (drift !== null) time += int((clientTime - ClockSync.clientMidpoint(best)) * drift / 1000000);
    return time;
  }
  /** @param {number} serverTime */
  localTime(serverTime) {
    const offset = this.offset;
    if (offset === null) return null;
    let local = serverTime - offset;
    const mapped = this.serverTime(local);
    if (mapped !== null) local += serverTime - mapped;
    return local;
  }
}

/** This device's clock in microseconds since the epoch, as the clock sync counts (monotonic within the page). */
const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

export { ClockSync, nowMicros };
