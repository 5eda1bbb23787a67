// @ts-check
// Handing the host role over (issue 37). The host page offers the room to a listener on Apple
// Music (POST /v1/rooms/{code}/handover, host token); that listener's page shows the offer and
// takes it with `handover.answer`; the server sends the room's new host token to that
// connection alone (`handover.granted`). The page keeps it as this browser's host token and
// opens the host page, which goes on with the room's song from where the room is
// (`continueRoom`): listeners hear no gap. The old host's token opens nothing from then on.
import { MessageType, StorageKey } from "../constants.js";
import { $, setHidden, setText } from "./dom.js";
import { isMatched, matchFor, targetPosition } from "../sync/follow-target.js";
import { hostModeKey, hostTokenKey } from "../room/storage.js";
import * as strings from "../strings.js";
import { errorFields } from "./format.js";

/** @typedef {import("../types/wire").RoomState} RoomState */

/**
 * Whether `state` offers the room to this page's connection (`listenerId`, from its welcome),
 * now (server time, µs). Never by name: a namesake is not the addressee.
 * @param {RoomState} state
 * @param {string} listenerId
 * @param {number} serverNow
 */
export function offeredTo(state, listenerId, serverNow) {
  const offer = state.handoverOffer;
  return !!offer && !!listenerId && offer.listener === listenerId && offer.expiresAt > serverNow;
}

/**
 * Where the room's song is on Apple Music, and where in it, for a new host going on with it:
 * the host's own recording when it is Apple Music's, else its Apple Music match. Null when the
 * room plays nothing Apple Music has.
 * @param {RoomState} state @param {number} serverNow µs @param {string} storefront
 * @returns {{ songId: string, positionMs: number, playing: boolean } | null}
 */
export function continuation(state, serverNow, storefront) {
  const track = state.track;
  if (!track) return null;
  const match = matchFor(track, "apple-music", storefront);
  const songId = track.source.service === "apple-music" ? track.source.id : isMatched(match) ? match.track.id : null;
  if (!songId) return null;
  return { songId, positionMs: Math.max(0, targetPosition(state, serverNow)), playing: state.playing };
}

/**
 * The listener's side: the offer, and taking it.
 * @param {{ room: string, listenerId: () => string, service: () => string | null, serverNow: () => number | null, send: (message: object) => boolean }} options
 */
export function mountHandoverOffer(options) {
  const words = strings.handover;
  /** @param {RoomState} state */
  function update(state) {
    const now = options.serverNow();
    const mine = now != null && options.service() === "apple-music" && offeredTo(state, options.listenerId(), now);
    setHidden("handover-offer", !mine);
  }
  /**
   * The server gave this page the room.
   * @param {string} hostToken
   */
  function granted(hostToken) {
    localStorage.setItem(hostTokenKey(options.room), hostToken);
    localStorage.setItem(hostModeKey(options.room), "apple-music");
    sessionStorage.setItem(StorageKey.handover, options.room);
    setText("handover-note", words.taking);
    location.assign("/r/" + encodeURIComponent(options.room) + "/host");
  }
  $("handover-take").addEventListener("click", () => {
    setText("handover-note", options.send({ type: MessageType.handoverAnswer, accept: true }) ? words.asking : words.notConnected);
  });
  $("handover-decline").addEventListener("click", () => {
    options.send({ type: MessageType.handoverAnswer, accept: false });
    setHidden("handover-offer", true);
  });
  return { update, granted };
}

/**
 * Whether this host page opens from a handover of `room` (once).
 * @param {string} room
 */
export function takeHandoverMarker(room) {
  const marked = sessionStorage.getItem(StorageKey.handover) === room;
  if (marked) sessionStorage.removeItem(StorageKey.handover);
  return marked;
}

/**
 * The host's side: offer the room to a listener on Apple Music, or withdraw the offer.
 * @param {{ request: (path: string, init?: RequestInit) => Promise<Response> }} options
 */
export function mountHandoverChoice(options) {
  const words = strings.handover;
  const list = $("handover-list");
  /** The name offered last, to say what happened when the token stops opening the room. */
  let offered = /** @type {string | null} */ (null);

  /** @param {{ id: string, name: string }} listener */
  async function offer({ id, name }) {
    try {
      const response = await options.request("/handover", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ listener: id }) });
      const body = await response.json().catch(() => null);
      if (!response.ok) throw new Error(body?.error?.message || words.couldNotOffer);
      offered = name;
      setText("handover-status", words.offered(name));
    } catch (error) {
      setText("handover-status", errorFields(error).message ?? words.couldNotOffer);
    }
  }

  async function withdraw() {
    const response = await options.request("/handover", { method: "DELETE" }).catch(() => null);
    if (response?.ok) { offered = null; setText("handover-status", words.withdrawn); }
  }

  /**
   * @param {RoomState} state
   * @param {import("../types/wire").RoomPresence | null | undefined} presence
   */
  function update(state, presence) {
    const candidates = (presence?.listeners || []).filter((listener) => listener.service === "apple-music")
      .map((listener) => ({ id: String(listener.id), name: String(listener.name) }));
    const key = candidates.map((listener) => listener.id + " " + listener.name).join("\n") + "|" + (state.handoverOffer?.listener || "");
    setHidden("handover", candidates.length === 0 && !state.handoverOffer);
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    list.replaceChildren(...candidates.map((listener) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.textContent = words.handTo(listener.name);
      button.dataset.name = listener.name;
      button.addEventListener("click", () => offer(listener));
      item.append(button);
      return item;
    }));
    setHidden("handover-withdraw", !state.handoverOffer);
  }

  $("handover-withdraw").addEventListener("click", withdraw);
  return { update, get offered() { return offered; } };
}

/**
 * A room handed to this page: its song on Apple Music from where the room is, so listeners
 * hear no gap (they play on meanwhile; the room's timeline is the same recording's).
 * @param {string} room
 * @param {MusicKit.Instance} music
 * @returns {Promise<"continued" | "nothing" | "failed">} "nothing": the room plays nothing this player can go on with
 */
export async function continueHandedOverRoom(room, music) {
  try {
    const response = await fetch("/v1/rooms/" + encodeURIComponent(room), { cache: "no-store" });
    if (!response.ok) return "nothing";
    /** @type {import("../types/page").RoomSummary} */
    const summary = await response.json();
    const receivedAt = performance.now();
    const serverNow = summary.serverTime + (performance.now() - receivedAt) * 1000;
    const next = continuation(summary.state, serverNow, music.storefrontCountryCode || "us");
    if (!next) return "nothing";
    const startTime = (next.positionMs + (performance.now() - receivedAt)) / 1000;
    await music.setQueue({ songs: [next.songId], startTime, startPlaying: next.playing });
    return "continued";
  } catch {
    return "failed";
  }
}
