// @ts-check
// Starts the host's next queued track on the predicted boundary (NextTrackPlanner.swift).
import { FollowTarget, matchFor, isMatched } from "./follow-target.js";

const HOST_CHANGE_GRACE = 3000000;
const OBSERVATION_ALLOWANCE_MS = 150;

/** @typedef {import("../types/sync").NextTrackStart} NextTrackStart */
/** @typedef {import("../types/sync").PendingLanding} PendingLanding */
/** @typedef {import("../types/sync").FollowCommand} FollowCommand */

class NextTrackPlanner {
  constructor() {
    /** @type {NextTrackStart | null} */
    this.started = null;
  }
  /**
   * {start, landing, command} when the next track is due at `now`, else null.
   * @param {import("../types/wire").RoomState} room
   * @param {import("../types/wire").TrackMetadata} current the host's song now
   * @param {boolean} playingTarget the player plays this listener's match of it
   * @param {number} now
   * @param {import("../types/sync").FollowConfiguration} c
   * @param {import("./latency.js").PlayerLatencyModel} latency
   * @param {number} outputLatencyMs
   * @returns {{ start: NextTrackStart, landing: PendingLanding, command: FollowCommand } | null}
   */
  due(room, current, playingTarget, now, c, latency, outputLatencyMs) {
    if (!c.startsNextTrackOnTime || !room.playing || !playingTarget) return null;
    const boundary = FollowTarget.trackEnd(room, outputLatencyMs);
    const next = room.queue?.[0];
    if (boundary === null || !next) return null;
    const nextMatch = matchFor(next, c.service, c.storefront);
    if (!isMatched(nextMatch)) return null;
    const lead = c.canScheduleStart ? latency.scheduleLeadMs("start") : latency.start.predictedMs;
    const allowance = c.canScheduleStart ? OBSERVATION_ALLOWANCE_MS : 0;
    if (!((boundary - now) / 1000 <= lead + allowance && boundary > now - 1000000)) return null;
    const start = { afterSourceId: current.id, nextSourceId: next.source.id, boundary };
    const trackId = nextMatch.track.id;
    if (c.canScheduleStart) {
      return { start, landing: { kind: "start", trackId, positionMs: 0, issuedAt: now, scheduledAt: boundary },
        command: { kind: "start", trackId, positionMs: 0, atServerTime: boundary } };
    }
    const position = Math.max(0, (now - boundary) / 1000 + latency.start.predictedMs);
    return { start, landing: { kind: "start", trackId, positionMs: position, issuedAt: now, scheduledAt: null },
      command: { kind: "load", trackId, positionMs: position, play: true } };
  }
  /** @param {NextTrackStart} start */
  began(start) { this.started = start; }
  clear() { this.started = null; }
  // null when nothing was started after `sourceId`; else whether the host's change is still awaited.
  /** @param {string} sourceId @param {number} now */
  awaitsHost(sourceId, now) {
    if (!this.started || this.started.afterSourceId !== sourceId) return null;
    return now < this.started.boundary + HOST_CHANGE_GRACE;
  }
}

export { NextTrackPlanner };
