// @ts-check
// The listener's Spotify player: the follow policy's verbs over the Web Playback SDK, and
// the Web API for starting a track at a position on the SDK's device.
import { loadScript } from "../ui/dom.js";
import { callSpotify, spotifyAccount } from "./spotify-web-api.js";
import * as strings from "../strings.js";
import { withTimeout } from "./timeout.js";

/** @typedef {import("./apple-music-player.js").PlayerEvents} PlayerEvents */
/** @typedef {import("./spotify-login.js").SpotifyLogin} SpotifyLogin */

export class SpotifyPlayer {
  /**
   * @param {{ spotifySDKURL: string, spotifyAPIURL: string, room: string }} config
   * @param {SpotifyLogin} login
   * @param {PlayerEvents} events
   */
  static async prepare(config, login, events) {
    await login.fresh();
    const me = await withTimeout(spotifyAccount(config, login), "Spotify");
    const ready = new Promise((resolve) => { window.onSpotifyWebPlaybackSDKReady = () => resolve(undefined); });
    await loadScript(config.spotifySDKURL);
    if (!window.Spotify?.Player) await withTimeout(ready, "Spotify's player");
    const player = new window.Spotify.Player({
      name: "Simulcast " + config.room, volume: events.volume(),
      // Called at connect and whenever the SDK's token has expired: always a fresh one.
      getOAuthToken: (/** @type {(token: string) => void} */ callback) => login.fresh().then(callback, (error) => events.loginNeeded(error)),
    });
    const self = new SpotifyPlayer(player, config, login, events);
    const device = new Promise((resolve, reject) => {
      player.addListener("ready", (/** @type {{ device_id: string }} */ { device_id }) => { self.deviceId = device_id; resolve(device_id); });
      player.addListener("initialization_error", () => reject(new Error(strings.spotify.cannotPlayHere)));
      player.addListener("account_error", () => reject(new Error(strings.spotify.premiumOnly)));
    });
    player.addListener("authentication_error", () => {
      login.refresh().then(() => player.connect(), (error) => events.loginNeeded(error));
    });
    player.addListener("autoplay_failed", () => events.needTap());
    player.addListener("not_ready", () => { events.say(strings.spotify.playerGone, "info", "success"); player.connect(); });
    player.addListener("playback_error", () => events.say(strings.spotify.couldNotPlay, "error", "success"));
    player.addListener("player_state_changed", (state) => self.remember(state));
    if (!(await withTimeout(player.connect(), "Spotify's player"))) throw new Error(strings.spotify.didNotConnect);
    await withTimeout(device, "Spotify's player");
    self.country = me.ok ? (await me.json()).country : null;
    return self;
  }

  /** @param {Spotify.Player} player @param {{ spotifyAPIURL: string }} config @param {SpotifyLogin} login @param {PlayerEvents} events */
  constructor(player, config, login, events) {
    this.player = player;
    this.config = config;
    this.login = login;
    this.events = events;
    /** @type {string | null} */
    this.deviceId = null;
    /** @type {string | null} */
    this.country = null;
    /** @type {Spotify.PlaybackState | null} */
    this.last = null;
    this.lastAt = 0;
    this.poll();
  }

  get storefront() { return (this.country || "us").toLowerCase(); }
  get renewals() { return this.login.renewals; }

  /** @private @param {Spotify.PlaybackState | null} state */
  remember(state) { this.last = state; this.lastAt = performance.now(); }

  /**
   * A Web API call with the listener's token; a 401 renews it once.
   * @param {string} method
   * @param {string} path
   * @param {object} [body]
   */
  api(method, path, body) { return callSpotify(this.config, this.login, method, path, body); }

  /** @private The player's state, polled (the event alone can be minutes apart); a failed poll does not end the polling. */
  async poll() {
    try { this.remember(await withTimeout(this.player.getCurrentState(), "Spotify", 3000)); } catch { /* next time */ }
    setTimeout(() => this.poll(), 200);
  }

  async begin() { await withTimeout(this.player.activateElement(), "Spotify's player"); }
  /** @param {number} fraction */
  async setVolume(fraction) { await withTimeout(this.player.setVolume(fraction), "Spotify"); }
  async renewIfDue() { this.login.refreshIfDue((error) => this.events.loginNeeded(error)); }

  /** @param {string} trackId @param {() => number} aim @param {boolean} play @param {string[]} upNext */
  async load(trackId, aim, play, upNext) {
    // Loading while the room is paused happens muted, so no blip is heard.
    if (!play) await withTimeout(this.player.setVolume(0), "Spotify");
    try {
      const uris = [trackId].concat(upNext.filter((id) => id !== trackId)).slice(0, 10).map((id) => "spotify:track:" + id);
      const response = await withTimeout(this.api("PUT", "/v1/me/player/play?device_id=" + encodeURIComponent(this.deviceId || ""),
        { uris, offset: { position: 0 }, position_ms: Math.round(Math.max(0, aim())) }), "Spotify");
      if (!response.ok) throw new Error(strings.spotify.wouldNotPlay(response.status));
      if (!play) await withTimeout(this.player.pause(), "Spotify");
    } finally {
      if (!play) await withTimeout(this.player.setVolume(this.events.volume()), "Spotify");
    }
    this.remember(await withTimeout(this.player.getCurrentState(), "Spotify"));
  }
  /** @param {() => number} aim */
  async seek(aim) { await withTimeout(this.player.seek(Math.round(Math.max(0, aim()))), "Spotify"); this.remember(await this.player.getCurrentState()); }
  /** @param {() => number} aim */
  async play(aim) { await withTimeout(this.player.resume(), "Spotify"); await this.seek(aim); }
  async pause() { await withTimeout(this.player.pause(), "Spotify"); this.remember(await this.player.getCurrentState()); }

  read() {
    const s = this.last;
    if (!s) return { trackId: null, playing: false, loading: false, positionMs: 0 };
    const moved = s.paused ? 0 : performance.now() - this.lastAt;
    return { trackId: s.track_window?.current_track?.id ?? null, playing: !s.paused, loading: !!s.loading, positionMs: s.position + moved };
  }
}
