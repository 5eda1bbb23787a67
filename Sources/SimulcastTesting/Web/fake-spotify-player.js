// Test mode only: a stand-in for the Spotify Web Playback SDK, written to its documented API.
// It records calls, keeps the browser's real rules (its audio is a real <audio> element:
// `activateElement()` unlocks it inside a gesture; playback started without that fires
// `autoplay_failed` and stays paused, as on mobile browsers), asks `getOAuthToken` at connect
// and whenever its token has expired, and checks tokens with the (fake) Web API, which the page
// also calls for real (`GET /v1/me`). `PUT /v1/me/player/play` for its own device is answered
// here by wrapping fetch, as the real API would act on the real SDK's device.
(function () {
  "use strict";
  const calls = [];
  const now = () => Date.now();
  const record = (method, args) => calls.push({ method, args, at: now() });
  const seekLatencyMs = 60;
  const config = JSON.parse(document.getElementById("simulcast-config").textContent);
  const state = { trackId: null, uris: [], paused: true, base: 0, since: now(), duration: 0 };
  const position = () => (state.paused ? state.base : state.base + (now() - state.since));
  const fake = { kind: "spotify", calls, seekLatencyMs, authenticationErrors: 0, autoplayFailures: 0, tokensAsked: 0 };
  // One second of silence, looped: a real media element for the autoplay policy to judge.
  const element = (() => {
    const rate = 8000, bytes = new Uint8Array(44 + rate), view = new DataView(bytes.buffer);
    const text = (offset, s) => { for (let i = 0; i < s.length; i++) bytes[offset + i] = s.charCodeAt(i); };
    text(0, "RIFF"); view.setUint32(4, 36 + rate, true); text(8, "WAVEfmt "); view.setUint32(16, 16, true); view.setUint16(20, 1, true);
    view.setUint16(22, 1, true); view.setUint32(24, rate, true); view.setUint32(28, rate, true); view.setUint16(32, 1, true);
    view.setUint16(34, 8, true); text(36, "data"); view.setUint32(40, rate, true); bytes.fill(128, 44);
    const audio = new Audio(URL.createObjectURL(new Blob([bytes], { type: "audio/wav" })));
    audio.loop = true;
    return audio;
  })();
  let player = null;

  class Player {
    constructor(options) {
      this.options = options;
      this.listeners = {};
      this.token = null;
      player = this;
      record("Player", [{ name: options.name }]);
    }
    addListener(event, callback) { (this.listeners[event] ||= []).push(callback); return true; }
    removeListener(event) { delete this.listeners[event]; return true; }
    emit(event, payload) { (this.listeners[event] || []).forEach((cb) => cb(payload)); }
    askToken() { fake.tokensAsked += 1; return new Promise((resolve) => this.options.getOAuthToken(resolve)); }
    async tokenWorks(token) {
      const response = await realFetch(config.spotifyAPIURL + "/v1/me", { headers: { Authorization: "Bearer " + token } });
      return response.ok;
    }
    async connect() {
      record("connect", []);
      this.token = await this.askToken();
      if (!this.token || !(await this.tokenWorks(this.token))) { fake.authenticationErrors += 1; this.emit("authentication_error", { message: "Invalid token scopes." }); return false; }
      clearInterval(this.checker);
      // The real SDK learns of expiry from its service; the stand-in asks the Web API each second.
      this.checker = setInterval(() => this.check(), 1000);
      setTimeout(() => this.emit("ready", { device_id: "fake-device" }), 0);
      return true;
    }
    async check() {
      if (await this.tokenWorks(this.token)) return;
      this.token = await this.askToken();
      if (this.token && (await this.tokenWorks(this.token))) return;
      // No usable token: playback stops, as the service stops streaming.
      fake.authenticationErrors += 1;
      if (!state.paused) { state.base = position(); state.paused = true; element.pause(); }
      this.emit("authentication_error", { message: "Authentication failed" });
    }
    disconnect() { record("disconnect", []); clearInterval(this.checker); }
    async getCurrentState() {
      if (!state.trackId) return null;
      return { paused: state.paused, loading: false, position: position(), duration: state.duration,
        track_window: { current_track: { id: state.trackId, uri: "spotify:track:" + state.trackId }, next_tracks: state.uris.slice(1).map((uri) => ({ uri })) } };
    }
    async seek(ms) {
      record("seek", [ms]);
      await new Promise((resolve) => setTimeout(resolve, seekLatencyMs));
      state.base = ms;
      state.since = now();
    }
    async pause() { record("pause", []); state.base = position(); state.paused = true; element.pause(); }
    async resume() {
      record("resume", []);
      if (!state.paused) return;
      try { await element.play(); } catch { fake.autoplayFailures += 1; this.emit("autoplay_failed"); return; }
      state.since = now(); state.paused = false;
    }
    async togglePlay() { return state.paused ? this.resume() : this.pause(); }
    async setVolume(volume) { record("setVolume", [volume]); element.volume = volume; }
    // Must run inside a gesture: the element is unlocked by a play in it.
    activateElement() {
      record("activateElement", []);
      return element.play().then(() => { element.pause(); }, () => {});
    }
  }

  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init = {}) => {
    const url = new URL(typeof input === "string" ? input : input.url, location.href);
    if (url.pathname.endsWith("/v1/me/player/play") && (init.method || "GET") === "PUT") {
      const body = JSON.parse(init.body || "{}");
      record("webapi.play", [{ device_id: url.searchParams.get("device_id"), uris: body.uris, position_ms: body.position_ms, offset: body.offset }]);
      const authorization = (init.headers || {}).Authorization || "";
      if (!(player && (await player.tokenWorks(authorization.replace(/^Bearer /, ""))))) return new Response(JSON.stringify({ error: { status: 401, message: "The access token expired" } }), { status: 401 });
      await new Promise((resolve) => setTimeout(resolve, seekLatencyMs));
      state.uris = body.uris || [];
      state.trackId = (state.uris[body.offset?.position || 0] || "").split(":").pop();
      state.base = body.position_ms || 0;
      state.since = now();
      // The browser decides: without an unlocked element the SDK cannot start the audio.
      try { await element.play(); state.paused = false; } catch { state.paused = true; fake.autoplayFailures += 1; player?.emit("autoplay_failed"); }
      return new Response(null, { status: 204 });
    }
    return realFetch(input, init);
  };

  window.Spotify = { Player };
  window.__fakeSDK = fake;
  setTimeout(() => window.onSpotifyWebPlaybackSDKReady && window.onSpotifyWebPlaybackSDKReady(), 0);
})();
