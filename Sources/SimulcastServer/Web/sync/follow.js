// @ts-check
// Simulcast's follow policy for the browser: a port of SimulcastCore's FollowPolicy.swift and
// FollowPolicy+Decide.swift, made of the same parts, each in its own module: linear-fit.js, clock-sync.js, latency.js (PlayerLatencyModel), follow-target.js
// (FollowTarget), rate-learner.js (RateLearner) and next-track.js (NextTrackPlanner). Pure: no
// DOM, no timers. Times are microseconds (server or client clock, as named), positions
// milliseconds. Tests/Fixtures/follow-decisions.json holds decisions recorded from the Swift
// policy; the test suite replays them here under node and fails on any difference.
import { PlayerLatencyModel } from "./latency.js";
import { FollowTarget, anchorPosition, matchFor, isMatched } from "./follow-target.js";
import { RateLearner } from "./rate-learner.js";
import { NextTrackPlanner } from "./next-track.js";

/** @typedef {import("../types/wire").RoomState} RoomState */
/** @typedef {import("../types/sync").Observation} Observation */
/** @typedef {import("../types/sync").FollowCommand} FollowCommand */
/** @typedef {import("../types/sync").PendingLanding} PendingLanding */
/** @typedef {import("../types/sync").Decision} Decision */

const REANCHOR_TOLERANCE_MS = 1000;

// FollowPolicy.sameTimeline: the same recording is the same id on the same service.
/** @param {RoomState} current @param {RoomState} next */
function sameTimeline(current, next, toleranceMs = 50) {
  if (current.track?.source?.id !== next.track?.source?.id || current.track?.source?.service !== next.track?.source?.service) return false;
  if (current.playing !== next.playing) return false;
  // The host said so: a heartbeat or a re-measured player, however far it moved the anchor.
  if (next.intent === "reanchor") return true;
  // Older hosts say nothing: an anchor within the tolerance of the old timeline is taken as one.
  const projected = anchorPosition(current.anchor, next.anchor.serverTime, current.playing);
  return Math.abs(projected - next.anchor.positionMs) < toleranceMs;
}

/** @param {FollowCommand[]} commands @param {string} status @param {number | null} syncErrorMs @returns {Decision} */
const decision = (commands, status, syncErrorMs) => ({ commands, status, syncErrorMs });

