// @ts-check
// A listener's own version of the room's song: "Not this version?" (versions.js) and "Clean
// versions", or an Apple Music account whose restrictions refused the explicit one. The
// room's match stays; this listener's follow aims at their choice.
import * as strings from "../strings.js";
import { matchFor } from "../sync/follow-target.js";
import { cleanVersion, mountVersions, versionTrack, withChosenVersion } from "./versions.js";

/** @typedef {import("../types/page").ListenerPage} ListenerPage */
/** @typedef {import("../types/wire").RoomState} RoomState */
/** @typedef {import("../types/wire").TrackMetadata} TrackMetadata */

/**
 * @param {object} deps
 * @param {ListenerPage} deps.page
 * @param {string} deps.room the room's code
 * @param {() => void} deps.targetChanged this listener's target changed: the follower starts afresh
 * @param {() => void} deps.render
 * @param {(text: string, kind?: string, clears?: string) => void} deps.say
 */
export function mountVersionChoice({ page, room, targetChanged, render, say }) {
  /**
   * The room as this listener follows it: their own choice of version in place of the room's match.
   * @param {RoomState} state
   */
  const roomForMe = (state) => withChosenVersion(state, page.service, page.storefront, page.versionChoice);
  const otherVersions = mountVersions({
    room, service: () => page.service, storefront: () => page.storefront,
    current: () => (page.room?.track ? { sourceService: page.room.track.source.service, sourceId: page.room.track.source.id } : null),
    playing: () => (page.match?.status === "matched" ? page.match.track?.id ?? null : null),
    choose: (sourceId, track) => choose(sourceId, track),
  });

  /**
   * This listener plays `track` for the room's song `sourceId`.
   * @param {string} sourceId
   * @param {TrackMetadata} track
   */
  function choose(sourceId, track) {
    page.versionChoice = { sourceId, track };
    targetChanged();
    if (page.room) page.match = matchFor(roomForMe(page.room).track, page.service, page.storefront);
    render();
  }

  /** @type {string | null} */
  let cleanAskedFor = null;
  /**
   * The clean version instead of an explicit one, said; `restricted`: MusicKit refused the explicit one.
   * @param {boolean} restricted
   */
  async function switchToClean(restricted) {
    const sourceId = page.room?.track?.source?.id;
    if (!sourceId || cleanAskedFor === sourceId || !page.service) return;
    cleanAskedFor = sourceId;
    try {
      const found = await otherVersions.lookup();
      const clean = cleanVersion(found.versions);
      if (!clean) { if (restricted) say(strings.versions.restrictedNoClean, "error", "success"); return; }
      choose(found.sourceId, versionTrack(clean, page.service));
      // Said while this song plays.
      say(restricted ? strings.versions.restrictedSwitched(clean.title) : strings.versions.cleanChosen(clean.title), "info", "song");
    } catch {
      if (restricted) say(strings.versions.restrictedNoClean, "error", "success");
    }
  }

  /**
   * The next version of the room's song that did not refuse to play here (a YouTube video
   * its owner does not let be embedded, or blocked in this country); none left: the song is
   * said to be not playable here, and the player stays quiet.
   * @param {string[]} refused ids of versions that refused
   * @returns {Promise<boolean>} whether another version was chosen
   */
  async function switchAwayFrom(refused) {
    if (!page.service || !page.room?.track) return false;
    try {
      const found = await otherVersions.lookup();
      const next = found.versions.find((version) => version.accepted && !refused.includes(version.id));
      if (!next) return false;
      choose(found.sourceId, versionTrack(next, page.service));
      return true;
    } catch {
      return false;
    }
  }

  return { roomForMe, switchToClean, switchAwayFrom };
}
