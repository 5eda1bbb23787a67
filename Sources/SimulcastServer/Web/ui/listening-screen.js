// @ts-check
// The listening screen's song: title, artist, artwork (the match's, else the host's, else a
// cover drawn from the song's name), progress on the room's timeline, what comes next, why
// this version, the lock screen's metadata, and the meter under the Sync details. Reads the
// page's state; writes only text and attributes that changed.
import { matchFor } from "../sync/follow-target.js";
import * as strings from "../strings.js";
import { $, setArtwork, setHidden, setText } from "./dom.js";
import { artistLine, generatedCoverURL } from "./format.js";
import { meterReading } from "./listener-status.js";
import { renderProgress } from "./progress.js";

/** @typedef {import("../types/page").ListenerPage} ListenerPage */
/** @typedef {import("../types/wire").TrackMetadata} TrackMetadata */
/** @typedef {import("../types/wire").MatchResult} MatchResult */
/** @typedef {import("../types/wire").RoomState} RoomState */

const words = strings.listener;

/** What the song part of the screen is drawn from. */
/**
 * @typedef {object} SongView
 * @property {ListenerPage} page
 * @property {number | null} serverNow the server's time now, once the clock is synchronised
 * @property {{ device: string | null, refusal: string | null } | null} connect the listener's Spotify app, when it plays there
 * @property {boolean} canKeepFollowing the server may follow this listener's Spotify app
 */

export function mountListeningScreen() {
  /** @type {string | null} */
  let whyShown = null;
  /** @type {string | null} */
  let metadataShown = null;

  // The song's artwork: the match's, else the host's, else a cover made from the song's name
  // (the same on every listener's screen), never a letter.
  /** @param {TrackMetadata | null | undefined} shown @param {TrackMetadata | null | undefined} source */
  function renderArtwork(shown, source) {
    const art = shown?.artworkURL || source?.artworkURL;
    const url = art || (shown ? generatedCoverURL(shown.title, artistLine(shown)) : "/web/icon.svg");
    setArtwork("artwork", url, shown ? words.coverOf(shown.title) : "Simulcast");
  }

  /** @param {ListenerPage} page @param {RoomState} room */
  function renderUpNext(page, room) {
    const next = (room.queue || [])[0];
    const shown = next ? (matchFor(next, page.service, page.storefront)?.track || next.source) : null;
    setHidden("up-next", !shown);
    setText("up-next", shown ? words.upNext(shown.title, artistLine(shown)) : "");
  }

  /** @param {ListenerPage} page @param {TrackMetadata | undefined} source @param {MatchResult | null} result */
  function renderWhy(page, source, result) {
    const key = JSON.stringify([source?.id, page.service, result]);
    if (key === whyShown) return;
    whyShown = key;
    const why = $("why");
    why.replaceChildren();
    why.hidden = !(source && page.service);
    if (why.hidden) { page.noMatch = null; return; }
    const summary = document.createElement("summary");
    const status = result?.status;
    summary.textContent = !result ? words.why.finding(page.service)
      : status === "matched" ? words.why.matched(page.service, result.confidence)
        : status === "ambiguous" ? words.why.ambiguous(page.service)
          : status === "unavailable" ? words.why.unavailable(page.service)
            : words.why.noMatch(page.service);
    why.appendChild(summary);
    const reasons = (result?.reasons || []).concat(result?.method ? [words.why.method(result.method)] : []);
    if (reasons.length) {
      const list = document.createElement("ul");
      for (const reason of reasons) { const li = document.createElement("li"); li.textContent = reason; list.appendChild(li); }
      why.appendChild(list);
    }
    why.className = "why " + (status || "pending");
    page.noMatch = status && status !== "matched" ? summary.textContent : null;
  }

  /** @param {ListenerPage} page @param {TrackMetadata | null | undefined} shown */
  function renderMediaMetadata(page, shown) {
    if (!navigator.mediaSession || !window.MediaMetadata || !shown) return;
    const key = shown.title + "|" + shown.artists.join(",") + "|" + (shown.album || "") + "|" + (shown.artworkURL || "");
    if (key !== metadataShown) {
      metadataShown = key;
      navigator.mediaSession.metadata = new MediaMetadata({ title: shown.title, artist: artistLine(shown), album: shown.album || "",
        artwork: shown.artworkURL ? [{ src: shown.artworkURL }] : [] });
    }
    navigator.mediaSession.playbackState = page.reading?.playing ? "playing" : "paused";
  }

  /** @param {ListenerPage} page @param {number | null} serverNow */
  function renderMeter(page, serverNow) {
    const room = page.room;
    const error = page.syncErrorMs;
    renderProgress(room, serverNow, page.match?.track?.durationMs ?? room?.track?.source?.durationMs ?? 0);
    // Only while this listener's audio plays along: never "in sync" over silence.
    const playing = error !== null && !!room?.playing && !!page.reading?.playing && page.wantsSound && page.status !== "noMatch";
    setHidden("meter", !playing);
    setHidden("sync-idle", playing);
    if (!playing || error === null) return;
    const reading = meterReading(error);
    const meter = $("meter");
    meter.setAttribute("aria-valuenow", String(Math.round(reading.clamped)));
    meter.setAttribute("aria-valuetext", reading.words + ", " + reading.exact);
    $("needle").style.left = reading.leftPercent + "%";
    $("needle").className = "needle " + reading.tone;
    setText("offset", reading.words);
    setText("offset-ms", reading.exact);
  }

  /**
   * The song part of the screen, once the room's state is known.
   * @param {SongView} view
   */
  function render({ page, serverNow, connect, canKeepFollowing }) {
    const room = page.room;
    if (!room) return;
    const listening = page.phase === "listening" && !page.finalClose;
    const headline = room.hostName ? words.listenAlongWith(room.hostName) : words.listenAlong;
    setText("headline", headline);
    const source = room.track?.source;
    const result = page.match;
    const shown = result?.status === "matched" ? result.track : source;
    setText("now-title", shown ? shown.title : words.nothingPlaying);
    setText("artist", shown ? artistLine(shown) : words.notStarted(room.hostName));
    renderArtwork(shown, source);
    // Said only when what this listener hears is not what the host plays, word for word.
    const differs = !!source && !!shown && (shown.title !== source.title || artistLine(shown) !== artistLine(source));
    setHidden("source", !differs);
    setHidden("other-versions-line", page.phase !== "listening" || !source || source.service === page.service);
    setText("source", differs && source ? words.hostPlays(room.hostName, source.title, artistLine(source)) : "");
    renderUpNext(page, room);
    const title = shown && room.playing ? `${shown.title} · ${artistLine(shown)} · Simulcast` : `${headline} · Simulcast`;
    if (document.title !== title) document.title = title;
    renderWhy(page, source, result);
    renderMediaMetadata(page, shown);
    renderMeter(page, serverNow);
    setHidden("connect-line", !connect);
    // The Spotify app's own volume counts: this page makes no sound of its own.
    const volume = $("volume").parentElement;
    if (volume && volume.hidden !== !!connect) volume.hidden = !!connect;
    if (connect) setText("connect-line", connect.refusal || strings.spotify.playsOn(connect.device || "Spotify"));
    setHidden("keep-following-line", !connect || !!connect.refusal || !canKeepFollowing || !listening);
  }

  return {
    render,
    /** WebKit clears the lock screen's metadata when playing starts: set it again. */
    forgetMediaMetadata() { metadataShown = null; },
  };
}
