// @ts-check
// The listener's YouTube player: the follow policy's verbs over the IFrame Player API. No
// sign-in and no subscription: the video plays embedded where the artwork was (visible, at
// least 200×200, as YouTube's terms ask), with YouTube's ads where it shows them. One player
// for the evening: on a phone a new player would need a new tap, so songs change with
// `loadVideoById`. The iframe reports its time a few times a second, so a reading says little
// about where the video is now; a reading that differs from the one before says more: the
// video reached it between the two readings. Each such change bounds the video's offset from
// the page's clock on both sides, the bounds narrow change after change, and the position is
// their middle carried to now (started afresh at a jump). "Playing" counts once the time is seen to
// move: a player that says "playing" while its time stands still is showing an ad or stalled,
// and is reported as waiting; the follower does not ask the policy until the time moves again
// (then one seek at most, not a chase). A load or seek buffers for a few hundred milliseconds,
// which the policy starts from (`followFigures`) and then learns.
import { loadScript } from "../ui/dom.js";
import * as strings from "../strings.js";
import { withTimeout } from "./timeout.js";

/** @typedef {import("./apple-music-player.js").PlayerEvents} PlayerEvents */

/** The IFrame API's states (`YT.PlayerState`). */
const State = Object.freeze({ unstarted: -1, ended: 0, playing: 1, paused: 2, buffering: 3, cued: 5 });
/**
 * How long a "playing" player's time may stand still before it counts as an ad or a stall: the
 * iframe reports its time about four times a second, so half a second without a change is not
 * a report that is late.
 */
const STILL_MS = 500;
/** A reading this far from the carried position is a jump (a seek, a load): start afresh. */
const JUMP_MS = 700;

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
    // The last reported time and when it changed, to carry the position forward between reports.
    this.reportedSeconds = 0;
    this.changedAt = performance.now();
    /** @type {string[]} videos that refused to play here */
    this.refused = [];
    /** Video position minus page time (ms): what the changes seen since the last jump allow; null before one. */
    this.offset = /** @type {{ low: number, high: number } | null} */ (null);
    /** When the player was last read (page ms). */
    this.readAt = performance.now();
    /** Whether the video's time has moved since the player last said "playing" (or was moved). */
    this.moving = false;
  }

  /** The follow policy's starting figures: an embedded player buffers after every load and seek. */
  get followFigures() { return { seekThresholdMs: 35, defaultStartLatencyMs: 450, defaultSeekLatencyMs: 450 }; }

  /** The listener's country, for the matcher's region: YouTube has no account to ask. */
  get storefront() {
    const region = (navigator.language || "").split("-")[1];
    return region && /^[A-Za-z]{2}$/.test(region) ? region.toLowerCase() : "us";
  }

  /** @private @param {number} state */
  stateChanged(state) {
    this.changedAt = performance.now();
    this.offset = null;
    this.moving = false;
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
    this.videoId = videoId;
    this.reportedSeconds = Math.max(0, aim()) / 1000;
    this.changedAt = performance.now();
    this.offset = null;
    this.moving = false;
    const spec = { videoId, startSeconds: Math.max(0, aim()) / 1000 };
    if (play) player.loadVideoById(spec); else player.cueVideoById(spec);
  }
  /** @param {() => number} aim */
  async seek(aim) {
    this.offset = null;
    this.moving = false;
    this.required().seekTo(Math.max(0, aim()) / 1000, true);
  }
  /** @param {() => number} aim */
  async play(aim) { this.required().playVideo(); await this.seek(aim); }
  async pause() { this.required().pauseVideo(); }

  /** @private */
  required() {
    if (!this.player) throw new Error(strings.youtube.notReady);
    return this.player;
  }

  /**
   * Narrows the offset to what one more change allows; a change that contradicts it by more
   * than a jump (a seek, a load, another rate) starts it again.
   * @private @param {number} low @param {number} high
   */
  narrow(low, high) {
    const known = this.offset;
    if (!known || low > known.high + JUMP_MS || high < known.low - JUMP_MS) { this.offset = { low, high }; return; }
    const narrowed = { low: Math.max(known.low, low), high: Math.min(known.high, high) };
    this.offset = narrowed.low <= narrowed.high ? narrowed : { low, high };
  }

  read() {
    const player = this.player;
    if (!player || !this.videoId) return { trackId: null, playing: false, loading: false, positionMs: 0 };
    const state = player.getPlayerState();
    const seconds = player.getCurrentTime() || 0;
    const at = performance.now();
    if (seconds !== this.reportedSeconds) {
      // Reached after the last reading and by now: the offset lies between these two.
      if (state === State.playing) this.narrow(seconds * 1000 - at, seconds * 1000 - this.readAt);
      this.reportedSeconds = seconds;
      this.changedAt = at;
      if (state === State.playing) this.moving = true;
    }
    this.readAt = at;
    // Playing with the time standing still: an ad, or a stall. Waited out, never chased.
    const stalled = state === State.playing && at - this.changedAt > STILL_MS;
    const playing = state === State.playing && this.moving && !stalled;
    let positionMs = seconds * 1000;
    if (playing && this.offset) positionMs = (this.offset.low + this.offset.high) / 2 + at;
    else if (!playing) this.offset = null;
    // Buffering after our own load or seek is the policy's to time; only an ad or a stall is waited out.
    return { trackId: this.videoId, playing, loading: stalled || state === State.buffering || state === State.unstarted, waiting: stalled, positionMs };
  }
}
