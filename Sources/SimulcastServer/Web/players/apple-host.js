// @ts-check
// Hosting with Apple Music from the host page: the host plays in this page through MusicKit JS
// (a player with artwork, a scrubber and the queue; search the catalog, an album, a playlist of
// their library) and the page publishes the room's state from its own player, as the CLI's
// HostSession does: a host.state on every change and every 5 s while playing, the anchor on
// the server's clock (room-connection.js), the queue ahead, the intent. Every pause and play
// is published, whatever caused it (the page's buttons, headphones, a call, the lock screen).
// Apple offers no "currently playing" API, so the room follows this page: closed, the room
// shows the host away.
import { MessageType } from "../constants.js";
import { continueHandedOverRoom } from "../ui/handover.js";
import { $, element, setArtwork, setHidden, setText } from "../ui/dom.js";
import { artistLine, errorFields, formatTime, generatedCoverURL, remainingTime } from "../ui/format.js";
import { ARTWORK_PX, artworkURL, trackOf, upcomingItems } from "./apple-music-items.js";
import { MusicKitSession } from "./musickit.js";
import { mountAppleLibrary } from "../ui/apple-library.js";
import { mountReactions, showReaction } from "../ui/reactions.js";
import { pageHostConnection } from "../room/page-host-connection.js";
import { nowMicros } from "../sync/clock-sync.js";
import { forgetHostToken } from "../room/storage.js";
import * as strings from "../strings.js";
import { ScreenWakeLock } from "./wake-lock.js";

/** @typedef {import("../types/wire").HostState} HostState */

const HEARTBEAT_MS = 5000;
// A jump this far from the published timeline is a seek, not a player's drift.
const OWN_SEEK_THRESHOLD_MS = 1000;

/**
 * Mounts the Apple Music host on the host page; `changed` is called when the room hears it.
 * @param {import("../types/page").PageConfig} config
 * @param {string} hostToken
 * @param {() => void} changed
 * @param {{ continueRoom?: boolean }} [options] `continueRoom`: the room was just handed to this
 *   page; connecting goes on with the room's song from where the room is.
 */
