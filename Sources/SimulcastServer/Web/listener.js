// The web listener: joins a room, keeps a clock synchronised with the server, and drives
// Apple Music (MusicKit JS) or Spotify (Web Playback SDK) with the follow policy in follow.js
// (the port of SimulcastCore's FollowPolicy; a shared decision table keeps the two equal).
//
// What the listener *wants* (sound, or a pause for themselves) is kept apart from what the
// room does and what the player does; the status line is computed from all three.
(function () {
  "use strict";
  // An insecure origin cannot play (secure-origin.js says so): nothing is loaded or joined.
  if (window.simulcastInsecure) { window.simulcastPage = { phase: "insecure", status: "insecure" }; return; }
  const { ClockSync, FollowPolicy, FollowTarget, targetPosition, matchFor } = window.SimulcastFollow;
  // This device's output latency (sound-panel.js): the player is aimed that far ahead.
  const sound = window.SimulcastSound;
  const config = JSON.parse(document.getElementById("simulcast-config").textContent);
  // The server's one "in sync" figure (Swift's InSync), for the status, the meter and its zone.
  const inSyncMs = config.inSyncMs ?? 50;
  document.documentElement.style.setProperty("--in-sync-half", (inSyncMs / 500) * 100 + "%");
  const $ = (id) => document.getElementById(id);
  const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
  const serviceNames = { "apple-music": "Apple Music", spotify: "Spotify", deezer: "Deezer", local: "local files" };
  const name = (service) => serviceNames[service] || service;
  // What to say when the server closes for good (4400's text for a code without its own);
  // which closes are final is the server's list (config.finalCloseCodes), not this page's.
  const finalCloses = {
    4400: "The server refused this page's request to join. Reload the page; if it happens again, the link may be broken.",
    4404: "This room no longer exists.",
    4409: "This room was taken over by another connection.",
    4413: "This room is full.",
  };
  const SDK_TIMEOUT_MS = 10000;

  // What the page knows, readable by people (the UI) and by the browser tests.
  const page = (window.simulcastPage = {
    phase: "choosing", service: null, storefront: null, room: null, match: null,
    wantsSound: false, needsTap: false, connected: false, finalClose: null, volume: storedVolume(),
    syncErrorMs: null, message: null, status: null, commands: [], renewals: { appleMusic: 0, spotify: 0 },
  });

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error("could not load " + src));
      document.head.appendChild(script);
    });
  }

  // Every SDK call ends: a promise that never settles would stop the page following for good.
  function withTimeout(promise, what, ms = SDK_TIMEOUT_MS) {
    let timer;
    const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new TimeoutError(what)), ms); });
    return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
  }
  class TimeoutError extends Error { constructor(what) { super(what + " did not answer in time"); this.kind = "timeout"; } }
  // `expired`: the listener had logged in and the login ended (say so, one button); otherwise
  // they never had (go straight to Spotify's login).
  class LoginNeeded extends Error { constructor(text, expired = true) { super(text); this.kind = "login"; this.expired = expired; } }
  const isGestureRefusal = (error) => error && (error.name === "NotAllowedError" || error.kind === "gesture");

  async function errorText(response) {
    try { const body = await response.json(); return body.error?.message || response.statusText; } catch { return response.statusText; }
  }

  // A message with a kind; it disappears when what caused it no longer holds (`clears`).
  function say(text, kind = "error", clears = "soon") {
    page.message = { text, kind, clears, at: performance.now() };
    render();
  }
  function clearMessage(kinds) {
    if (page.message && (!kinds || kinds.includes(page.message.clears))) { page.message = null; render(); }
  }

  // JWT payload claims, without checking the signature (the server made it).
  function claims(jwt) {
    try { return JSON.parse(atob(jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))); } catch { return {}; }
  }

  // --- players: the same verbs over each SDK --------------------------------------------------

  class AppleMusicPlayer {
    // Loaded and configured before the click, so authorize() and the first play run in it.
    static async prepare() {
      const loaded = new Promise((resolve) => document.addEventListener("musickitloaded", resolve, { once: true }));
      await loadScript(config.musicKitURL);
      if (!window.MusicKit?.configure) await withTimeout(loaded, "MusicKit");
      const token = await AppleMusicPlayer.developerToken();
      const music = await withTimeout(window.MusicKit.configure({ developerToken: token, app: { name: "Simulcast", build: "1" } }), "MusicKit");
      return new AppleMusicPlayer(music, token);
    }
    static async developerToken() {
      const response = await fetch("/v1/apple-music/developer-token", { credentials: "same-origin" });
      if (!response.ok) throw new Error("Apple Music is not available here: " + (await errorText(response)));
      return (await response.json()).token;
    }
    constructor(music, token) {
      this.music = music;
      this.scheduleRenewal(token);
      const states = window.MusicKit.PlaybackStates || {};
      music.addEventListener?.("mediaPlaybackError", (event) => say("Apple Music could not play: " + (event?.message || event?.error?.message || "playback error"), "error", "success"));
      music.addEventListener?.("authorizationStatusDidChange", () => { if (!music.isAuthorized && page.wantsSound) say("Apple Music signed you out. Choose Apple Music to sign in again.", "error", "success"); });
      music.addEventListener?.("playbackStateDidChange", () => { if (this.read().playing) clearMessage(["success"]); });
      this.states = states;
    }
    get storefront() { return (this.music.storefrontCountryCode || "us").toLowerCase(); }
    // The developer token lives `lifetime` (serve --apple-music-token-lifetime); a new one by
    // 80 % of it, and at once after an authorization error, without stopping the music.
    scheduleRenewal(token) {
      const c = claims(token);
      const lifetimeMs = Math.max(1, (c.exp || 0) - (c.iat || 0)) * 1000;
      // By 80 % of its lifetime, and a fifth of it before `exp` by this device's clock.
      const wait = Math.max(0, Math.min(lifetimeMs * 0.8, (c.exp || 0) * 1000 - Date.now() - lifetimeMs * 0.2));
      this.renewAt = performance.now() + wait;
      this.renewAtWall = Date.now() + wait;  // performance.now() stands still while a laptop sleeps
    }
    async renewIfDue(force = false) {
      if (!force && performance.now() < this.renewAt && Date.now() < this.renewAtWall) return;
      if (this.renewing) return this.renewing;
      this.renewing = (async () => {
        try {
          const token = await withTimeout(AppleMusicPlayer.developerToken(), "the developer token");
          this.music.developerToken = token;
          this.scheduleRenewal(token);
          page.renewals.appleMusic += 1;
        } finally { this.renewing = null; }
      })();
      return this.renewing;
    }
    async begin() {
      if (!this.music.isAuthorized) await withTimeout(this.music.authorize(), "Apple Music's sign-in", 120000);
      this.music.volume = page.volume;
    }
    // MusicKit v3's instance volume, 0 to 1 (the device's own buttons still rule on iPhone).
    async setVolume(fraction) { this.music.volume = fraction; }
    // An authorization error renews the developer token once and tries again.
    async call(what, action) {
      try { return await withTimeout(action(), what); } catch (error) {
        if (!/AUTHORIZATION|UNAUTHORIZED|TOKEN/i.test(String(error?.errorCode || error?.code || error?.message))) throw error;
        await this.renewIfDue(true);
        return await withTimeout(action(), what);
      }
    }
    // Starts at the position (MusicKit v3 `startTime`), never the song's opening then a jump,
    // and queues the room's next matched songs so a suspended page plays on into them.
    load(trackId, aim, play, upNext) {
      const songs = [trackId].concat(upNext.filter((id) => id !== trackId)).slice(0, 10);
      return this.call("Apple Music", () => this.music.setQueue({ songs, startWith: 0, startTime: Math.max(0, aim()) / 1000, startPlaying: play }));
    }
    seek(aim) { return this.call("Apple Music", () => this.music.seekToTime(Math.max(0, aim()) / 1000)); }
    async play(aim) { await this.call("Apple Music", () => this.music.play()); await this.seek(aim); }
    pause() { return this.call("Apple Music", () => this.music.pause()); }
    read() {
      const playing = this.music.playbackState === this.states.playing;
      const loading = [this.states.loading, this.states.waiting, this.states.stalled, this.states.seeking].includes(this.music.playbackState);
      return { trackId: this.music.nowPlayingItem?.id ?? null, playing, loading, positionMs: (this.music.currentPlaybackTime || 0) * 1000 };
    }
  }

  // The listener's Spotify login: the PKCE tokens (access, refresh, expiry) in sessionStorage,
  // never in a URL or a log. `fresh()` always gives a token that is not about to expire.
  const SpotifyLogin = {
    key: "simulcast.spotify",
    stored() { try { return JSON.parse(sessionStorage.getItem(this.key) || "null"); } catch { return null; } },
    store(tokens) { sessionStorage.setItem(this.key, JSON.stringify(tokens)); },
    forget() { sessionStorage.removeItem(this.key); },
    // A token in a link (#spotify_token=) is never taken as the listener's login: whoever
    // sent the link would choose whose account plays. It is only taken out of the address.
    clearFragment() {
      if (location.hash) history.replaceState(null, "", location.pathname + location.search.replace(/([?&])service=[^&]*&?/, "$1").replace(/[?&]$/, ""));
    },
    // Renewed a minute before expiry, or by 80 % of a shorter lifetime.
    due(tokens) { return Date.now() >= tokens.expiresAt - Math.min(60000, 0.2 * (tokens.lifetimeMs || 3600000)); },
    async fresh() {
      const tokens = this.stored();
      if (!tokens) throw new LoginNeeded("Log in to Spotify to listen.", false);
      if (!this.due(tokens)) return tokens.access;
      return this.refresh();
    },
    refreshIfDue() {
      const tokens = this.stored();
      if (tokens?.refresh && this.due(tokens)) this.refresh().catch((error) => loginNeeded(error));
    },
    async refresh() {
      const tokens = this.stored();
      if (!tokens?.refresh || !config.spotifyClientId) { this.forget(); throw new LoginNeeded("Your Spotify login has expired. Log in again to keep listening."); }
      if (this.refreshing) return this.refreshing;
      this.refreshing = (async () => {
        try {
          const response = await withTimeout(fetch(config.spotifyAccountsURL + "/api/token", {
            method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh, client_id: config.spotifyClientId }),
          }), "Spotify's login");
          if (!response.ok) { this.forget(); throw new LoginNeeded("Spotify ended your login. Log in again to keep listening."); }
          const body = await response.json();
          const lifetimeMs = (body.expires_in || 3600) * 1000;
          this.store({ access: body.access_token, refresh: body.refresh_token || tokens.refresh, expiresAt: Date.now() + lifetimeMs, lifetimeMs });
          page.renewals.spotify += 1;
          return body.access_token;
        } finally { this.refreshing = null; }
      })();
      return this.refreshing;
    },
    login() {
      // Authorization Code with PKCE; the code comes back to /r/callback.
      return SimulcastSpotifyPKCE.begin({ config, room: config.room, purpose: "listen", scopes: SimulcastSpotifyPKCE.listenerScopes });
    },
  };

  class SpotifyPlayer {
    static async prepare() {
      await SpotifyLogin.fresh();
      const ready = new Promise((resolve) => { window.onSpotifyWebPlaybackSDKReady = resolve; });
      await loadScript(config.spotifySDKURL);
      if (!window.Spotify?.Player) await withTimeout(ready, "Spotify's player");
      const player = new window.Spotify.Player({
        name: "Simulcast " + config.room, volume: page.volume,
        // Called at connect and whenever the SDK's token has expired: always a fresh one.
        getOAuthToken: (callback) => SpotifyLogin.fresh().then(callback, (error) => loginNeeded(error)),
      });
      const self = new SpotifyPlayer(player);
      const device = new Promise((resolve, reject) => {
        player.addListener("ready", ({ device_id }) => { self.deviceId = device_id; resolve(device_id); });
        player.addListener("initialization_error", ({ message }) => reject(new Error("Spotify cannot play in this browser: " + message)));
        player.addListener("account_error", () => reject(new Error("Spotify plays in the browser only for Premium accounts.")));
      });
      player.addListener("authentication_error", () => {
        SpotifyLogin.refresh().then(() => player.connect(), (error) => loginNeeded(error));
      });
      player.addListener("autoplay_failed", () => needTap());
      player.addListener("not_ready", () => { say("Spotify's player went away; reconnecting it.", "info", "success"); player.connect(); });
      player.addListener("playback_error", ({ message }) => say("Spotify could not play: " + message, "error", "success"));
      player.addListener("player_state_changed", (state) => { self.last = state; self.lastAt = performance.now(); });
      if (!(await withTimeout(player.connect(), "Spotify's player"))) throw new Error("Spotify's player did not connect");
      await withTimeout(device, "Spotify's player");
      const me = await withTimeout(self.api("GET", "/v1/me"), "Spotify");
      self.country = me.ok ? (await me.json()).country : null;
      return self;
    }
    constructor(player) { this.player = player; this.deviceId = null; this.last = null; this.lastAt = 0; this.poll(); }
    get storefront() { return (this.country || "us").toLowerCase(); }
    async api(method, path, body) {
      const request = async (token) => fetch(config.spotifyAPIURL + path, {
        method, headers: { Authorization: "Bearer " + token, ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined,
      });
      let response = await request(await SpotifyLogin.fresh());
      if (response.status === 401) response = await request(await SpotifyLogin.refresh());
      return response;
    }
    // The player's state, polled (the event alone can be minutes apart); a failed poll does
    // not end the polling.
    async poll() {
      try { const state = await withTimeout(this.player.getCurrentState(), "Spotify", 3000); this.last = state; this.lastAt = performance.now(); } catch { /* next time */ }
      setTimeout(() => this.poll(), 200);
    }
    async begin() { await withTimeout(this.player.activateElement(), "Spotify's player"); }
    async setVolume(fraction) { await withTimeout(this.player.setVolume(fraction), "Spotify"); }
    async renewIfDue() { SpotifyLogin.refreshIfDue(); }
    async load(trackId, aim, play, upNext) {
      // Loading while the room is paused happens muted, so no blip is heard.
      if (!play) await withTimeout(this.player.setVolume(0), "Spotify");
      try {
        const uris = [trackId].concat(upNext.filter((id) => id !== trackId)).slice(0, 10).map((id) => "spotify:track:" + id);
        const response = await withTimeout(this.api("PUT", "/v1/me/player/play?device_id=" + encodeURIComponent(this.deviceId),
          { uris, offset: { position: 0 }, position_ms: Math.round(Math.max(0, aim())) }), "Spotify");
        if (!response.ok) throw new Error("Spotify would not play (" + response.status + ")");
        if (!play) await withTimeout(this.player.pause(), "Spotify");
      } finally {
        if (!play) await withTimeout(this.player.setVolume(page.volume), "Spotify");
      }
      this.last = await withTimeout(this.player.getCurrentState(), "Spotify");
      this.lastAt = performance.now();
    }
    async seek(aim) { await withTimeout(this.player.seek(Math.round(Math.max(0, aim()))), "Spotify"); this.last = await this.player.getCurrentState(); this.lastAt = performance.now(); }
    async play(aim) { await withTimeout(this.player.resume(), "Spotify"); await this.seek(aim); }
    async pause() { await withTimeout(this.player.pause(), "Spotify"); this.last = await this.player.getCurrentState(); this.lastAt = performance.now(); }
    read() {
      const s = this.last;
      if (!s) return { trackId: null, playing: false, loading: false, positionMs: 0 };
      const moved = s.paused ? 0 : performance.now() - this.lastAt;
      return { trackId: s.track_window?.current_track?.id ?? null, playing: !s.paused, loading: !!s.loading, positionMs: s.position + moved };
    }
  }

  const players = { "apple-music": AppleMusicPlayer, spotify: SpotifyPlayer };
  const prepared = {};
  function prepare(service) { return (prepared[service] ||= players[service].prepare().catch((error) => { delete prepared[service]; throw error; })); }

  // --- the room connection ------------------------------------------------------------------

  // The same clock sync as the apps (docs/PROTOCOL.md): a burst of 16 pings 40 ms apart at
  // connect, then one every 2 s; another burst when the page comes back, the network returns,
  // or the clock is seen to step (a laptop's sleep stops performance.now()).
  const clock = new ClockSync(32);
  Object.defineProperty(page, "clockSteps", { get: () => clock.stepsDetected });
  let policy = null;
  let socket = null, player = null, busy = false, lastReport = 0, retryMs = 250, retryTimer = null;
  // This page's own server first, then the other nodes named in ?server=URL1,URL2 (several
  // nodes without a load balancer): when a connection drops, the next one is tried. Only the
  // server's own origins may be named (its public origins): a link naming another server
  // would otherwise move the page there, playing what it says on the listener's account.
  const ownOrigins = new Set([location.origin].concat(config.origins || []));
  const servers = [(location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host].concat(
    (new URLSearchParams(location.search).get("server") || "").split(",").map((url) => url.trim().replace(/\/+$/, ""))
      .filter((url) => /^(https?|wss?):\/\/[^/]+$/.test(url))
      .filter((url) => { try { return ownOrigins.has(new URL(url.replace(/^ws/, "http")).origin); } catch { return false; } })
      .map((url) => url.replace(/^http/, "ws")));
  let serverIndex = 0;

  function burst() { for (let i = 0; i < 16; i++) setTimeout(ping, i * 40); }

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (page.finalClose || (socket && socket.readyState <= WebSocket.OPEN)) return;
    socket = new WebSocket(servers[serverIndex] + config.webSocketPath);
    socket.onopen = () => {
      retryMs = 250;
      page.connected = true;
      send({ type: "hello", role: "listener", room: config.room, service: page.service, storefront: page.storefront, client: "web",
        name: window.SimulcastPresence.name() ?? undefined });
      burst();
      policy?.connectionRestarted();
      window.SimulcastReactions.mount(async (reaction) => {
        if (socket?.readyState !== WebSocket.OPEN) return false;
        send({ type: "reaction", reaction });
        return true;
      });
      render();
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }  // not ours to act on
      if (message && typeof message === "object") receive(message);
    };
    socket.onclose = (event) => {
      page.connected = false;
      socket = null;
      if ((config.finalCloseCodes || []).includes(event.code)) {
        page.finalClose = { code: event.code, text: finalCloses[event.code] || finalCloses[4400] };
        render();
        return;
      }
      render();
      serverIndex = (serverIndex + 1) % servers.length;
      retryTimer = setTimeout(connect, retryMs + Math.random() * 100);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  }

  function send(message) { if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ v: 1, ...message })); }
  function ping() { send({ type: "time.ping", t0: nowMicros() }); }

  function receive(message) {
    switch (message.type) {
      case "time.pong":
        if (clock.add(message.t0, message.t1, message.t2, nowMicros())) { burst(); policy?.clockStepped(); }
        break;
      case "welcome":
        if (message.notice) say(String(message.notice), "info", "never");
        break;
      case "room.state":
        if (!message.anchor) return;
        page.room = message;
        policy?.roomStateReceived(message);
        // "Matched" only for this listener's own storefront.
        page.match = page.storefront ? matchFor(message.track, page.service, page.storefront) : null;
        render();
        break;
      case "room.presence":
        page.presence = message;
        window.SimulcastPresence.show(message);
        break;
      case "room.reaction":
        window.SimulcastReactions.show(message);
        break;
      case "error":
        say(String(message.message || message.code || "the server refused a message"), "error", "soon");
        break;
    }
  }

  // Back from the background, a bfcache restore or the network: measure the clock afresh and
  // reconnect at once rather than at the end of a backoff.
  function comeBack() {
    if (!page.service) return;
    if (!socket) { retryMs = 250; connect(); } else burst();
    if (page.wantsSound) acquireWakeLock();
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") comeBack(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) comeBack(); });
  window.addEventListener("online", comeBack);

  // Wall time minus monotonic time moves when the device slept: the monotonic clock stood still.
  let wallMinusMonotonic = Date.now() - performance.now();
  function checkForSleep() {
    const now = Date.now() - performance.now();
    if (Math.abs(now - wallMinusMonotonic) > 1000) { wallMinusMonotonic = now; comeBack(); }
    else wallMinusMonotonic = now;
  }

  function upNext(room) {
    return (room?.queue || []).map((entry) => matchFor(entry, page.service, page.storefront)).filter((m) => m?.status === "matched" && m.track).map((m) => m.track.id);
  }

  async function tick() {
    checkForSleep();
    if (!player || !policy || busy) return;
    player.renewIfDue?.().catch(() => {});
    const serverNow = clock.serverTime(nowMicros());
    if (serverNow === null || !page.room) { render(); return; }
    const reading = player.read();
    page.reading = reading;
    // Not wanted (paused by the listener) or waiting for their tap: the policy is not asked,
    // so nothing is undone and nothing is left pending for when they come back.
    const following = page.wantsSound && !page.needsTap;
    const commands = following ? policy.playerObserved({ trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs, serverTime: serverNow }) : [];
    page.syncErrorMs = following && reading.playing ? policy.syncErrorMs : null;
    const now = performance.now();
    if (now - lastReport > 1000 && reading.trackId) {
      lastReport = now;
      send({ type: "listener.report", trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs,
        measuredAt: Math.round(serverNow), syncErrorMs: page.syncErrorMs ?? undefined, seq: page.room?.seq,
        outputLatencyMs: policy.outputLatencyMs || undefined });
    }
    render();
    if (commands.length > 0) await perform(commands, reading);
  }

  // A fresh policy for a listener coming back (a tap, Resume): what it learned of this
  // player's latencies carries over; what it was waiting for does not.
  function newPolicy(previous) {
    const next = new FollowPolicy({ service: page.service, storefront: page.storefront, seekThresholdMs: 35, canScheduleStart: false,
      defaultStartLatencyMs: 100, defaultSeekLatencyMs: 100, outputLatencyMs: sound.milliseconds });
    if (previous) { next.latency.start = previous.latency.start; next.latency.seek = previous.latency.seek; }
    if (page.room) next.roomStateReceived(page.room);
    return next;
  }

  async function perform(commands, reading) {
    busy = true;
    try {
      for (const command of commands) {
        page.commands.push({ ...command, at: performance.timeOrigin + performance.now() });
        if (page.commands.length > 200) page.commands.splice(0, page.commands.length - 200);
        // Positions include this player's learned latency from the seek to audio; the SDK's
        // own steps before the seek take time while the room moves on.
        const decidedAt = performance.now();
        const moving = command.play !== false && command.kind !== "pause";
        const aim = () => command.positionMs + (moving ? performance.now() - decidedAt : 0);
        if (command.kind === "load" || command.kind === "start") await player.load(command.trackId, aim, command.play ?? true, upNext(page.room));
        else if (command.kind === "seek") await (command.play && !reading.playing ? player.play(aim) : player.seek(aim));
        else if (command.kind === "pause" || command.kind === "stop") { if (reading.playing) await player.pause(); }
      }
      clearMessage(["success", "soon"]);
    } catch (error) {
      if (isGestureRefusal(error)) needTap();
      else if (error?.kind === "login") loginNeeded(error);
      else say(String(error?.message || error), "error", "success");
    } finally {
      busy = false;
    }
  }

  // --- what the listener wants --------------------------------------------------------------

  function needTap() {
    if (page.needsTap) return;
    page.needsTap = true;
    render();
    $("tap").focus();
  }

  // The tap: runs inside the listener's gesture, so the browser lets the audio start; it
  // starts at the live position.
  async function tapToListen() {
    page.wantsSound = true;
    page.needsTap = false;
    render();
    try {
      // Inside the tap: MusicKit's sign-in if it lapsed, Spotify's activateElement.
      await player.begin();
      sound.afterGesture();
      const serverNow = clock.serverTime(nowMicros());
      const target = page.room && serverNow !== null ? policy.targetMatch : null;
      if (target?.status === "matched" && page.room.playing) {
        const position = new FollowTarget(page.room, serverNow, policy.outputLatencyMs).positionMs;
        await perform([{ kind: "load", trackId: target.track.id, positionMs: position + policy.startLatency.predictedMs, play: true }], player.read());
      }
      policy = newPolicy(policy);
    } catch (error) {
      if (isGestureRefusal(error)) needTap(); else say(String(error?.message || error), "error", "success");
    }
  }

  // Pauses the player now, whatever it last reported (pause, leave, switch service).
  function silencePlayer() {
    if (player) perform([{ kind: "pause" }], { ...player.read(), playing: true });
  }

  function pauseForMe() {
    page.wantsSound = false;
    silencePlayer();
    releaseWakeLock();
    render();
    $("resume").focus();
  }

  function resume() {
    // Rejoins at the live position: the policy sees a paused player in a playing room.
    page.wantsSound = true;
    if (policy) policy = newPolicy(policy);
    acquireWakeLock();
    render();
    $("pause").focus();
  }

  // Leaving stops this listener's sound and its place in the room; nothing reconnects.
  function leave() {
    page.wantsSound = false;
    silencePlayer();
    releaseWakeLock();
    page.finalClose = { code: 1000, text: "You left the room." };
    socket?.close(1000);
    setSheetOpen(false);
    render();
    $("reload").focus();
  }

  // Another service: this one stops, and the page starts again at the choice.
  function switchService() {
    silencePlayer();
    localStorage.removeItem("simulcast.service");
    location.reload();
  }

  function storedVolume() {
    const stored = localStorage.getItem("simulcast.volume");
    const fraction = stored === null ? NaN : Number(stored);
    return fraction >= 0 && fraction <= 1 ? fraction : 0.8;
  }

  function setVolume(fraction) {
    page.volume = fraction;
    localStorage.setItem("simulcast.volume", String(fraction));
    player?.setVolume?.(fraction).catch(() => {});
  }

  function loginNeeded(error) {
    page.wantsSound = false;
    page.phase = "login";
    say(String(error?.message || "Log in again to keep listening."), "login", "never");
    render();
    $("login-again").focus();
  }

  // Media Session: the lock screen, headphones and media keys speak for the listener.
  function mediaSession() {
    const session = navigator.mediaSession;
    if (!session) return;
    const handlers = { play: () => (page.needsTap ? tapToListen() : resume()), pause: () => pauseForMe(), stop: () => pauseForMe() };
    for (const [action, handler] of Object.entries(handlers)) { try { session.setActionHandler(action, handler); } catch { /* not supported */ } }
    for (const action of ["seekto", "seekbackward", "seekforward", "previoustrack", "nexttrack"]) { try { session.setActionHandler(action, null); } catch { /* not supported */ } }
  }

  let wakeLock = null;
  async function acquireWakeLock() {
    if (!$("keep-awake").checked || !navigator.wakeLock || document.visibilityState !== "visible") return;
    try { wakeLock = await navigator.wakeLock.request("screen"); wakeLock.addEventListener?.("release", () => { wakeLock = null; }); } catch { wakeLock = null; }
  }
  function releaseWakeLock() { wakeLock?.release?.(); wakeLock = null; }

  async function choose(service) {
    page.service = service;
    page.phase = "connecting";
    page.wantsSound = true;
    page.message = null;
    localStorage.setItem("simulcast.service", service);
    render();
    try {
      player = await prepare(service);
      // In the click: MusicKit's sign-in, Spotify's activateElement.
      await player.begin();
      sound.afterGesture();
      page.storefront = player.storefront;
      // Both SDKs place audio with a seek (seekToTime, seek), so a start costs what a seek does.
      policy = newPolicy(null);
      if (page.room) page.match = matchFor(page.room.track, service, page.storefront);
      page.phase = "listening";
      mediaSession();
      acquireWakeLock();
      connect();
      setInterval(tick, 100);
      setInterval(() => { if (clock.samples.length > 0) ping(); }, 2000);
      maybeWarnAboutLocking();
      render();
      $("now-title").focus();
    } catch (error) {
      page.phase = "choosing";
      page.wantsSound = false;
      if (error?.kind === "login" && !error.expired && config.spotifyClientId) return SpotifyLogin.login();
      if (error?.kind === "login") return loginNeeded(error);
      say(String(error?.message || error), "error", "choice");
    }
  }

  function maybeWarnAboutLocking() {
    const iOS = /iP(hone|od|ad)/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    if (!iOS || sessionStorage.getItem("simulcast.lockNotice")) return;
    sessionStorage.setItem("simulcast.lockNotice", "1");
    say("On iPhone, Safari stops following the room while the phone is locked: the songs already queued play on, and the page catches up when you come back to it.", "info", "soon");
  }

  // --- what the page says -------------------------------------------------------------------

  // The status, from what the listener wants, what their player does and what the room does.
  function listenerStatus() {
    const room = page.room;
    if (page.finalClose) {
      const key = page.finalClose.code === 1000 ? "left" : page.finalClose.code === 4404 ? "closed" : page.finalClose.code === 4413 ? "full" : "refused";
      return { key, text: page.finalClose.text };
    }
    switch (page.phase) {
      case "choosing": return { key: "choosing", text: "Choose where you listen." };
      case "connecting": return { key: "connecting", text: "Connecting to " + name(page.service) + "…" };
      case "login": return { key: "login", text: "Log in to " + name(page.service) + " again to keep listening." };
    }
    if (!page.connected) return { key: "reconnecting", text: "Connection lost, reconnecting…" };
    if (!room || clock.samples.length === 0) return { key: "joining", text: "Joining…" };
    if (page.needsTap) return { key: "tap", text: "Tap to listen" };
    if (!room.track) return { key: "waiting", text: room.hostConnected === false ? "The host is away." : "Waiting for the host to play something." };
    if (!page.wantsSound) return { key: "pausedByYou", text: "Paused for you" };
    const match = page.match;
    if (!match) return { key: "matching", text: "Finding this song on " + name(page.service) + "…" };
    if (match.status !== "matched") {
      // Why is in the Sync details sheet; the pill stays short.
      return { key: "noMatch", text: match.status === "unavailable" ? name(page.service) + " is not answering" : "No match for this song" };
    }
    const hostAway = room.hostConnected === false;
    if (!room.playing) return { key: "hostPaused", text: hostAway ? "The host is away; the room is paused." : "The host paused." };
    const reading = page.reading;
    const policyStatus = policy?.status;
    if (!reading || !reading.playing || reading.trackId !== match.track?.id || policyStatus === "starting") return { key: "starting", text: "Starting…" };
    // A small correction (within the in-sync figure) is not news: the status stays "in sync".
    const offBy = page.syncErrorMs === null ? null : Math.abs(page.syncErrorMs);
    if ((policyStatus === "seeking" && (offBy === null || offBy > inSyncMs)) || (offBy !== null && offBy > inSyncMs)) return { key: "catchingUp", text: "Catching up…" };
    if (policyStatus === "holding") return { key: "holding", text: "Waiting for the next song" };
    return { key: "inSync", text: hostAway ? "● In sync · the host is away" : "● In sync" };
  }

  function formatTime(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  // Text is written only when it changed, so screen readers announce changes, not ticks.
  function setText(id, text) { const element = $(id); if (element.textContent !== text) element.textContent = text; }
  function setHidden(id, hidden) { const element = $(id); if (element.hidden !== hidden) element.hidden = hidden; }

  function render() {
    // A message whose moment has passed goes.
    if (page.message?.clears === "soon" && performance.now() - page.message.at > 8000) page.message = null;
    const status = listenerStatus();
    page.status = status.key;
    setText("status", status.text);
    // A pill that opens the Sync details while listening; before that, only words.
    const pill = $("status-pill");
    const canOpen = !!page.room && page.phase === "listening" && !page.finalClose;
    if (pill.disabled === canOpen) pill.disabled = !canOpen;
    if (pill.className !== "pill " + status.key) pill.className = "pill " + status.key;
    if (!canOpen && !$("sync-details").hidden) setSheetOpen(false);
    setHidden("chooser", page.phase !== "choosing");
    setHidden("tap", !page.needsTap || !!page.finalClose);
    const listening = page.phase === "listening" && !page.finalClose;
    setHidden("controls", !listening || page.needsTap);
    setHidden("pause", !page.wantsSound);
    setHidden("resume", page.wantsSound);
    setHidden("login-again", page.phase !== "login");
    setHidden("reload", !page.finalClose);
    setText("reload", page.finalClose?.code === 1000 ? "Listen again" : "Reload the page");
    const message = page.message;
    setHidden("message", !message);
    setText("message", message ? message.text : "");
    $("message").className = "message " + (message?.kind || "");
    const room = page.room;
    setHidden("now", !room);
    if (!room) return;
    const headline = room.hostName ? `Listen along with ${room.hostName}` : "Listen along";
    setText("headline", headline);
    const source = room.track?.source;
    const result = page.match;
    const shown = result?.status === "matched" ? result.track : source;
    setText("now-title", shown ? shown.title : "Nothing playing");
    setText("artist", shown ? shown.artists.join(", ") : "The host has not started a song.");
    renderArtwork(shown, source);
    // Said only when what this listener hears is not what the host plays, word for word.
    const differs = source && shown && (shown.title !== source.title || shown.artists.join(", ") !== source.artists.join(", "));
    setHidden("source", !differs);
    setText("source", differs ? `The host plays “${source.title}” by ${source.artists.join(", ")}` : "");
    renderUpNext(room);
    const title = shown && room.playing ? `${shown.title} · ${shown.artists.join(", ")} · Simulcast` : `${headline} · Simulcast`;
    if (document.title !== title) document.title = title;
    renderWhy(source, result);
    renderMediaMetadata(shown);
    renderMeter();
  }

  // The song's artwork: the match's, else the host's, else a cover made from the song's name
  // (the same on every listener's screen), never a letter.
  function renderArtwork(shown, source) {
    const art = shown?.artworkURL || source?.artworkURL;
    const url = art || (shown ? "/cover.svg?for=" + encodeURIComponent(shown.title + "\n" + shown.artists.join(", ")) : "/web/icon.svg");
    const background = `url("${url.replace(/"/g, "%22")}")`;
    if ($("artwork").style.backgroundImage !== background) $("artwork").style.backgroundImage = background;
    const label = shown ? `Cover of ${shown.title}` : "Simulcast";
    if ($("artwork").getAttribute("aria-label") !== label) $("artwork").setAttribute("aria-label", label);
  }

  function renderUpNext(room) {
    const next = (room.queue || [])[0];
    const shown = next ? (matchFor(next, page.service, page.storefront)?.track || next.source) : null;
    setHidden("up-next", !shown);
    setText("up-next", shown ? `Up next: ${shown.title} · ${shown.artists.join(", ")}` : "");
  }

  let whyShown = null;
  function renderWhy(source, result) {
    const key = JSON.stringify([source?.id, page.service, result]);
    if (key === whyShown) return;
    whyShown = key;
    const why = $("why");
    why.replaceChildren();
    why.hidden = !(source && page.service);
    if (why.hidden) { page.noMatch = null; return; }
    const service = name(page.service);
    const summary = document.createElement("summary");
    const status = result?.status;
    summary.textContent = !result ? `Finding it on ${service}…`
      : status === "matched" ? `Matched on ${service}` + (result.confidence != null ? ` · ${Math.round(result.confidence * 100)}% sure` : "")
      : status === "ambiguous" ? `Not sure which version is right on ${service}, so it is not played`
      : status === "unavailable" ? `${service} could not be asked right now`
      : `No match on ${service}: this song is skipped`;
    why.appendChild(summary);
    const reasons = (result?.reasons || []).concat(result?.method ? ["method: " + result.method] : []);
    if (reasons.length) {
      const list = document.createElement("ul");
      for (const reason of reasons) { const li = document.createElement("li"); li.textContent = reason; list.appendChild(li); }
      why.appendChild(list);
    }
    why.className = "why " + (status || "pending");
    page.noMatch = status && status !== "matched" ? summary.textContent : null;
  }

  let metadataShown = null;
  function renderMediaMetadata(shown) {
    if (!navigator.mediaSession || !window.MediaMetadata || !shown) return;
    const key = shown.title + "|" + shown.artists.join(",") + "|" + (shown.album || "") + "|" + (shown.artworkURL || "");
    if (key !== metadataShown) {
      metadataShown = key;
      navigator.mediaSession.metadata = new MediaMetadata({ title: shown.title, artist: shown.artists.join(", "), album: shown.album || "",
        artwork: shown.artworkURL ? [{ src: shown.artworkURL }] : [] });
    }
    navigator.mediaSession.playbackState = page.reading?.playing ? "playing" : "paused";
  }

  function renderMeter() {
    const serverNow = clock.serverTime(nowMicros());
    const room = page.room;
    const error = page.syncErrorMs;
    renderProgress(room, serverNow);
    setText("sheet-latency", Math.round(sound.milliseconds) + " ms");
    // Only while this listener's audio plays along: never "in sync" over silence.
    const playing = error !== null && room?.playing && page.reading?.playing && page.wantsSound && page.status !== "noMatch";
    setHidden("meter", !playing);
    setHidden("sync-idle", playing);
    if (!playing) return;
    const meter = $("meter");
    const clamped = Math.max(-250, Math.min(250, error));
    const words = Math.abs(error) <= inSyncMs ? "in sync" : "catching up";
    const exact = Math.abs(error) < 1 ? "0 ms" : `${Math.abs(Math.round(error))} ms ${error > 0 ? "ahead" : "behind"}`;
    meter.setAttribute("aria-valuenow", String(Math.round(clamped)));
    meter.setAttribute("aria-valuetext", words + ", " + exact);
    $("needle").style.left = (50 + clamped / 5) + "%";
    // Green inside the zone; amber while a correction is likely to land soon; red beyond.
    $("needle").className = Math.abs(error) <= inSyncMs ? "needle good" : Math.abs(error) <= 3 * inSyncMs ? "needle fair" : "needle poor";
    setText("offset", words);
    setText("offset-ms", exact);
  }

  // Elapsed and remaining, on the room's timeline (what the host hears).
  function renderProgress(room, serverNow) {
    const durationMs = page.match?.track?.durationMs ?? room?.track?.source?.durationMs ?? 0;
    const shown = !!(room?.track && serverNow !== null && durationMs > 0);
    setHidden("progress", !shown);
    if (!shown) return;
    const elapsedMs = Math.min(durationMs, Math.max(0, targetPosition(room, serverNow)));
    setText("elapsed", formatTime(elapsedMs));
    // From the whole seconds shown, so elapsed and remaining add up to the song's length.
    setText("remaining", "−" + formatTime(durationMs - Math.floor(elapsedMs / 1000) * 1000));
    const percent = String(Math.round((elapsedMs / durationMs) * 1000) / 10);
    if ($("progress-bar").getAttribute("aria-valuenow") !== percent) {
      $("progress-bar").setAttribute("aria-valuenow", percent);
      $("progress-bar").setAttribute("aria-valuetext", formatTime(elapsedMs) + " of " + formatTime(durationMs));
      $("progress-fill").style.width = percent + "%";
    }
  }

  // The status pill opens the Sync details sheet (the meter, the milliseconds, why this version).
  function setSheetOpen(open) {
    setHidden("sync-details", !open);
    $("status-pill").setAttribute("aria-expanded", String(open));
    if (open) $("sync-details").scrollIntoView({ block: "nearest" });
  }

  // --- start --------------------------------------------------------------------------------

  SpotifyLogin.clearFragment();
  const offered = config.services.filter((service) => service !== "spotify" || config.spotifyClientId || SpotifyLogin.stored());
  for (const button of document.querySelectorAll("[data-service]")) {
    const service = button.dataset.service;
    if (!offered.includes(service)) { button.hidden = true; continue; }
    button.addEventListener("click", () => choose(service));
  }
  setHidden("spotify-help", offered.includes("spotify"));
  $("tap").addEventListener("click", tapToListen);
  // A new output latency (the slider, a calibration) takes effect at the next tick.
  sound.onChange((milliseconds) => { if (policy) policy.outputLatencyMs = milliseconds; });
  $("pause").addEventListener("click", pauseForMe);
  $("resume").addEventListener("click", resume);
  $("login-again").addEventListener("click", () => (config.spotifyClientId ? SpotifyLogin.login() : location.reload()));
  $("reload").addEventListener("click", () => location.reload());
  $("leave").addEventListener("click", leave);
  $("switch-service").addEventListener("click", switchService);
  $("volume").value = String(Math.round(page.volume * 100));
  $("volume").addEventListener("input", () => setVolume(Number($("volume").value) / 100));
  $("keep-awake").addEventListener("change", () => ($("keep-awake").checked ? acquireWakeLock() : releaseWakeLock()));
  $("status-pill").addEventListener("click", () => setSheetOpen($("sync-details").hidden));
  $("sheet-close").addEventListener("click", () => { setSheetOpen(false); $("status-pill").focus(); });
  $("sheet-sound").addEventListener("click", () => { $("sound").open = true; });
  // Load the SDK of the service this browser chose before, so the click finds it ready.
  const remembered = localStorage.getItem("simulcast.service");
  if (remembered && offered.includes(remembered)) prepare(remembered).catch(() => {});
  else if (offered.includes("apple-music")) prepare("apple-music").catch(() => {});
  // A glance before choosing: the room's current song, from the REST API.
  fetch("/v1/rooms/" + config.room).then((r) => (r.ok ? r.json() : null)).then((summary) => {
    if (summary?.state?.anchor && !page.room) { page.room = { ...summary.state, hostConnected: summary.state.hostConnected ?? true }; render(); }
  }).catch(() => {});
  // Back from Spotify's login: one tap, since the new page has no gesture to play with.
  const returning = sessionStorage.getItem("simulcast.returning");
  sessionStorage.removeItem("simulcast.returning");
  render();
  // Without a gesture in this new page the first play is refused, and the page asks for a tap.
  if (returning === "spotify" && SpotifyLogin.stored()) choose("spotify");
})();
