// @ts-check
// The listener's YouTube player: the follow policy's verbs over the IFrame Player API. No
// sign-in and no subscription: the video plays embedded where the artwork was (visible, at
// least 200×200, as YouTube's terms ask), with YouTube's ads where it shows them. One player
// for the evening: on a phone a new player would need a new tap, so songs change with
// `loadVideoById`. The iframe reports its time a few times a second: `SteppedTime` reads it
// (bounds that narrow at each change; a "playing" player whose time stands still is an ad or
// a stall, reported as waiting, and the follower does not ask the policy until the time moves
// again: then one seek at most, not a chase). A load buffers for a few hundred milliseconds,
// which the policy starts from (`followFigures`) and then learns. A seek is held: a seek while
// playing rebuffers for anything from 300 to 600 ms and so lands anywhere in a 300 ms window;
// paused, the player buffers where it was sent and waits, and plays a hold after the command
// (SEEK_HOLD_MS, or longer than the slowest buffering seen lately where the network is slow),
// so every seek takes the same time, which the policy learns and aims by. The Swift
// twin is SimulcastClient's YouTubeIFramePlayer, measured by `simulcast-bench sync --scenario youtube`.
import { loadScript } from "../ui/dom.js";
import * as strings from "../strings.js";
import { withTimeout } from "./timeout.js";
import { SteppedTime, State } from "./stepped-time.js";

/** @typedef {import("./apple-music-player.js").PlayerEvents} PlayerEvents */

/** Longer than the slowest buffering after a seek (600 ms measured), so a held seek plays on time. */
const SEEK_HOLD_MS = 700;
/** The hold outlasts the slowest of the last bufferings by this much. */
const HOLD_MARGIN_MS = 100;
const BUFFERINGS_REMEMBERED = 8;

/**
 * @typedef {object} YouTubeEvents
 * @property {(videoId: string, code: number) => void} refused the video cannot play here (its error code)
 */

export class YouTubePlayer {
  /**
   * Loads the IFrame API and makes the one player, in the listening screen's frame.
   * @param {{ youtubeIFrameAPIURL: string }} config
   * @param {PlayerEvents & YouTubeEvents} events
   * @param {HTMLElement} place where the player goes (it is replaced by YouTube's iframe)
   */
  static async prepare(config, events, place) {
    const ready = new Promise((resolve) => { window.onYouTubeIframeAPIReady = () => resolve(undefined); });
    await loadScript(config.youtubeIFrameAPIURL);
    if (!window.YT?.Player) await withTimeout(ready, "YouTube's player");
    const size = Math.max(200, Math.round(place.getBoundingClientRect().width) || 0);
    /** @type {(player: YouTubePlayer) => void} */
    let onReady = () => {};
    const isReady = new Promise((resolve) => { onReady = resolve; });
    const self = new YouTubePlayer(events);
    self.player = new window.YT.Player(place, {
      width: size, height: size,
      // playsinline: an iPhone plays in the page, not full screen; no related videos from other channels.
      playerVars: { playsinline: 1, rel: 0, controls: 1, origin: location.origin, enablejsapi: 1 },
      events: {
        onReady: () => onReady(self),
        onStateChange: (/** @type {{ data: number }} */ event) => self.stateChanged(event.data),
        onError: (/** @type {{ data: number }} */ event) => self.failed(event.data),
        onAutoplayBlocked: () => events.needTap(),
      },
    });
    await withTimeout(isReady, "YouTube's player");
    self.player.setVolume(Math.round(events.volume() * 100));
    return self;
  }

  /** @param {PlayerEvents & YouTubeEvents} events */
  constructor(events) {
    this.events = events;
    /** @type {YT.Player | null} */
    this.player = null;
    /** @type {string | null} */
    this.videoId = null;
    /** @type {string[]} videos that refused to play here */
    this.refused = [];
    this.time = new SteppedTime(performance.now());
    /** A held seek's play, until it runs or another command replaces it. */
    this.hold = /** @type {ReturnType<typeof setTimeout> | null} */ (null);
    /** The last held seeks' bufferings (ms), and the one being timed. */
    this.bufferings = /** @type {number[]} */ ([]);
    this.heldSeek = /** @type {{ sentAt: number, sawBuffering: boolean } | null} */ (null);
  }

