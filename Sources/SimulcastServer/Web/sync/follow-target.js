// @ts-check
// Where a listener's player should be at one server instant (FollowTarget.swift). Times are server
// microseconds, positions milliseconds.

/** @typedef {import("../types/wire").RoomState} RoomState */
/** @typedef {import("../types/wire").RoomTrack} RoomTrack */
/** @typedef {import("../types/wire").MatchResult} MatchResult */
/** @typedef {import("../types/wire").Anchor} Anchor */

// Swift's Int64(x) of a Double: truncation toward zero.
const int = Math.trunc;

/**
 * This listener's match of a room's track, if the room has one for their service and storefront.
 * @param {RoomTrack | null | undefined} roomTrack
 * @param {string | null} service
 * @param {string | null} storefront
 * @returns {MatchResult | null}
 */
function matchFor(roomTrack, service, storefront) {
  const found = (roomTrack?.matches || []).find((m) => m.service === service && m.storefront === storefront);
  return found ? found.result : null;
}
/** @param {MatchResult | null} result @returns {result is MatchResult & { track: import("../types/wire").TrackMetadata }} */
const isMatched = (result) => !!result && result.status === "matched" && !!result.track;

/** @param {Anchor} anchor @param {number} serverTime @param {boolean} playing */
function anchorPosition(anchor, serverTime, playing) {
  return playing ? anchor.positionMs + (serverTime - anchor.serverTime) / 1000 : anchor.positionMs;
}

// Where the room is at `serverTime`, capped at the track's end (RoomState.targetPositionMs).
/** @param {RoomState} room @param {number} serverTime */
function targetPosition(room, serverTime) {
  const position = anchorPosition(room.anchor, serverTime, room.playing);
  const duration = room.track?.source?.durationMs;
  return duration != null ? Math.min(position, duration) : position;
}

// Where the player should be at `serverTime`, aimed at the ear: what it plays now is heard
// `outputLatencyMs` later, so it should be where the room (what the host hears) is then.
class FollowTarget {
  /** @param {RoomState} room @param {number} serverTime @param {number} outputLatencyMs */
  constructor(room, serverTime, outputLatencyMs) {
    this.positionMs = Math.max(0, targetPosition(room, serverTime + int(outputLatencyMs * 1000)));
    const duration = room.track?.source?.durationMs;
    this.trackEnded = room.playing && (duration != null ? this.positionMs >= duration : false);
  }
  // When this player should reach the track's end (server time), if the track says how long it is.
  /** @param {RoomState} room @param {number} outputLatencyMs */
  static trackEnd(room, outputLatencyMs) {
    const duration = room.track?.source?.durationMs;
    return duration != null ? room.anchor.serverTime + int((duration - room.anchor.positionMs - outputLatencyMs) * 1000) : null;
  }
}

export { FollowTarget, targetPosition, anchorPosition, matchFor, isMatched };