export function mountAppleHost(config, hostToken, changed, options = {}) {
  // What the page did, for a look from outside (tests, a curious host): `intents` lists the
  // actions published, oldest first (heartbeats' reanchors left out).
  const host = {
    connected: false, synchronised: false, published: 0, music: /** @type {MusicKit.Instance | null} */ (null),
    // The last host.state published.
    lastState: /** @type {HostState | null} */ (null),
    intents: /** @type {string[]} */ ([]),
    /** Whether this page went on with a room handed to it. */
    continued: false,
    /** Songs requested by listeners that this player queued, oldest first. */
    queuedRequests: /** @type {string[]} */ ([]),
  };
  setHidden("apple-host", false);
  if (options.continueRoom) {
    setText("apple-intro-text", strings.handover.continueIntro);
    setText("apple-connect", strings.handover.continueButton);
  }
  /** @type {MusicKitSession | null} */
  let session = null;
  const note = (/** @type {string} */ text) => setText("apple-note", text);

  const connection = pageHostConnection(config, hostToken, {
    note,
    onChange() {
      const opened = connection.connected && !host.connected;
      host.connected = connection.connected;
      host.synchronised = connection.synchronised;
      if (opened) mountReactions(async (reaction) => connection.send({ type: MessageType.reaction, reaction }) || null);
      render();
      changed();
    },
    // A burst is in: the anchors are on the server's clock from here on.
    onSynchronised: () => publish("reanchor"),
    onMessage(message) {
      if (message.type === MessageType.roomState) queueAccepted(message);
      else if (message.type === MessageType.roomReaction) showReaction(message, null);
      else if (message.type === MessageType.error) note(strings.appleHost.roomRefused(String(message.message || message.code)));
    },
  });

  // Accepted song requests go into this player's own queue (after what is queued already),
  // each once; the room hears whether MusicKit took it.
  const offered = new Set();
  /** @param {import("../types/wire").RoomState} state */
  async function queueAccepted(state) {
    const music = host.music;
    if (!music) return;
    for (const request of state.requests || []) {
      if (request.status !== "accepted" || !request.match || request.match.service !== "apple-music" || offered.has(request.id)) continue;
      offered.add(request.id);
      try {
        await music.playLater({ song: request.match.id });
        connection.send({ type: MessageType.requestQueued, id: request.id, queued: true });
        host.queuedRequests.push(request.match.id);
        render();
      } catch (error) {
        const reason = String(errorFields(error).code || errorFields(error).message || "MusicKit refused").slice(0, 200);
        connection.send({ type: MessageType.requestQueued, id: request.id, queued: false, reason });
      }
    }
  }

  // One snapshot: the position read together with the instant, mapped to the server's clock.
  /** @param {string} intent */
  function publish(intent) {
    const music = host.music;
    if (!music || !session || !connection.synchronised) return;
    // Nothing played here yet: saying "nothing plays" would stop a room this page just took over.
    if (!music.nowPlayingItem && host.published === 0) return;
    const local = nowMicros();
    const positionMs = (music.currentPlaybackTime || 0) * 1000;
    const serverTime = connection.clock.serverTime(local);
    if (serverTime == null) return;
    /** @type {HostState & { type: string }} */
    const state = { type: MessageType.hostState, track: trackOf(music.nowPlayingItem) ?? undefined, playing: session.playing,
      anchor: { positionMs, serverTime: Math.round(serverTime) }, queue: upcomingItems(music).flatMap((item) => trackOf(item) ?? []), intent };
    host.lastState = state;
    host.published += 1;
    if (intent !== "reanchor") host.intents.push(intent);
    connection.send(state);
    render();
  }
  // The heartbeat re-anchors the same timeline; a player that moved off it since (a seek
  // outside the page the half-second check has not seen yet) is a seek, said as one, never
  // slipped in as a re-anchor that listeners would take for the same timeline.
  const heartbeat = setInterval(() => { if (session?.playing && !followOwnPosition()) publish("reanchor"); }, HEARTBEAT_MS);
  setInterval(() => { session?.renewIfDue().catch(() => note(strings.appleHost.renewalFailed)); }, 10000);
  setInterval(() => { renderPosition(); followOwnPosition(); }, 500);

  async function connectAppleMusic() {
    element("apple-connect", HTMLButtonElement).disabled = true;
    try {
      session = await MusicKitSession.start(config.musicKitURL);
      await session.authorize();
      const music = session.music;
      host.music = music;
      music.addEventListener("playbackStateDidChange", () => { render(); followOwnState(); });
      // A new item the host did not ask for (the last one ended): the room moves on with it.
      music.addEventListener("nowPlayingItemDidChange", () => { if (!busy) publish("play"); });
      setHidden("apple-intro", true);
      setHidden("apple-player", false);
      note(strings.appleHost.connected);
      const continued = options.continueRoom ? await continueHandedOverRoom(config.room, music) : "nothing";
      host.continued = continued === "continued";
      if (continued === "failed") note(strings.appleHost.refusedAction);
      connection.connect();
      wakeLock.acquire();
      library.loadPlaylists();
      render();
    } catch {
      note(strings.appleHost.couldNotConnect);
      element("apple-connect", HTMLButtonElement).disabled = false;
    }
  }

  // The player also pauses and plays by itself: headphones taken out, a call, Control Center,
  // the lock screen, the next song starting. Whatever caused it, the room hears it at once
  // (the page's own buttons publish theirs through `act`, while `busy`).
  function followOwnState() {
    const music = host.music;
    if (!music || !session || busy || !host.lastState) return;
    const states = session.states;
    const halted = music.playbackState === states.paused || music.playbackState === states.stopped;
    if (session.playing && !host.lastState.playing) publish("resume");
    else if (halted && host.lastState.playing) publish("pause");
  }

  // A seek made outside the page (the lock screen's scrubber, Control Center): the player's
  // position leaves the timeline last published by more than a second, and the room hears it
  // within half a second instead of at the next 5 s heartbeat.
  /** @returns {boolean} whether it published a seek */
  function followOwnPosition() {
    const music = host.music;
    const last = host.lastState;
    if (!music || !session || busy || !last || !last.track || last.track.id !== String(music.nowPlayingItem?.id)) return false;
    const serverNow = connection.clock.serverTime(nowMicros());
    if (serverNow == null) return false;
    const expectedMs = last.anchor.positionMs + (last.playing ? (serverNow - last.anchor.serverTime) / 1000 : 0);
    const positionMs = (music.currentPlaybackTime || 0) * 1000;
    if (Math.abs(positionMs - expectedMs) <= OWN_SEEK_THRESHOLD_MS) return false;
    publish("seek");
    return true;
  }

  // Each control: the player acts, then the room hears the result with its meaning.
  let busy = false;
  /** @param {string} intent @param {(music: MusicKit.Instance) => Promise<unknown>} action */
  async function act(intent, action) {
    const music = host.music;
    if (!music || busy) return;
    busy = true;
    try {
      await action(music);
      publish(intent);
    } catch {
      note(strings.appleHost.refusedAction);
    } finally {
      busy = false;
    }
  }

  const library = mountAppleLibrary({ music: () => host.music, act, note });

  function render() {
    const music = host.music;
    setText("apple-room", host.synchronised ? strings.appleHost.publishing : strings.appleHost.connecting);
    if (!music || !session) return;
    const playing = session.playing;
    const toggle = $("apple-toggle");
    const label = playing ? strings.appleHost.pause : strings.appleHost.play;
    if (toggle.getAttribute("aria-label") !== label) toggle.setAttribute("aria-label", label);
    toggle.classList.toggle("playing", playing);
    const item = music.nowPlayingItem;
    const track = trackOf(item);
    setText("apple-now-title", track ? track.title : strings.listener.nothingPlaying);
    setText("apple-now-artist", track ? artistLine(track) : "");
    const art = artworkURL(item, ARTWORK_PX) || (track ? generatedCoverURL(track.title, artistLine(track)) : "/web/icon.svg");
    setArtwork("apple-artwork", art, track ? strings.listener.coverOf(track.title) : "Simulcast");
    const upcoming = upcomingItems(music);
    setHidden("apple-queue-line", upcoming.length === 0);
    const key = upcoming.map((entry) => entry.id).join(",");
    const queue = $("apple-queue");
    if (queue.dataset.items !== key) {
      queue.dataset.items = key;
      library.list(queue, upcoming, (_, index) => act("play", async (m) => {
        for (let skipped = 0; skipped <= index; skipped += 1) await m.skipToNextItem();
      }));
    }
    renderPosition();
  }

  // The scrubber follows the song unless the host is dragging it.
  let scrubbing = false;
  function renderPosition() {
    const music = host.music;
    if (!music || scrubbing) return;
    const durationMs = trackOf(music.nowPlayingItem)?.durationMs || 0;
    const positionMs = Math.min(durationMs || Infinity, (music.currentPlaybackTime || 0) * 1000);
    const scrubber = element("apple-scrubber", HTMLInputElement);
    scrubber.max = String(Math.round(durationMs / 1000));
    scrubber.value = String(Math.floor(positionMs / 1000));
    scrubber.setAttribute("aria-valuetext", formatTime(positionMs) + " of " + formatTime(durationMs));
    setText("apple-elapsed", formatTime(positionMs));
    setText("apple-remaining", remainingTime(positionMs, durationMs));
  }

  // Keep screen on: a phone that locks stops the page, and the room then shows the host away.
  const wakeLock = new ScreenWakeLock("apple-keep-awake", true);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    connection.comeBack();
    if (host.music) wakeLock.acquire();
  });

  $("apple-connect").addEventListener("click", connectAppleMusic);
  $("apple-search").addEventListener("submit", library.search);
  $("apple-toggle").addEventListener("click", () => {
    const playing = !!session?.playing;
    act(playing ? "pause" : "resume", (music) => (playing ? music.pause() : music.play()));
  });
  $("apple-back").addEventListener("click", () => act("seek", (music) => music.seekToTime(Math.max(0, music.currentPlaybackTime - 15))));
  $("apple-forward").addEventListener("click", () => act("seek", (music) => music.seekToTime(music.currentPlaybackTime + 15)));
  $("apple-next").addEventListener("click", () => act("play", (music) => music.skipToNextItem()));
  $("apple-previous").addEventListener("click", () => act("play", (music) => music.skipToPreviousItem()));
  $("apple-scrubber").addEventListener("input", () => { scrubbing = true; setText("apple-elapsed", formatTime(Number(element("apple-scrubber", HTMLInputElement).value) * 1000)); });
  $("apple-scrubber").addEventListener("change", () => {
    scrubbing = false;
    act("seek", (music) => music.seekToTime(Number(element("apple-scrubber", HTMLInputElement).value)));
  });
  return Object.assign(host, {
    /** Stop hosting from this page: the music stops, the room's connection closes for good, and this browser forgets the room. */
    async stop() {
      clearInterval(heartbeat);
      await host.music?.pause().catch(() => {});
      connection.close(1000);
      forgetHostToken(config.room);
      wakeLock.release();
    },
  });
}
