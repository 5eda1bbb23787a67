// Where the room's track is at one server instant (FollowTarget.swift). Times are server
// microseconds, positions milliseconds.
(function (root) {
  "use strict";
  const node = typeof module !== "undefined" && module.exports;

  // Swift's Int64(x) of a Double: truncation toward zero.
  const int = Math.trunc;

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

  class FollowTarget {
    constructor(room, serverTime) {
      this.positionMs = targetPosition(room, serverTime);
      const duration = room.track?.source?.durationMs;
      this.trackEnded = room.playing && (duration != null ? this.positionMs >= duration : false);
    }
    // When the room's current track ends (server time), if it says how long it is.
    static trackEnd(room) {
      const duration = room.track?.source?.durationMs;
      return duration != null ? room.anchor.serverTime + int((duration - room.anchor.positionMs) * 1000) : null;
    }
  }

  const api = { FollowTarget, targetPosition, anchorPosition, matchFor, isMatched };
  if (node) module.exports = api;
  else root.SimulcastFollow = Object.assign(root.SimulcastFollow || {}, api);
})(typeof window !== "undefined" ? window : globalThis);
