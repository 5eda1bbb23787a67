// @ts-check
// "Played in this room": the room's history (GET /v1/rooms/{code}/history), oldest first, the
// newest page at once and "Show earlier songs" for the pages before it (a page is at most 100
// songs and 200 KB); each song with a link to it on this listener's own service (the host's
// where they have none) and, on the host's page, who asked for it; and "Save as a playlist"
// of the songs shown, on their service. Names and titles are
// written as text, never as markup. Loaded when opened, again when the room's song changes
// and when this listener's match of it comes in.
import { $ } from "./dom.js";
import * as strings from "../strings.js";
import { withTimeout } from "../players/timeout.js";
import { errorFields } from "./format.js";

/**
 * @typedef {{ id: string, title: string, artists: string[], link?: string }} HistoryTrack
 * @typedef {{ startedAt: number, service: string, id: string, title: string, artists: string[], link?: string, requestedBy?: string, yours?: HistoryTrack }} HistorySong
 * @typedef {{ service: () => string | null, storefront: () => string | null, save: ((songs: HistorySong[]) => Promise<string>) | null,
 *   hostToken?: string | null }} HistoryOptions
 */

/** The server asked for a pause before the next read. */
class RetryLater extends Error {
  /** @param {number} seconds */
  constructor(seconds) {
    super(strings.history.readTooOften);
    this.seconds = seconds;
  }
}

/**
 * A song's time of day, in the listener's own clock and language.
 * @param {number} startedAtMicros
 */
const clockTime = (startedAtMicros) => new Date(startedAtMicros / 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * When an open list must be read again: a new song, and again when this listener's own
 * recording of it comes in. The match usually lands a moment after the song starts, and a
 * list read at the start shows the host's link for it until the next song.
 * @param {import("../types/wire").RoomTrack | null} track the room's track: its source and its matches
 * @param {string | null} service @param {string | null} storefront
 * @returns {string | null}
 */
export function historyMoment(track, service, storefront) {
  const id = track?.source?.id ?? null;
  if (id === null || !service) return id;
  const found = (track?.matches || []).find((m) => m.service === service && m.storefront === storefront);
  return found?.result?.status === "matched" && found.result.track ? id + " " + service : id;
}

/**
 * @param {string} room
 * @param {HistoryOptions} options
 */
export function mountHistory(room, options) {
  const words = strings.history;
  const panel = /** @type {HTMLDetailsElement} */ ($("history"));
  const list = $("history-list");
  const note = $("history-note");
  const save = /** @type {HTMLButtonElement} */ ($("save-playlist"));
  const earlierButton = /** @type {HTMLButtonElement} */ ($("history-earlier"));
  /** @type {HistorySong[]} */
  let songs = [];
  /** The `before` of the page preceding the oldest shown; null when the first song is shown. */
  let earlier = /** @type {number | null} */ (null);
  let loading = false;
  // A reason to read again that came while a read was under way: one more read after it.
  let again = false;
  /** The one read waiting for the server's pause to end, if any. */
  let retry = /** @type {ReturnType<typeof setTimeout> | null} */ (null);

  /**
   * One page: the newest songs before `before` (the newest of all for null).
   * @param {number | null} before
   * @returns {Promise<{ songs: HistorySong[], earlier: number | null }>}
   */
  async function page(before) {
    const service = options.service();
    const query = new URLSearchParams(service ? { service, storefront: options.storefront() || "us" } : {});
    if (before !== null) query.set("before", String(before));
    const headers = options.hostToken ? { Authorization: "Bearer " + options.hostToken } : undefined;
    const response = await withTimeout(fetch("/v1/rooms/" + encodeURIComponent(room) + "/history?" + query, { cache: "no-store", headers }), "the server");
    if (response.status === 429) throw new RetryLater(Number(response.headers.get("Retry-After")) || 1);
    if (!response.ok) throw new Error(strings.history.couldNotLoad);
    const body = await response.json();
    return { songs: body.songs || [], earlier: typeof body.earlier === "number" ? body.earlier : null };
  }

  /** The newest page, read now: a refusal for reading too often is waited out, a few times. */
  async function readAfterPauses() {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await page(null);
      } catch (error) {
        if (!(error instanceof RetryLater) || attempt === 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(error.seconds, 10) * 1000));
      }
    }
  }

  async function showEarlier() {
    if (earlier === null) return;
    earlierButton.disabled = true;
    try {
      const older = await page(earlier);
      songs = [...older.songs, ...songs];
      earlier = older.earlier;
      render();
    } catch {
      note.textContent = words.couldNotLoad;
    } finally {
      earlierButton.disabled = false;
    }
  }

  async function load() {
    // A read the server asked to wait for is already due: it reads what this one would.
    if (retry !== null) return;
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      ({ songs, earlier } = await page(null));
      render();
    } catch (error) {
      // Read too often (songs changing fast): once more when the server allows, quietly.
      if (error instanceof RetryLater) {
        retry = setTimeout(() => {
          retry = null;
          if (panel.open) load();
        }, Math.min(error.seconds, 30) * 1000);
      }
      else note.textContent = words.couldNotLoad;
    } finally {
      loading = false;
      if (again) {
        again = false;
        load();
      }
    }
  }

  function render() {
    list.replaceChildren(...songs.map((song) => {
      const item = document.createElement("li");
      const time = document.createElement("span");
      time.className = "when small";
      time.textContent = clockTime(song.startedAt);
      const what = document.createElement("span");
      what.className = "what";
      const shown = song.yours || song;
      what.textContent = `${shown.title} · ${shown.artists.join(", ")}`;
      item.append(time, " ", what);
      if (song.requestedBy) {
        const who = document.createElement("span");
        who.className = "small";
        who.textContent = " · " + words.askedBy(song.requestedBy);
        item.append(who);
      }
      const link = shown.link || song.link;
      if (link) {
        const anchor = document.createElement("a");
        anchor.href = link;
        anchor.target = "_blank";
        anchor.rel = "noopener";
        anchor.className = "small";
        anchor.textContent = words.open;
        anchor.setAttribute("aria-label", words.openSong(shown.title));
        item.append(" ", anchor);
      }
      return item;
    }));
    $("history-empty").hidden = songs.length > 0;
    earlierButton.hidden = earlier === null;
    save.hidden = !options.save || !songs.some((song) => song.yours);
  }

  panel.addEventListener("toggle", () => { if (panel.open) load(); });
  save.addEventListener("click", () => saveNow());
  earlierButton.addEventListener("click", () => showEarlier());

  async function saveNow() {
    if (!options.save) return;
    save.disabled = true;
    note.textContent = words.saving;
    try {
      // Read afresh: a song that just began may have gained this listener's match since the
      // list was drawn. The list as drawn is never saved in its place: a read refused for
      // reading too often is waited out, and an empty playlist is never made.
      panel.open = true;
      if (retry !== null) clearTimeout(retry);
      retry = null;
      ({ songs, earlier } = await readAfterPauses());
      render();
      const yours = songs.filter((song) => song.yours);
      note.textContent = yours.length === 0 ? words.nothingToSave : await options.save(yours);
    } catch (error) {
      note.textContent = errorFields(error).message ?? words.couldNotSave;
    } finally {
      save.disabled = false;
    }
  }

  let lastMoment = /** @type {string | null} */ (null);
  return {
    /**
     * The room's song changed, or this listener's match of it came in (`historyMoment`): an open list shows it.
     * @param {string | null} moment
     */
    roomTrack(moment) {
      if (moment === lastMoment) return;
      lastMoment = moment;
      if (panel.open) load();
    },
    /** After a login asked for to save: open and save at once. */
    saveNow,
  };
}
