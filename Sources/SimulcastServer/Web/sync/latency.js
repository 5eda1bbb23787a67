// @ts-check
// How long this player takes to carry out commands (LatencyEstimator.swift,
// PlayerLatencyModel.swift). Times are milliseconds.
import { IN_SYNC_MS } from "../constants.js";

// LatencyEstimator.swift: the mean of recent samples, or the default before any.
class LatencyEstimator {
  /** @param {number} defaultMs @param {number} [capacity] */
  constructor(defaultMs, capacity = 8) {
    this.defaultMs = defaultMs;
    this.capacity = Math.max(1, capacity);
    /** @type {number[]} */
    this.samplesMs = [];
  }
  /** @param {number} ms */
  record(ms) {
    this.samplesMs.push(ms);
    if (this.samplesMs.length > this.capacity) this.samplesMs.splice(0, this.samplesMs.length - this.capacity);
  }
  get predictedMs() { return this.samplesMs.length === 0 ? this.defaultMs : this.samplesMs.reduce((a, b) => a + b, 0) / this.samplesMs.length; }
  forget() { this.samplesMs = []; }
  get spreadMs() {
    if (this.samplesMs.length < 2) return null;
    const mean = this.predictedMs;
    return Math.max(...this.samplesMs.map((s) => Math.abs(s - mean)));
  }
}

// PlayerLatencyModel.swift: start and seek latencies and, for scheduled starts, how far
// from the instant they land; from them the lead of a scheduled start and the threshold.
class PlayerLatencyModel {
  /** @param {number} defaultStartMs @param {number} defaultSeekMs @param {number} scheduleMarginMs */
  constructor(defaultStartMs, defaultSeekMs, scheduleMarginMs) {
    this.start = new LatencyEstimator(defaultStartMs);
    this.seek = new LatencyEstimator(defaultSeekMs);
    this.scheduleError = new LatencyEstimator(0);
    this.scheduleMarginMs = scheduleMarginMs;
  }
  /** @param {number} configuredMs @param {boolean} scheduled */
  thresholdMs(configuredMs, scheduled) {
    const spread = scheduled
      ? (this.scheduleError.samplesMs.length ? Math.max(...this.scheduleError.samplesMs.map(Math.abs)) : 0)
      : (this.seek.spreadMs ?? 0);
    // Never past the in-sync figure (unless configured so), so that the status holds.
    return Math.min(Math.max(configuredMs, spread + 10), Math.max(configuredMs, IN_SYNC_MS));
  }
  /** @param {string} kind */
  scheduleLeadMs(kind) {
    const estimator = kind === "start" ? this.start : this.seek;
    const slowest = estimator.samplesMs.length ? Math.max(...estimator.samplesMs) : estimator.defaultMs * 2;
    return slowest + this.scheduleMarginMs;
  }
  /** @param {import("../types/sync").PendingLanding} pending @param {number} landed */
  learn(pending, landed) {
    const latency = (landed - pending.issuedAt) / 1000;
    // Within the margin is this player's precision; later, preparing overran the lead.
    if (pending.scheduledAt !== null && (landed - pending.scheduledAt) / 1000 <= this.scheduleMarginMs) {
      this.scheduleError.record((landed - pending.scheduledAt) / 1000);
      return;
    }
    (pending.kind === "start" ? this.start : this.seek).record(latency);
  }
  forget() { for (const estimator of [this.start, this.seek, this.scheduleError]) estimator.forget(); }
}

export { LatencyEstimator, PlayerLatencyModel };
