// @ts-check
// The listener's status pill: from what the listener wants, what their player does and what
// the room does. Pure, and unit-tested under node (Tests/WebJS/listener-status.test.js).
import { IN_SYNC_MS } from "../constants.js";
import * as strings from "../strings.js";

/**
 * @typedef {object} ListenerState
 * @property {string} phase "choosing", "connecting", "login", "listening" or "serverFollowing" (the server keeps their Spotify app in sync)
 * @property {string | null} service
 * @property {{ code: number, text: string } | null} finalClose
 * @property {boolean} connected
 * @property {boolean} joined the clock has a first sample: the room's time is known
 * @property {import("../types/wire").RoomState | null} room
 * @property {import("../types/wire").MatchResult | null} match this listener's match for the room's song
 * @property {boolean} needsTap
 * @property {boolean} wantsSound
 * @property {{ trackId: string | null, playing: boolean } | null} reading what the player last said
 * @property {string | null} policyStatus the follow policy's: "starting", "seeking", "holding", ...
 * @property {number | null} syncErrorMs
 */

/** @typedef {{ key: string, text: string }} Status */

/** @param {{ code: number }} close */
function finalKey(close) {
  switch (close.code) {
    case 1000: return "left";
    case 4404: return "closed";
    case 4413: return "full";
    default: return "refused";
  }
}

/** @param {ListenerState} state @returns {Status} */
export function listenerStatus(state) {
  const words = strings.listener.status;
  if (state.finalClose) return { key: finalKey(state.finalClose), text: state.finalClose.text };
  switch (state.phase) {
    case "choosing": return { key: "choosing", text: words.choosing };
    case "connecting": return { key: "connecting", text: words.connecting(state.service) };
    case "login": return { key: "login", text: words.login(state.service) };
    case "serverFollowing": return { key: "serverFollowing", text: words.serverFollowing };
  }
  const room = state.room;
  if (!state.connected) return { key: "reconnecting", text: words.reconnecting };
  if (!room || !state.joined) return { key: "joining", text: words.joining };
  if (state.needsTap) return { key: "tap", text: words.tap };
  const hostAway = room.hostConnected === false;
  if (!room.track) return { key: "waiting", text: hostAway ? words.hostAway : words.waiting };
  if (!state.wantsSound) return { key: "pausedByYou", text: words.pausedByYou };
  const match = state.match;
  if (!match) return { key: "matching", text: words.matching(state.service) };
  // Why is in the Sync details sheet; the pill stays short.
  if (match.status !== "matched") return { key: "noMatch", text: match.status === "unavailable" ? words.unavailable(state.service) : words.noMatch };
  if (!room.playing) return { key: "hostPaused", text: hostAway ? words.hostAwayPaused : words.hostPaused };
  const reading = state.reading;
  if (!reading || !reading.playing || reading.trackId !== match.track?.id || state.policyStatus === "starting") return { key: "starting", text: words.starting };
  // A small correction (within the in-sync figure) is not news: the status stays "in sync".
  const offBy = state.syncErrorMs === null ? null : Math.abs(state.syncErrorMs);
  if ((state.policyStatus === "seeking" && (offBy === null || offBy > IN_SYNC_MS)) || (offBy !== null && offBy > IN_SYNC_MS)) {
    return { key: "catchingUp", text: words.catchingUp };
  }
  if (state.policyStatus === "holding") return { key: "holding", text: words.holding };
  return { key: "inSync", text: hostAway ? words.inSyncHostAway : words.inSync };
}

/**
 * The meter in the Sync details sheet: where the needle sits (±250 ms shown), its colour and
 * its words. Green inside the in-sync figure; amber while a correction is likely to land soon;
 * red beyond.
 * @param {number} errorMs
 */
export function meterReading(errorMs) {
  const clamped = Math.max(-250, Math.min(250, errorMs));
  const magnitude = Math.abs(errorMs);
  return {
    clamped,
    leftPercent: 50 + clamped / 5,
    tone: magnitude <= IN_SYNC_MS ? "good" : magnitude <= 3 * IN_SYNC_MS ? "fair" : "poor",
    words: magnitude <= IN_SYNC_MS ? strings.listener.meter.inSync : strings.listener.meter.catchingUp,
    exact: strings.listener.meter.exact(errorMs),
  };
}
