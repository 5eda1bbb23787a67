// @ts-check
// "Play on my Spotify app": the follow policy's verbs as Spotify Web API calls to the
// listener's own Spotify app (Spotify Connect), which plays on with the phone locked. The
// device's timeline comes from polling `GET /v1/me/player`: each answer pins it within its
// round trip, and answers that agree are intersected (SpotifyConnectPlayer.swift does the
// same, and the sync benchmark measures it). A pause is sent once until a poll shows it, and
// a 429's Retry-After holds every call back.
import { SPOTIFY_CONNECT } from "../constants.js";
import { chooseDevice, deviceFrom } from "./spotify-devices.js";
import { callSpotify, spotifyAccount } from "./spotify-web-api.js";
import * as strings from "../strings.js";
import { withTimeout } from "./timeout.js";

/** @typedef {import("./apple-music-player.js").PlayerEvents} PlayerEvents */
/** @typedef {import("./spotify-login.js").SpotifyLogin} SpotifyLogin */
/** @typedef {import("./spotify-devices.js").ConnectDevice} ConnectDevice */

/**
 * Why Spotify refused, as words; the response's own text is never shown.
 * @param {Response} response
 */
export async function refusalText(response) {
  let reason = null;
  try { reason = (await response.clone().json())?.error?.reason ?? null; } catch { /* not JSON */ }
  if (reason === "PREMIUM_REQUIRED") return strings.spotify.connectPremiumOnly;
  if (reason === "NO_ACTIVE_DEVICE" || response.status === 404) return strings.spotify.noDevice;
  if (response.status === 429) return strings.spotify.slowDown;
  return strings.spotify.wouldNotPlay(response.status);
}

export class SpotifyConnectPlayer {
  /**
   * Signs in if needed and picks the device: this phone's Spotify app first on a phone.
   * @param {{ spotifyAPIURL: string }} config
   * @param {SpotifyLogin} login
   * @param {PlayerEvents} events
   * @param {{ onPhone: boolean }} options
   */
  static async prepare(config, login, events, { onPhone }) {
    await login.fresh();
    const me = await withTimeout(spotifyAccount(config, login), "Spotify");
    const self = new SpotifyConnectPlayer(config, login, events);
    const response = await withTimeout(self.api("GET", "/v1/me/player/devices"), "Spotify");
    if (!response.ok) throw new Error(await refusalText(response));
    let listed = [];
    try { listed = (await response.json())?.devices || []; } catch { throw new Error(strings.spotify.unreadable); }
    const devices = /** @type {ConnectDevice[]} */ (listed.map(deviceFrom).filter(Boolean));
    const choice = chooseDevice(devices, { onPhone });
    if (!("device" in choice)) throw new Error(choice.problem === "onlyRestricted" ? strings.spotify.onlyRestricted : strings.spotify.noDevice);
    self.device = choice.device;
    self.country = me.ok ? (await me.json()).country ?? null : null;
    self.schedule(0);
    return self;
  }

  /** @param {{ spotifyAPIURL: string }} config @param {SpotifyLogin} login @param {PlayerEvents} events */
  constructor(config, login, events) {
    this.config = config;
    this.login = login;
    this.events = events;
    /** @type {ConnectDevice | null} */
    this.device = null;
    /** @type {string | null} */
    this.country = null;
    /**
     * The device's timeline: position `low`..`high` at performance.now() = 0 while playing; paused, the position.
     * @type {{ trackId: string, durationMs: number | null, playing: boolean, low: number, high: number } | null}
     */
    this.timeline = null;
    this.burst = 0;
    this.failures = 0;
    this.heldUntil = 0;
    /**
     * A pause or a paused seek sent and not yet seen in a poll.
     * @type {{ at: number, positionMs: number | null } | null}
     */
    this.pauseSent = null;
    this.commandsSent = 0;
    /** @type {string | null} */
    this.refusal = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.nextPollAt = 0;
  }

  get storefront() { return (this.country || "us").toLowerCase(); }
  get renewals() { return this.login.renewals; }
  get deviceName() { return this.device?.name ?? null; }

