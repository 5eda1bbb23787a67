// @ts-check
// Hosting from YouTube on the host page: the host plays videos here, in YouTube's embedded
// player (visible, no sign-in, no subscription), found with this server's YouTube search or
// pasted as a link, one after another from a queue. The page publishes the room's state from
// its player as apple-host.js does: a host.state on every change and every 5 s while playing,
// the anchor on the server's clock. Listeners on YouTube get the same video; on Apple Music,
// Spotify or Deezer the server matches the song the video carries (its title, channel and
// length), or says there is none (a video that is not a song). The iframe's time is stepped:
// the anchor is SteppedTime's estimate, published again once it has narrowed. While the
// host's player shows an ad or waits for its video, the room pauses; it plays on with it.
import { MessageType } from "../constants.js";
import { $, actionButton, element, setHidden, setText } from "../ui/dom.js";
import { formatTime } from "../ui/format.js";
import { pageHostConnection } from "../room/page-host-connection.js";
import { nowMicros } from "../sync/clock-sync.js";
import { forgetHostToken } from "../room/storage.js";
import * as strings from "../strings.js";
import { YouTubePlayer } from "./youtube-player.js";
import { ScreenWakeLock } from "./wake-lock.js";

/** @typedef {import("../types/wire").HostState} HostState */
/** @typedef {import("../types/wire").TrackMetadata} Video */

const HEARTBEAT_MS = 5000;
// A jump this far from the published timeline is a seek (the player's own scrubber), not the estimate's wobble.
const OWN_SEEK_THRESHOLD_MS = 1000;
// Once the stepped time has moved a few times its estimate is close: published again then.
const NARROWED_AFTER_MS = 1500;

/**
 * Mounts the YouTube host on the host page; `changed` is called when the room hears it.
 * @param {import("../types/page").PageConfig} config
 * @param {string} hostToken
 * @param {() => void} changed
 */
