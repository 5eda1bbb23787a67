// Test mode only: a stand-in for the Spotify Web Playback SDK. It records calls, and it
// answers the Web API requests the page makes for playback on its device (`PUT
// /v1/me/player/play`, `GET /v1/me`) by wrapping fetch, as the real API would act on the
// real SDK's device.
(function () {
  "use strict";
  const calls = [];
  const now = () => performance.timeOrigin + performance.now();
  const record = (method, args) => calls.push({ method, args, at: now() });
  const seekLatencyMs = 60;
  const state = { trackId: null, paused: true, base: 0, since: now(), duration: 0 };
  const position = () => (state.paused ? state.base : state.base + (now() - state.since));

  class Player {
    constructor(options) {
      this.options = options;
      this.listeners = {};
      record("Player", [{ name: options.name }]);
    }
    addListener(event, callback) { (this.listeners[event] ||= []).push(callback); return true; }
    removeListener(event) { delete this.listeners[event]; return true; }
    emit(event, payload) { (this.listeners[event] || []).forEach((cb) => cb(payload)); }
    async connect() {
      record("connect", []);
      const token = await new Promise((resolve) => this.options.getOAuthToken(resolve));
      if (!token) { this.emit("authentication_error", { message: "no token" }); return false; }
      setTimeout(() => this.emit("ready", { device_id: "fake-device" }), 0);
      return true;
    }
    disconnect() { record("disconnect", []); }
    async getCurrentState() {
      if (!state.trackId) return null;
      return { paused: state.paused, position: position(), duration: state.duration, track_window: { current_track: { id: state.trackId, uri: "spotify:track:" + state.trackId } } };
    }
    async seek(ms) {
      record("seek", [ms]);
      await new Promise((resolve) => setTimeout(resolve, seekLatencyMs));
      state.base = ms;
      state.since = now();
    }
    async pause() { record("pause", []); state.base = position(); state.paused = true; }
    async resume() { record("resume", []); if (state.paused) { state.since = now(); state.paused = false; } }
    async togglePlay() { return state.paused ? this.resume() : this.pause(); }
    activateElement() { return Promise.resolve(); }
  }

  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init = {}) => {
    const url = new URL(typeof input === "string" ? input : input.url, location.href);
    if (url.pathname.endsWith("/v1/me/player/play") && (init.method || "GET") === "PUT") {
      const body = JSON.parse(init.body || "{}");
      record("webapi.play", [{ device_id: url.searchParams.get("device_id"), uris: body.uris, position_ms: body.position_ms }]);
      await new Promise((resolve) => setTimeout(resolve, seekLatencyMs));
      state.trackId = (body.uris && body.uris[0] || "").split(":").pop();
      state.base = body.position_ms || 0;
      state.since = now();
      state.paused = false;
      return new Response(null, { status: 204 });
    }
    if (url.pathname.endsWith("/v1/me") && url.hostname !== location.hostname) {
      return new Response(JSON.stringify({ id: "fake-user", country: "US", product: "premium" }), { status: 200, headers: { "Content-Type": "application/json" } });
    }
    return realFetch(input, init);
  };

  window.Spotify = { Player };
  window.__fakeSDK = { kind: "spotify", calls, seekLatencyMs };
  setTimeout(() => window.onSpotifyWebPlaybackSDKReady && window.onSpotifyWebPlaybackSDKReady(), 0);
})();