  /** @param {string} method @param {string} path @param {object} [body] */
  api(method, path, body) { return callSpotify(this.config, this.login, method, path, body); }

  // No audio in this page: nothing to unlock, no volume of its own.
  async begin() {}
  async setVolume() {}
  async renewIfDue() { this.login.refreshIfDue((error) => this.events.loginNeeded(error)); }

  /** @private @param {number} delayMs @param {{ sooner?: boolean }} [options] only moves an earlier poll if this one is sooner */
  schedule(delayMs, options) {
    const at = performance.now() + Math.max(0, delayMs);
    // After a command: poll soon, but never later than already planned (commands every tick must not put the poll off for ever).
    if (options?.sooner && this.timer && this.nextPollAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.nextPollAt = at;
    this.timer = setTimeout(() => { this.timer = null; this.poll(); }, Math.max(0, delayMs));
  }

  /** @private The next poll: soon after a command, then at the playing or paused pace, and just past a track's end. */
  nextDelay() {
    const c = SPOTIFY_CONNECT;
    if (this.failures > 0) return Math.max(Math.min(c.maximumBackoffMs, c.playingIntervalMs * 2 ** Math.min(this.failures - 1, 10)), this.heldUntil - performance.now());
    if (this.burst > 0) return c.burstIntervalMs;
    const t = this.timeline;
    if (!t) return c.idleIntervalMs;
    if (!t.playing) return c.pausedIntervalMs;
    const remaining = t.durationMs === null ? Infinity : t.durationMs - this.positionAt(performance.now());
    return remaining > -3000 ? Math.max(c.burstIntervalMs, Math.min(c.playingIntervalMs, remaining + c.trackEndLeadMs)) : c.playingIntervalMs;
  }

  /** @private */
  async poll() {
    if (performance.now() < this.heldUntil) return this.schedule(this.heldUntil - performance.now());
    try {
      const sentAt = performance.now();
      const response = await withTimeout(this.api("GET", "/v1/me/player?additional_types=track,episode"), "Spotify", 10000);
      const receivedAt = performance.now();
      if (response.status === 429) throw response;
      if (!response.ok && response.status !== 204) throw response;
      const body = response.status === 204 ? null : await response.json().catch(() => null);
      this.observe(body, sentAt, receivedAt);
      this.failures = 0;
      this.refusal = null;
      if (this.burst > 0) this.burst -= 1;
    } catch (failure) {
      await this.failed(failure);
    }
    this.schedule(this.nextDelay());
  }

  /** @private @param {unknown} failure a refusal (Response), a login to renew, or anything else thrown */
  async failed(failure) {
    this.failures += 1;
    if (failure instanceof Response) {
      if (failure.status === 429) this.heldUntil = performance.now() + 1000 * Math.max(1, Number(failure.headers.get("Retry-After")) || 1);
      this.refusal = await refusalText(failure);
    } else if (/** @type {{ kind?: string } | null} */ (failure)?.kind === "login") {
      this.events.loginNeeded(failure);
    } else {
      this.refusal = strings.spotify.unreachable;
    }
  }

  /**
   * One answer of `GET /v1/me/player`, read some time between `sentAt` and `receivedAt`. @private
   * @param {import("../types/spotify-web-api").WebAPIPlayback | null} body
   * @param {number} sentAt
   * @param {number} receivedAt
   */
  observe(body, sentAt, receivedAt) {
    const item = body?.currently_playing_type === "track" || !body?.currently_playing_type ? body?.item : null;
    if (!body || !item?.id) { this.timeline = null; return; }
    // The listener moved playback in their Spotify app: follow it there.
    if (body.device?.id && this.device && body.device.id !== this.device.id) this.device = deviceFrom(body.device) ?? this.device;
    const progress = Number(body.progress_ms) || 0;
    const playing = !!body.is_playing;
    const durationMs = Number(item.duration_ms) || null;
    const t = this.timeline;
    // A poll that shows the pause (at the position asked, for a paused seek) lets the next one go.
    const sent = this.pauseSent;
    if (sent && !playing && sentAt >= sent.at && (sent.positionMs === null || Math.abs(progress - sent.positionMs) < 1000)) this.pauseSent = null;
    // Playing, the position at time 0 lies between these: read at the latest on arrival, at the earliest on sending.
    const low = progress - receivedAt, high = progress - sentAt;
    if (!t || t.trackId !== item.id || t.playing !== playing || !playing) {
      this.timeline = playing ? { trackId: item.id, durationMs, playing, low, high } : { trackId: item.id, durationMs, playing, low: progress, high: progress };
      return;
    }
    t.durationMs = durationMs;
    if (low > t.high || high < t.low) { t.low = low; t.high = high; } else { t.low = Math.max(t.low, low); t.high = Math.min(t.high, high); }
  }

  /** @private @param {number} now */
  positionAt(now) {
    const t = this.timeline;
    if (!t) return 0;
    const base = (t.low + t.high) / 2;
    return t.playing ? base + now : base;
  }

  /** @private A command: counted, refused in words, and followed by polls at the burst pace. @param {string} method @param {string} path @param {object} [body] */
  async command(method, path, body) {
    if (performance.now() < this.heldUntil) throw new Error(strings.spotify.slowDown);
    const id = encodeURIComponent(this.device?.id || "");
    this.commandsSent += 1;
    const response = await withTimeout(this.api(method, path + (path.includes("?") ? "&" : "?") + "device_id=" + id, body), "Spotify");
    if (response.status === 429) this.heldUntil = performance.now() + 1000 * Math.max(1, Number(response.headers.get("Retry-After")) || 1);
    if (!response.ok) {
      this.refusal = await refusalText(response);
      throw new Error(this.refusal);
    }
    this.refusal = null;
    this.burst = SPOTIFY_CONNECT.burstPolls;
    this.schedule(SPOTIFY_CONNECT.burstIntervalMs, { sooner: true });
  }

  /** @param {string} trackId @param {() => number} aim @param {boolean} play */
  async load(trackId, aim, play) {
    this.pauseSent = null;
    await this.command("PUT", "/v1/me/player/play", { uris: ["spotify:track:" + trackId], position_ms: Math.round(Math.max(0, aim())) });
    if (!play) await this.pause();
  }

  /** @param {() => number} aim */
  async seek(aim) {
    const paused = !!this.timeline && !this.timeline.playing;
    // A paused app moved to the room's position: asked again at every reading until a poll shows it, sent once.
    if (paused && this.pausePending()) return;
    const positionMs = Math.round(Math.max(0, aim()));
    await this.command("PUT", "/v1/me/player/seek?position_ms=" + positionMs);
    if (paused) this.pauseSent = { at: performance.now(), positionMs };
  }

  /**
   * One call, not seek then resume: fewer commands, one landing.
   * @param {() => number} aim
   */
  async play(aim) {
    const trackId = this.timeline?.trackId;
    if (!trackId) return;
    this.pauseSent = null;
    await this.command("PUT", "/v1/me/player/play", { uris: ["spotify:track:" + trackId], position_ms: Math.round(Math.max(0, aim())) });
  }

  async pause() {
    // The policy asks at every reading that still shows it playing; the device takes a poll or two to show it.
    if (this.pausePending()) return;
    if (this.timeline && !this.timeline.playing) return;
    await this.command("PUT", "/v1/me/player/pause");
    this.pauseSent = { at: performance.now(), positionMs: null };
  }

  /** @private A pause sent within the settling time and not yet seen. */
  pausePending() {
    if (this.pauseSent && performance.now() - this.pauseSent.at >= SPOTIFY_CONNECT.pauseSettleMs) this.pauseSent = null;
    return this.pauseSent !== null;
  }

  read() {
    const t = this.timeline;
    if (!t) return { trackId: null, playing: false, loading: false, positionMs: 0 };
    return { trackId: t.trackId, playing: t.playing, loading: false, positionMs: this.positionAt(performance.now()) };
  }
}