export function mountYouTubeHost(config, hostToken, changed) {
  // What the page did, for a look from outside (tests, a curious host).
  const host = {
    connected: false, synchronised: false, published: 0,
    /** @type {HostState | null} */
    lastState: null,
    /** @type {string[]} */
    intents: [],
    /** @type {Video | null} the video playing */
    current: null,
    /** @type {Video[]} */
    queue: [],
    /** @type {Video[]} the last search's videos */
    results: [],
  };
  setHidden("youtube-host", false);
  /** @type {YouTubePlayer | null} */
  let player = null;
  const note = (/** @type {string} */ text) => setText("youtube-note", text);

  const connection = pageHostConnection(config, hostToken, {
    note,
    onChange() {
      host.connected = connection.connected;
      host.synchronised = connection.synchronised;
      render();
      changed();
    },
    onSynchronised: () => publish("reanchor"),
    onMessage(message) {
      if (message.type === MessageType.roomState) queueAccepted(message);
      else if (message.type === MessageType.error) note(strings.appleHost.roomRefused(String(message.message || message.code)));
    },
  });

  // Accepted song requests, matched to YouTube by the server, join the queue (each once); the
  // room hears that they did.
  const offered = new Set();
  /** @param {import("../types/wire").RoomState} state */
  function queueAccepted(state) {
    for (const request of state.requests || []) {
      if (request.status !== "accepted" || request.match?.service !== "youtube" || offered.has(request.id)) continue;
      offered.add(request.id);
      const match = request.match;
      host.queue.push({ service: "youtube", id: match.id, title: match.title, artists: match.artists, durationMs: match.durationMs });
      connection.send({ type: MessageType.requestQueued, id: request.id, queued: true });
      if (!host.current) playNext(); else publish("queue");
    }
    render();
  }

  /**
   * One snapshot of the player, its position mapped to the server's clock.
   * @param {string} intent
   */
  function publish(intent) {
    if (!player || !connection.synchronised || !host.current) return;
    const reading = player.read();
    const serverTime = connection.clock.serverTime(nowMicros());
    if (serverTime == null) return;
    /** @type {HostState & { type: string }} */
    const state = { type: MessageType.hostState, track: host.current, playing: reading.playing,
      anchor: { positionMs: Math.max(0, reading.positionMs), serverTime: Math.round(serverTime) }, queue: host.queue, intent };
    host.lastState = state;
    host.published += 1;
    if (intent !== "reanchor") host.intents.push(intent);
    connection.send(state);
    if (reading.playing && intent !== "reanchor") setTimeout(() => publish("reanchor"), NARROWED_AFTER_MS);
    render();
  }

  // Twenty times a second, so the stepped time's changes are seen within 50 ms (the estimate
  // narrows to what the readings allow): the player's own pauses, plays and seeks (its
  // controls are YouTube's), an ad, and the end of a video (the next one in the queue starts).
  function follow() {
    if (!player || !host.current) return;
    const reading = player.read();
    const last = host.lastState;
    if (player.ended) { playNext(); return; }
    if (!last) { if (reading.playing) publish("play"); return; }
    if (reading.playing !== last.playing) { publish(reading.playing ? "resume" : "pause"); return; }
    if (!reading.playing) return;
    const serverNow = connection.clock.serverTime(nowMicros());
    if (serverNow == null) return;
    const expectedMs = last.anchor.positionMs + (serverNow - last.anchor.serverTime) / 1000;
    if (Math.abs(reading.positionMs - expectedMs) > OWN_SEEK_THRESHOLD_MS) publish("seek");
  }
  const heartbeat = setInterval(() => { if (host.lastState?.playing) publish("reanchor"); }, HEARTBEAT_MS);
  setInterval(follow, 50);

  const events = {
    say: note,
    needTap: () => note(strings.youtubeHost.tapToPlay),
    loginNeeded: () => {},
    playing: () => note(""),
    wantsSound: () => true,
    volume: () => 1,
    /** @param {string} _videoId @param {number} code */
    refused: (_videoId, code) => {
      note(strings.youtube.refused(code) + " " + strings.youtubeHost.skipping);
      playNext();
    },
  };

  async function start() {
    element("youtube-connect", HTMLButtonElement).disabled = true;
    try {
      player = await YouTubePlayer.prepare(config, events, $("youtube-host-video"));
      await player.begin();
      setHidden("youtube-intro", true);
      setHidden("youtube-player", false);
      note(strings.youtubeHost.ready);
      connection.connect();
      wakeLock.acquire();
      render();
    } catch {
      note(strings.youtubeHost.couldNotStart);
      element("youtube-connect", HTMLButtonElement).disabled = false;
    }
  }

  /**
   * Plays `video` now: the room hears of it at once (loading), then when it plays.
   * @param {Video} video
   */
  async function play(video) {
    if (!player) return;
    host.current = video;
    host.lastState = null;
    await player.load(video.id, () => 0, true, []);
    publish("play");
  }

  function playNext() {
    const next = host.queue.shift();
    if (next) { play(next); return; }
    if (host.current && host.lastState?.playing) publish("pause");
    render();
  }

  /**
   * The search box: a pasted link plays that video; words search YouTube through this server.
   * @param {SubmitEvent} event
   */
  async function search(event) {
    event.preventDefault();
    const term = element("youtube-term", HTMLInputElement).value.trim();
    if (!term) return;
    note(strings.youtubeHost.searching);
    try {
      const query = new URLSearchParams({ service: "youtube", storefront: player?.storefront ?? "us", q: term.slice(0, 100) });
      const response = await fetch("/v1/rooms/" + encodeURIComponent(config.room) + "/search?" + query);
      const body = await response.json().catch(() => null);
      if (!response.ok) { note(body?.error?.message || strings.appleHost.searchFailed); return; }
      host.results = (body?.tracks || []).filter((/** @type {Video} */ video) => video.service === "youtube");
      note(host.results.length ? "" : strings.appleHost.nothingFound(term));
      const link = /^(https?:\/\/)?(www\.|m\.|music\.)?(youtube\.com|youtu\.be)\//i.test(term);
      // A playlist's link queues its videos (the first plays if nothing does); a video's plays at once.
      if (link && /\/playlist\?/.test(term) && host.results.length > 0) {
        host.queue.push(...host.results);
        note(strings.youtubeHost.queuedPlaylist(host.results.length));
        if (!host.current) playNext(); else publish("queue");
      } else if (link && host.results.length === 1) await play(host.results[0]);
      render();
    } catch {
      note(strings.appleHost.searchFailed);
    }
  }

  /**
   * A list of videos, each with a Play and an Add to queue button.
   * @param {HTMLElement} list @param {Video[]} videos @param {boolean} queued whether these are the queue's
   */
  function renderVideos(list, videos, queued) {
    list.replaceChildren(...videos.map((video, index) => {
      const row = document.createElement("li");
      row.className = "result video";
      const label = document.createElement("span");
      label.textContent = video.title + " · " + (video.artists[0] ?? "") + (video.durationMs ? " · " + formatTime(video.durationMs) : "");
      row.append(label, actionButton(strings.youtubeHost.play, strings.youtubeHost.playVideo(video.title), "secondary", () => {
        if (queued) host.queue.splice(index, 1);
        play(video);
      }));
      if (!queued) {
        row.append(actionButton(strings.youtubeHost.addToQueue, strings.youtubeHost.addVideo(video.title), "secondary", () => {
          host.queue.push(video);
          if (!host.current) playNext(); else publish("queue");
          render();
        }));
      }
      return row;
    }));
  }

  function render() {
    setText("youtube-room", host.synchronised ? strings.appleHost.publishing : strings.appleHost.connecting);
    setText("youtube-now-title", host.current ? host.current.title : strings.listener.nothingPlaying);
    setText("youtube-now-channel", host.current?.artists[0] ?? "");
    setHidden("youtube-next", host.queue.length === 0);
    setHidden("youtube-queue-line", host.queue.length === 0);
    const queueKey = host.queue.map((video) => video.id).join(",");
    const queue = $("youtube-queue");
    if (queue.dataset.items !== queueKey) { queue.dataset.items = queueKey; renderVideos(queue, host.queue, true); }
    const resultsKey = host.results.map((video) => video.id).join(",");
    const results = $("youtube-results");
    if (results.dataset.items !== resultsKey) { results.dataset.items = resultsKey; renderVideos(results, host.results, false); }
  }

  // Keep screen on: a phone that locks stops the player, and the room then shows the host away.
  const wakeLock = new ScreenWakeLock("youtube-keep-awake", true);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    connection.comeBack();
    if (player) wakeLock.acquire();
  });

  $("youtube-connect").addEventListener("click", start);
  $("youtube-search").addEventListener("submit", search);
  $("youtube-next").addEventListener("click", playNext);
  return Object.assign(host, {
    /** Stop hosting from this page: the video stops, the room's connection closes for good, and this browser forgets the room. */
    async stop() {
      clearInterval(heartbeat);
      await player?.pause().catch(() => {});
      connection.close(1000);
      forgetHostToken(config.room);
      wakeLock.release();
    },
  });
}