// `roomStateReceived(state)` with the room.state message; then
// `playerObserved({trackId, playing, positionMs, serverTime})` returns the commands:
// {kind: "load", trackId, positionMs, play} | {kind: "seek", positionMs, play} |
// {kind: "start", trackId, positionMs, atServerTime} | {kind: "pause"} | {kind: "stop", reason}.
class FollowPolicy {
  /** @param {import("../types/sync").FollowOptions} options */
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
    const c = this.configuration;
    // Player to ear, in ms (FollowPolicy.outputLatencyMs): may change at any time.
    this.outputLatencyMs = options.outputLatencyMs ?? 0;
    /** @type {RoomState | null} */
    this.room = null;
    this.latency = new PlayerLatencyModel(c.defaultStartLatencyMs, c.defaultSeekLatencyMs, c.scheduleMarginMs);
    this.rate = new RateLearner();
    this.nextTrack = new NextTrackPlanner();
    this.status = "waitingForRoom";
    /** @type {number | null} */
    this.syncErrorMs = null;
    this.correctionsThisTrack = 0;
    /** @type {PendingLanding | null} */
    this.pending = null;
    /** @type {number | null} */
    this.lastCorrectionAt = null;
    /** @type {string | null} */
    this.stoppedForTrack = null;
  }

  get startLatency() { return this.latency.start; }
  get seekLatency() { return this.latency.seek; }
  get rateErrorMsPerSecond() { return this.rate.msPerSecond; }
  get effectiveSeekThresholdMs() { return this.latency.thresholdMs(this.configuration.seekThresholdMs, this.configuration.canScheduleStart); }
  get targetMatch() { return this.room ? matchFor(this.room.track, this.configuration.service, this.configuration.storefront) : null; }

  connectionRestarted() { if (this.room) this.room = { ...this.room, seq: -Infinity }; }

  // The device's clock stepped: what was measured on it is learned again (FollowPolicy.swift).
  clockStepped() {
    this.latency.forget();
    this.pending = null;
    this.lastCorrectionAt = null;
    this.rate.forget();
  }

  /** @param {RoomState} state */
  roomStateReceived(state) {
    const current = this.room;
    if (current && state.seq !== undefined && current.seq !== undefined && state.seq < current.seq && current.seq !== -Infinity) return;
    if (current?.track?.source?.id !== state.track?.source?.id) this.correctionsThisTrack = 0;
    if (current && this.nextTrack.started && sameTimeline(current, state, REANCHOR_TOLERANCE_MS)) {
      this.room = state;
      return;
    }
    if (current && !sameTimeline(current, state)) {
      const started = this.nextTrack.started;
      const predicted = started ? state.track?.source?.id === started.nextSourceId : false;
      if (!predicted) {
        this.pending = null;
        this.lastCorrectionAt = null;
      }
      this.nextTrack.clear();
      this.rate.restartTrail();
    }
    this.room = state;
  }

  /** @param {Observation} observation @returns {FollowCommand[]} */
  playerObserved(observation) {
    const d = this.decide(observation);
    this.status = d.status;
    this.syncErrorMs = d.syncErrorMs;
    return d.commands;
  }

  // FollowPolicy+Decide.swift: the commands, with the status and error the listener is shown.
  /** @param {Observation} observation @returns {Decision} */
  decide(observation) {
    const previousError = this.syncErrorMs;
    const room = this.room;
    if (!room) return decision([], "waitingForRoom", previousError);
    const source = room.track?.source;
    if (!source) return decision(observation.playing ? [{ kind: "pause" }] : [], "waitingForHost", previousError);
    const match = this.targetMatch;
    if (!isMatched(match)) {
      const reason = match ? (match.reasons?.length ? match.reasons[match.reasons.length - 1] : "no match on " + this.configuration.service)
        : "matching on " + this.configuration.service;
      const status = match ? "noMatch" : "matching";
      if (match && this.stoppedForTrack !== source.id) {
        this.stoppedForTrack = source.id;
        this.pending = null;
        return decision([{ kind: "stop", reason }], status, null);
      }
      return decision([], status, null);
    }
    const target = match.track;
    this.stoppedForTrack = null;
    const now = observation.serverTime;
    // Stamped later than now: read off a clock that has since stepped back (FollowPolicy+Decide.swift).
    if (this.lastCorrectionAt !== null && this.lastCorrectionAt > now) this.lastCorrectionAt = null;
    if (this.pending && this.pending.issuedAt > now) this.pending = null;
    const goal = new FollowTarget(room, now, this.outputLatencyMs);

    const waiting = this.nextTrack.awaitsHost(source.id, now);
    if (waiting !== null) {
      if (waiting) return decision([], "starting", null);
      this.nextTrack.clear();
      this.pending = null;
      if (goal.trackEnded) return decision(observation.playing ? [{ kind: "pause" }] : [], "holding", previousError);
    }

    if (observation.trackId !== target.id && this.pending?.trackId !== target.id) return this.startTrack(target.id, room, now);

    if (this.pending) {
      const landed = landingTime(this.pending, observation);
      if (landed !== null) {
        this.latency.learn(this.pending, landed);
        this.pending = null;
        this.rate.restartTrail();
      } else if ((now - this.pending.issuedAt) / 1000 > this.configuration.landingTimeoutMs) {
        this.pending = null;
      } else {
        return decision([], this.pending.kind === "start" ? "starting" : "seeking", previousError);
      }
    }

    const plan = this.pending ? null : this.nextTrack.due(room, source, observation.trackId === target.id, now, this.configuration, this.latency, this.outputLatencyMs);
    if (plan) {
      this.nextTrack.began(plan.start);
      this.pending = plan.landing;
      return decision([plan.command], "starting", previousError);
    }

    if (!room.playing || goal.trackEnded) {
      const status = goal.trackEnded ? "holding" : "paused";
      if (observation.playing) return decision([{ kind: "pause" }], status, null);
      // A paused seek has no timing, so the learned spread (a playing seek's) does not apply.
      if (!goal.trackEnded && Math.abs(observation.positionMs - goal.positionMs) > this.configuration.seekThresholdMs) {
        return decision([{ kind: "seek", positionMs: goal.positionMs, play: false }], status, null);
      }
      return decision([], status, null);
    }

    if (!observation.playing) return decision(this.reposition(target.id, room, now, false), "seeking", previousError);

    const error = observation.positionMs - goal.positionMs;
    if (Math.abs(error) <= this.effectiveSeekThresholdMs) this.rate.record(error, now);
    const sinceCorrection = this.lastCorrectionAt !== null ? (now - this.lastCorrectionAt) / 1000 : Infinity;
    if (!(Math.abs(error) > this.effectiveSeekThresholdMs && sinceCorrection >= this.configuration.minimumCorrectionIntervalMs)) {
      return decision([], "following", error);
    }
    return decision(this.reposition(target.id, room, now, true), "seeking", error);
  }

  /** @param {string} trackId @param {RoomState} room @param {number} now @returns {Decision} */
  startTrack(trackId, room, now) {
    const goal = new FollowTarget(room, now, this.outputLatencyMs);
    if (goal.trackEnded) return decision([], "holding", null);
    if (!room.playing) {
      this.pending = null;
      return decision([{ kind: "load", trackId, positionMs: goal.positionMs, play: false }], "paused", null);
    }
    this.lastCorrectionAt = now;
    this.correctionsThisTrack = 0;
    if (this.configuration.canScheduleStart) return decision([this.scheduledStart("start", trackId, room, now)], "starting", null);
    const position = goal.positionMs + this.latency.start.predictedMs;
    this.pending = { kind: "start", trackId, positionMs: position, issuedAt: now, scheduledAt: null };
    return decision([{ kind: "load", trackId, positionMs: position, play: true }], "starting", null);
  }

  /** @param {string} trackId @param {RoomState} room @param {number} now @param {boolean} countAsCorrection @returns {FollowCommand[]} */
  reposition(trackId, room, now, countAsCorrection) {
    this.lastCorrectionAt = now;
    if (countAsCorrection) this.correctionsThisTrack += 1;
    if (this.configuration.canScheduleStart) return [this.scheduledStart("seek", trackId, room, now)];
    const position = new FollowTarget(room, now, this.outputLatencyMs).positionMs + this.latency.seek.predictedMs;
    this.pending = { kind: "seek", trackId, positionMs: position, issuedAt: now, scheduledAt: null };
    return [{ kind: "seek", positionMs: position, play: true }];
  }

  /** @param {"start" | "seek"} kind @param {string} trackId @param {RoomState} room @param {number} now @returns {FollowCommand} */
  scheduledStart(kind, trackId, room, now) {
    const at = now + Math.trunc(this.latency.scheduleLeadMs(kind) * 1000);
    const target = new FollowTarget(room, at, this.outputLatencyMs).positionMs;
    const position = target - this.rate.aimMs(room.track?.source?.durationMs, target);
    this.pending = { kind, trackId, positionMs: position, issuedAt: now, scheduledAt: at };
    return { kind: "start", trackId, positionMs: position, atServerTime: at };
  }
}

// PendingLanding.landingTime: audio past the requested position started that long ago.
/** @param {PendingLanding} pending @param {Observation} observation */
function landingTime(pending, observation) {
  if (observation.trackId !== pending.trackId || !observation.playing) return null;
  const progressed = observation.positionMs - pending.positionMs;
  if (!(progressed > 0)) return null;
  const landed = observation.serverTime - Math.trunc(progressed * 1000);
  if (landed < pending.issuedAt) return null;
  return landed;
}

export { FollowPolicy, sameTimeline };
