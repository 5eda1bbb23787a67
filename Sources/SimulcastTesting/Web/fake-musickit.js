// Test mode only: a stand-in for MusicKit JS v3, written to its documented API, that records
// every call and plays silently, its position moving with time. It keeps the browser's real
// rules: playing goes through a real <audio> element, so Chromium's autoplay policy refuses a
// play without the listener's gesture (NotAllowedError), as MusicKit's own media element is
// refused. The developer token's `exp` is enforced: an expired token fails every call with an
// authorization error until the page sets a fresh `developerToken`. A seek lands after
// `seekLatencyMs`, as a real player's does.
(function () {
  "use strict";
  const calls = [];
  // Audio time runs on the wall clock (the sound card does not stop for a page's clock).
  const now = () => Date.now();
  const record = (method, args) => calls.push({ method, args, at: now() });
  const seekLatencyMs = 60;
  const states = { none: 0, loading: 1, playing: 2, paused: 3, stopped: 4, ended: 5, seeking: 6, waiting: 8, stalled: 9, completed: 10 };
  // `hang`: the next call of that method never settles (a test of the page's timeouts).
  // `createdPlaylists`: library playlists made through the API ({name, description, songs: [id]}).
  // `restricted`: song ids this account may not play (content restrictions): MusicKit refuses
  // them with CONTENT_RESTRICTED.
  const fake = { kind: "musickit", calls, seekLatencyMs, authorizationFailures: 0, tokensSet: 0, refusedPlays: 0, hang: null, createdPlaylists: [], restricted: [] };
  const hangs = (method) => { if (fake.hang !== method) return false; fake.hang = null; return true; };

  // One second of silence, looped: a real media element for the autoplay policy to judge.
  function silence() {
    const rate = 8000, samples = rate, bytes = new Uint8Array(44 + samples);
    const view = new DataView(bytes.buffer);
    const text = (offset, s) => { for (let i = 0; i < s.length; i++) bytes[offset + i] = s.charCodeAt(i); };
    text(0, "RIFF"); view.setUint32(4, 36 + samples, true); text(8, "WAVEfmt "); view.setUint32(16, 16, true);
    view.setUint16(20, 1, true); view.setUint16(22, 1, true); view.setUint32(24, rate, true); view.setUint32(28, rate, true);
    view.setUint16(32, 1, true); view.setUint16(34, 8, true); text(36, "data"); view.setUint32(40, samples, true);
    bytes.fill(128, 44);
    const audio = new Audio(URL.createObjectURL(new Blob([bytes], { type: "audio/wav" })));
    audio.loop = true;
    return audio;
  }
  const element = silence();

  function tokenError() {
    const error = new Error("AUTHORIZATION_ERROR: the developer token has expired");
    error.errorCode = "AUTHORIZATION_ERROR";
    return error;
  }
  function expiry(token) {
    try { return JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).exp * 1000; } catch { return 0; }
  }

  // The catalog and library a test gives in window.__fakeAppleCatalog: {songs: [{id, attributes}],
  // albums: [{id, attributes, songs: [id]}], playlists: [{id, attributes, songs: [id]}]}.
  const catalog = () => window.__fakeAppleCatalog || { songs: [], albums: [], playlists: [] };
  const song = (id) => catalog().songs.find((s) => s.id === String(id)) || { id: String(id), type: "songs", attributes: {} };
  const item = (id) => { const found = song(id); return { id: found.id, type: "songs", attributes: found.attributes, title: found.attributes.name }; };

  class Instance {
    constructor(options) {
      this._developerToken = options.developerToken;
      this.storefrontCountryCode = "us";
      this.isAuthorized = false;
      this.nowPlayingItem = null;
      this.queue = { items: [] };
      this.state = states.none;
      this.base = 0;       // position (s) at `since`
      this.since = now();
      this.listeners = {};
      // MusicKit v3's API client: catalog search and the user's library, from the test's catalog.
      this.api = {
        music: async (path, parameters = {}, options = {}) => {
          record("api.music", [path, parameters]);
          const method = options?.fetchOptions?.method || "GET";
          if (path === "/v1/me/library/playlists" && method === "POST") {
            // The Apple Music API needs a signed-in listener (a music user token) to write a library.
            if (!this.isAuthorized) throw new Error("fake MusicKit: not authorized");
            const body = JSON.parse(options.fetchOptions.body || "{}");
            const songs = (body.relationships?.tracks?.data || []).map((track) => track.id);
            fake.createdPlaylists.push({ name: body.attributes?.name, description: body.attributes?.description, songs });
            return { data: { data: [{ id: "p.fake" + fake.createdPlaylists.length, type: "library-playlists" }] } };
          }
          const term = String(parameters?.term || "").toLowerCase();
          const matches = (entry) => (entry.attributes.name + " " + (entry.attributes.artistName || "")).toLowerCase().includes(term);
          if (path === "/v1/catalog/{{storefrontId}}/search") {
            const results = {};
            if (String(parameters.types).includes("songs")) results.songs = { data: catalog().songs.filter(matches) };
            if (String(parameters.types).includes("albums")) results.albums = { data: catalog().albums.filter(matches) };
            return { data: { results } };
          }
          if (path === "/v1/me/library/playlists") return { data: { data: catalog().playlists } };
          throw new Error("fake MusicKit: no " + path);
        },
      };
    }
    emit(name, payload) { (this.listeners[name] || []).forEach((cb) => cb(payload)); }
    startItem(index) {
      this.index = index;
      this.nowPlayingItem = this.queue.items[index] || null;
      this.base = 0;
      this.since = now();
      this.emit("nowPlayingItemDidChange", { item: this.nowPlayingItem });
    }
    async skipToNextItem() {
      record("skipToNextItem", []);
      this.checkToken();
      if ((this.index ?? 0) + 1 < this.queue.items.length) this.startItem((this.index ?? 0) + 1);
    }
    async skipToPreviousItem() {
      record("skipToPreviousItem", []);
      this.checkToken();
      this.startItem(Math.max(0, (this.index ?? 0) - 1));
    }
    get developerToken() { return this._developerToken; }
    set developerToken(token) { record("developerToken", []); fake.tokensSet += 1; this._developerToken = token; }
    checkToken() {
      if (now() >= expiry(this._developerToken)) {
        fake.authorizationFailures += 1;
        // Playing stops where the stream needs the service: a gap a listener hears.
        if (this.state === states.playing) { this.base = this.currentPlaybackTime; this.setState(states.paused); element.pause(); }
        throw tokenError();
      }
    }
    setState(state) { this.state = state; (this.listeners.playbackStateDidChange || []).forEach((cb) => cb({ state })); }
    get playbackState() { return this.state; }
    get currentPlaybackTime() {
      if (this.state !== states.playing) return this.base;
      return Math.max(0, this.base + (now() - this.since) / 1000);
    }
    async authorize() { record("authorize", []); this.isAuthorized = true; return "fake-music-user-token"; }
    // The element's play() is called at once, inside whatever gesture called us.
    startAudio() {
      const started = element.play();
      return started.then(() => true, (error) => { fake.refusedPlays += 1; throw error; });
    }
    async setQueue(options) {
      record("setQueue", [options]);
      const starting = options.startPlaying ? this.startAudio() : null;
      this.checkToken();
      const collection = options.album ? catalog().albums.find((a) => a.id === options.album)
        : options.playlist ? catalog().playlists.find((p) => p.id === options.playlist) : null;
      const songs = collection ? collection.songs : options.songs || (options.song ? [options.song] : []);
      // Refused where it would play: the song it starts with.
      if (fake.restricted.includes(String(songs[options.startWith || 0]))) {
        const error = new Error("CONTENT_RESTRICTED: this content is restricted for the account");
        error.errorCode = "CONTENT_RESTRICTED";
        throw error;
      }
      this.queue = { items: songs.map(item) };
      this.index = options.startWith || 0;
      this.nowPlayingItem = this.queue.items[this.index] || null;
      this.base = options.startTime || 0;
      this.since = now();
      this.setState(states.paused);
      this.emit("nowPlayingItemDidChange", { item: this.nowPlayingItem });
      if (starting) { await starting; this.since = now(); this.setState(states.playing); }
    }
    // MusicKit v3: a song after everything queued already.
    async playLater(options) {
      record("playLater", [options]);
      this.checkToken();
      if (!options?.song) throw new Error("fake MusicKit: playLater needs a song");
      this.queue = { items: [...this.queue.items, item(options.song)] };
      this.emit("queueItemsDidChange", { items: this.queue.items });
    }
    async play() {
      record("play", []);
      const starting = this.startAudio();
      this.checkToken();
      if (!this.nowPlayingItem) throw new Error("nothing queued");
      await starting;
      if (this.state !== states.playing) { this.since = now(); this.setState(states.playing); }
    }
    async pause() {
      record("pause", []);
      this.base = this.currentPlaybackTime;
      element.pause();
      this.setState(states.paused);
    }
    async stop() { record("stop", []); this.setState(states.stopped); }
    async seekToTime(seconds) {
      record("seekToTime", [seconds]);
      if (hangs("seekToTime")) return new Promise(() => {});
      this.checkToken();
      await new Promise((resolve) => setTimeout(resolve, seekLatencyMs));
      // The audio resumes from `seconds` once the seek has landed.
      this.base = seconds;
      this.since = now();
    }
    addEventListener(name, callback) { (this.listeners[name] ||= []).push(callback); }
    removeEventListener(name, callback) { this.listeners[name] = (this.listeners[name] || []).filter((cb) => cb !== callback); }
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
  window.__fakeSDK = fake;
  setTimeout(() => document.dispatchEvent(new Event("musickitloaded")), 0);
})();