  /** The follow policy's starting figures: an embedded player buffers after every load and seek. */
  get followFigures() { return { seekThresholdMs: 35, defaultStartLatencyMs: 450, defaultSeekLatencyMs: SEEK_HOLD_MS }; }

  /** The video played to its end. */
  get ended() { return this.player?.getPlayerState() === State.ended; }

  /** The listener's country, for the matcher's region: YouTube has no account to ask. */
  get storefront() {
    const region = (navigator.language || "").split("-")[1];
    return region && /^[A-Za-z]{2}$/.test(region) ? region.toLowerCase() : "us";
  }

  /** @private @param {number} state */
  stateChanged(state) {
    const at = performance.now();
    this.time.stateChanged(at);
    const held = this.heldSeek;
    if (held && state === State.buffering) held.sawBuffering = true;
    else if (held && state === State.paused && held.sawBuffering) {
      this.bufferings = [...this.bufferings, at - held.sentAt].slice(-BUFFERINGS_REMEMBERED);
      this.heldSeek = null;
    } else if (held && state !== State.paused) this.heldSeek = null;
    if (state === State.playing) this.events.playing();
  }

  /** @private @param {number} code */
  failed(code) {
    if (this.videoId) this.refused.push(this.videoId);
    this.events.refused(this.videoId || "", code);
  }

  // In the click: the gesture lets the embedded player make sound later.
  async begin() { this.player?.unMute?.(); }

  /** @param {number} fraction */
  async setVolume(fraction) { this.player?.setVolume(Math.round(fraction * 100)); }

  /** @param {string} videoId @param {() => number} aim @param {boolean} play @param {string[]} _upNext */
  async load(videoId, aim, play, _upNext) {
    const player = this.required();
    this.cancelHold();
    this.videoId = videoId;
    this.time.loaded(aim(), performance.now());
    const spec = { videoId, startSeconds: Math.max(0, aim()) / 1000 };
    if (play) player.loadVideoById(spec); else player.cueVideoById(spec);
  }
  /**
   * Held: paused, sent where the room will be, played SEEK_HOLD_MS later.
   * @param {() => number} aim
   */
  async seek(aim) {
    const player = this.required();
    this.cancelHold();
    this.time.sought();
    const state = player.getPlayerState();
    const wasPlaying = state === State.playing || state === State.buffering;
    if (wasPlaying) player.pauseVideo();
    player.seekTo(Math.max(0, aim()) / 1000, true);
    if (wasPlaying) this.holdThenPlay(player);
  }
  /**
   * From a pause: the same held seek, then it plays.
   * @param {() => number} aim
   */
  async play(aim) {
    const player = this.required();
    this.cancelHold();
    this.time.sought();
    player.seekTo(Math.max(0, aim()) / 1000, true);
    this.holdThenPlay(player);
  }
  async pause() { this.cancelHold(); this.required().pauseVideo(); }

  /** @private @param {YT.Player} player */
  holdThenPlay(player) {
    this.heldSeek = { sentAt: performance.now(), sawBuffering: false };
    const holdMs = Math.max(SEEK_HOLD_MS, ...this.bufferings.map((ms) => ms + HOLD_MARGIN_MS));
    this.hold = setTimeout(() => { this.hold = null; player.playVideo(); }, holdMs);
  }

  /** @private */
  cancelHold() {
    if (this.hold !== null) clearTimeout(this.hold);
    this.hold = null;
  }

  /** @private */
  required() {
    if (!this.player) throw new Error(strings.youtube.notReady);
    return this.player;
  }

  read() {
    const player = this.player;
    if (!player || !this.videoId) return { trackId: null, playing: false, loading: false, positionMs: 0 };
    const reading = this.time.read(player.getPlayerState(), player.getCurrentTime() || 0, performance.now());
    return { trackId: this.videoId, ...reading };
  }
}
