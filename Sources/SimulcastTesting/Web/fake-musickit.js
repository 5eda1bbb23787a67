// Test mode only: a stand-in for MusicKit JS v3 that records every call (with the page's
// clock) and plays silently, its position moving with time. A seek lands after
// `seekLatencyMs`, as a real player's does, so the page's latency learning is exercised.
(function () {
  "use strict";
  const calls = [];
  const now = () => performance.timeOrigin + performance.now();
  const record = (method, args) => calls.push({ method, args, at: now() });
  const seekLatencyMs = 60;
  const states = { none: 0, loading: 1, playing: 2, paused: 3, stopped: 4, ended: 5, seeking: 6, waiting: 8, stalled: 9, completed: 10 };

  class Instance {
    constructor(options) {
      this.developerToken = options.developerToken;
      this.storefrontCountryCode = "us";
      this.isAuthorized = false;
      this.nowPlayingItem = null;
      this.state = states.none;
      this.base = 0;       // position (s) at `since`
      this.since = now();
    }
    get playbackState() { return this.state; }
    get currentPlaybackTime() {
      if (this.state !== states.playing) return this.base;
      return Math.max(0, this.base + (now() - this.since) / 1000);
    }
    async authorize() { record("authorize", []); this.isAuthorized = true; return "fake-music-user-token"; }
    async setQueue(options) {
      record("setQueue", [options]);
      this.nowPlayingItem = { id: String(options.song), type: "songs" };
      this.state = states.paused;
      this.base = 0;
      this.since = now();
      if (options.startPlaying) await this.play();
    }
    async play() {
      record("play", []);
      if (!this.nowPlayingItem) throw new Error("nothing queued");
      if (this.state !== states.playing) { this.since = now(); this.state = states.playing; }
    }
    async pause() {
      record("pause", []);
      this.base = this.currentPlaybackTime;
      this.state = states.paused;
    }
    async stop() { record("stop", []); this.state = states.stopped; }
    async seekToTime(seconds) {
      record("seekToTime", [seconds]);
      await new Promise((resolve) => setTimeout(resolve, seekLatencyMs));
      // The audio resumes from `seconds` once the seek has landed.
      this.base = seconds;
      this.since = now();
    }
    addEventListener() {}
    removeEventListener() {}
  }

  let instance = null;
  window.MusicKit = {
    PlaybackStates: states,
    async configure(options) {
      record("configure", [{ developerToken: options.developerToken, app: options.app }]);
      if (typeof options.developerToken !== "string" || options.developerToken.split(".").length !== 3) {
        throw new Error("MusicKit: invalid developer token");
      }
      instance = new Instance(options);
      return instance;
    },
    getInstance() { return instance; },
  };
  window.__fakeSDK = { kind: "musickit", calls, seekLatencyMs };
  setTimeout(() => document.dispatchEvent(new Event("musickitloaded")), 0);
})();
