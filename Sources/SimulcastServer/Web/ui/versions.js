// @ts-check
// "Not this version?": the versions of the room's song on this listener's service
// (GET /v1/rooms/{code}/versions), each with why the matcher took it or not. The listener
// plays another for themselves at once (only their own view of the room changes: the other
// listeners keep theirs), and may suggest it to the host (POST /v1/matches/corrections without the
// host token: the room keeps it for the host, nobody else's song changes, and this listener plays
// it at once). Names and titles are written as text.
import { $, actionButton, setHidden } from "./dom.js";
import { errorFields, formatTime } from "./format.js";
import * as strings from "../strings.js";
import { withTimeout } from "../players/timeout.js";

/**
 * @typedef {{ id: string, title: string, artists: string[], album?: string, durationMs?: number, explicit?: boolean, link?: string,
 *   accepted: boolean, chosen: boolean, why: string[] }} Version
 * @typedef {import("../types/page").VersionChoice} VersionChoice
 */

/**
 * The room as this listener follows it: their chosen version in place of the room's match for
 * their service and storefront, while the room plays that song. Pure.
 * @template {import("../types/wire").RoomState | null} Room
 * @param {Room} room a room.state
 * @param {string | null} service
 * @param {string | null} storefront
 * @param {VersionChoice | null} choice
 */
export function withChosenVersion(room, service, storefront, choice) {
  const track = room?.track;
  if (!room || !choice || !track || !service || !storefront || track.source?.id !== choice.sourceId) return room;
  const result = { status: "matched", track: choice.track, confidence: 1, method: "listener", reasons: [strings.versions.yourChoice] };
  const others = (track.matches || []).filter((m) => !(m.service === service && m.storefront === storefront));
  return { ...room, track: { ...track, matches: [...others, { service, storefront, result }] } };
}

/**
 * The clean version to play instead of an explicit one: the best the matcher would take.
 * @param {Version[]} versions
 */
export const cleanVersion = (versions) => versions.find((version) => version.explicit === false && version.accepted) ?? null;

/**
 * MusicKit's refusal of a song the account's content restrictions forbid.
 * @param {unknown} error
 */
export function isContentRestricted(error) {
  const { code, message } = errorFields(error);
  return /CONTENT_RESTRICTED/.test(code || message || "");
}

/**
 * A version as the page's player and follow policy take a track.
 * @param {Version} version
 * @param {string} service
 * @returns {import("../types/wire").TrackMetadata}
 */
export const versionTrack = (version, service) => ({ service, id: version.id, title: version.title, artists: version.artists, album: version.album,
  durationMs: version.durationMs, explicit: version.explicit });

/**
 * @param {{ room: string, service: () => string | null, storefront: () => string | null, current: () => { sourceService: string, sourceId: string } | null,
 *   playing: () => string | null, choose: (sourceId: string, track: import("../types/wire").TrackMetadata) => void }} options
 */
export function mountVersions(options) {
  const words = strings.versions;
  const list = $("versions-list");
  const note = $("versions-note");
  /** @type {Version[]} */
  let versions = [];
  let sourceId = "";

  /**
   * The versions of the room's song on this listener's service, from the server.
   * @returns {Promise<{ sourceId: string, versions: Version[] }>}
   */
  async function lookup() {
    const service = options.service(), storefront = options.storefront();
    if (!service || !storefront) throw new Error(strings.history.noService);
    const query = new URLSearchParams({ service, storefront });
    const response = await withTimeout(fetch("/v1/rooms/" + encodeURIComponent(options.room) + "/versions?" + query, { cache: "no-store" }), "the server");
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error(body?.error?.message || words.couldNotLook);
    return { sourceId: body.sourceId || "", versions: body.versions || [] };
  }

  async function open() {
    setHidden("versions", false);
    $("versions").scrollIntoView({ block: "nearest" });
    $("versions-title").focus();
    list.replaceChildren();
    note.textContent = words.looking;
    try {
      ({ sourceId, versions } = await lookup());
      note.textContent = versions.length ? "" : words.none;
      render();
    } catch (error) {
      note.textContent = errorFields(error).message ?? words.couldNotLook;
    }
  }

  function render() {
    const playing = options.playing();
    list.replaceChildren(...versions.map((version) => {
      const item = document.createElement("li");
      const title = document.createElement("p");
      title.className = "what";
      title.textContent = `${version.title} · ${version.artists.join(", ")}`;
      const details = document.createElement("p");
      details.className = "small";
      details.textContent = [version.album, version.durationMs ? formatTime(version.durationMs) : null, version.explicit ? words.explicit : version.explicit === false ? words.clean : null,
        version.chosen ? words.roomsChoice : null].filter(Boolean).join(" · ");
      const why = document.createElement("p");
      why.className = "small why-line";
      why.textContent = (version.accepted ? words.taken : words.notTaken) + (version.why.length ? ": " + version.why.join("; ") : "");
      const actions = document.createElement("p");
      actions.className = "version-actions";
      if (version.id === playing) {
        const label = document.createElement("span");
        label.className = "small";
        label.textContent = words.playingForYou;
        actions.append(label);
      } else {
        actions.append(actionButton(words.playThis, words.playThisNamed(version.title), "secondary", () => {
          const service = options.service();
          if (!service) return;
          options.choose(sourceId, versionTrack(version, service));
          note.textContent = words.nowPlaying(version.title);
          render();
        }));
      }
      if (!version.chosen) {
        actions.append(" ", actionButton(words.suggest, words.suggestNamed(version.title), "link", () => suggestForRoom(version)));
      }
      item.append(title, details, why, actions);
      return item;
    }));
  }

  /** @param {Version} version */
  async function suggestForRoom(version) {
    const current = options.current();
    if (!current) return;
    try {
      const response = await withTimeout(fetch("/v1/matches/corrections", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ room: options.room, sourceService: current.sourceService, sourceId: current.sourceId, targetService: options.service(),
          storefront: options.storefront(), targetId: version.id }) }), "the server");
      const body = await response.json().catch(() => null);
      const service = options.service();
      if (response.ok && service && version.id !== options.playing()) options.choose(sourceId, versionTrack(version, service));
      note.textContent = response.ok ? words.suggested : (body?.error?.message || words.couldNotSuggest);
      if (response.ok) render();
    } catch {
      note.textContent = words.couldNotSuggest;
    }
  }

  $("other-versions").addEventListener("click", open);
  $("versions-close").addEventListener("click", () => { setHidden("versions", true); $("other-versions").focus(); });
  return { open, lookup };
}
