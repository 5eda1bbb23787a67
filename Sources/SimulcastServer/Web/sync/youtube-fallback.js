// @ts-check
// "Play songs my service lacks from YouTube": a listener's setting, off by default. While it
// is on, the room matches its songs to YouTube for them too (`listener.fallback`), and a song
// their own service has no recording of plays in YouTube's player, in the artwork's place,
// followed by the same policy; the next song their service has plays there again. The
// YouTube player is started in the tap that turns the setting on, so that a phone lets it
// play later without another.
import { MessageType, StorageKey } from "../constants.js";
import * as strings from "../strings.js";
import { isMatched, matchFor } from "./follow-target.js";

/** @typedef {import("../types/page").ListenerPage} ListenerPage */
/** @typedef {import("../types/page").ListenerPlayer} ListenerPlayer */
/** @typedef {import("../types/wire").RoomState} RoomState */

export const FALLBACK_SERVICE = "youtube";

/**
 * Where this song plays from: the listener's own service, or YouTube when the setting is on,
 * their service answered that it has no recording (any answer but a match; not while it is
 * still looking) and YouTube has one.
 * @param {{ enabled: boolean, service: string | null, storefront: string | null, own: RoomState["track"] | null, room: RoomState["track"] | null }} song
 *   `own`: the room's track as this listener's version choice leaves it; `room`: as the room has it
 * @returns {string | null} the fallback service to play from, or null for their own
 */
export function fallbackSource({ enabled, service, storefront, own, room }) {
  if (!enabled || !service || !storefront || service === FALLBACK_SERVICE) return null;
  const ours = matchFor(own ?? null, service, storefront);
  if (!ours || ours.status === "matched") return null;
  return isMatched(matchFor(room ?? null, FALLBACK_SERVICE, storefront)) ? FALLBACK_SERVICE : null;
}

/**
 * @param {object} deps
 * @param {ListenerPage} deps.page
 * @param {import("./listener-follower.js").ListenerFollower} deps.follower
 * @param {(service: string) => Promise<ListenerPlayer>} deps.prepare the player for a service, made once
 * @param {(room: RoomState) => RoomState} deps.roomForMe
 * @param {(message: object) => boolean} deps.send to the room, when connected
 * @param {boolean} deps.offered whether this server offers YouTube
 * @param {() => void} deps.render
 * @param {(text: string, kind?: string, clears?: string) => void} deps.say
 */
export function mountYouTubeFallback({ page, follower, prepare, roomForMe, send, offered, render, say }) {
  const box = /** @type {HTMLInputElement} */ (document.getElementById("youtube-fallback"));
  let enabled = offered && localStorage.getItem(StorageKey.youtubeFallback) === "1";
  box.checked = enabled;
  /** The listener's own player while YouTube plays in its place. */
  let own = /** @type {{ player: ListenerPlayer | null, remote: boolean } | null} */ (null);
  /** Where the song should play from; a switch under way goes on to it when it ends. */
  let wanted = /** @type {string | null} */ (null);
  let switching = false;

  const tell = () => send({ type: MessageType.fallback, service: enabled ? FALLBACK_SERVICE : null });

  /** One switch of players: the one playing now is paused, the other followed from now. */
  async function switchTo(/** @type {string | null} */ source) {
    follower.silence();
    if (source) {
      const player = await prepare(source);
      own ??= { player: follower.player, remote: follower.remote };
      follower.player = player;
      follower.remote = false;
    } else if (own) {
      follower.player = own.player;
      follower.remote = own.remote;
      own = null;
    }
    page.playingFrom = source;
    follower.policy = null;
    follower.renewPolicy();
  }

  /** Plays from `source` (a fallback service, or null for the listener's own) from now. */
  async function playFrom(/** @type {string | null} */ source) {
    wanted = source;
    if (switching) return;
    switching = true;
    try {
      while ((page.playingFrom ?? null) !== wanted) await switchTo(wanted);
    } catch {
      wanted = null;
      say(strings.youtube.fallbackCouldNotStart, "error", "song");
    } finally {
      switching = false;
      render();
    }
  }

  /** The room's song or its matches changed: where this listener hears it from. */
  function update() {
    if (page.phase !== "listening" || !page.room) return;
    const source = fallbackSource({ enabled, service: page.service, storefront: page.storefront,
      own: roomForMe(page.room).track, room: page.room.track });
    page.match = source ? matchFor(page.room.track, source, page.storefront) : matchFor(roomForMe(page.room).track, page.service, page.storefront);
    playFrom(source);
  }

  box.addEventListener("change", async () => {
    enabled = box.checked;
    localStorage.setItem(StorageKey.youtubeFallback, enabled ? "1" : "0");
    tell();
    if (enabled) {
      // In the tap: a phone lets the player make sound later only after one.
      try {
        await (await prepare(FALLBACK_SERVICE)).begin();
      } catch {
        say(strings.youtube.fallbackCouldNotStart, "error", "soon");
      }
    }
    update();
  });

  return {
    update,
    /** The listener chose a service (again): its player plays, from no fallback. */
    chosen() {
      own = null;
      wanted = null;
      page.playingFrom = null;
    },
    /** Each connection is new to the room: the setting is said again. */
    connected() { if (enabled) tell(); },
    /** The setting's line and the sentence that says which service plays. */
    render() {
      const choosable = offered && page.phase === "listening" && page.service !== FALLBACK_SERVICE;
      const line = /** @type {HTMLElement} */ (document.getElementById("youtube-fallback-line"));
      if (line.hidden !== !choosable) line.hidden = !choosable;
      const label = /** @type {HTMLElement} */ (document.getElementById("youtube-fallback-label"));
      const text = strings.youtube.fallbackSetting(page.service);
      if (label.textContent !== text) label.textContent = text;
      const from = /** @type {HTMLElement} */ (document.getElementById("playing-from"));
      if (from.hidden !== !page.playingFrom) from.hidden = !page.playingFrom;
      const says = page.playingFrom ? strings.youtube.playingFrom(page.service) : "";
      if (from.textContent !== says) from.textContent = says;
    },
  };
}
