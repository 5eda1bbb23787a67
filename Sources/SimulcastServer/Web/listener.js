// The web listener: joins a room, keeps a clock synchronised with the server, and drives
// Apple Music (MusicKit JS) or Spotify (Web Playback SDK) with the follow policy in follow.js
// (the port of SimulcastCore's FollowPolicy; a shared decision table keeps the two equal).
(function () {
  "use strict";
  const { ClockSync, FollowPolicy, targetPosition } = window.SimulcastFollow;
  const config = JSON.parse(document.getElementById("simulcast-config").textContent);
  const $ = (id) => document.getElementById(id);
  const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
  const serviceNames = { "apple-music": "Apple Music", spotify: "Spotify", deezer: "Deezer", local: "local files" };

  // What the page knows, readable by people (the UI) and by the browser tests.
  const page = (window.simulcastPage = {
    phase: "choosing", service: null, storefront: null, room: null, match: null,
    syncErrorMs: null, message: null, commands: [],
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

  async function errorText(response) {
    try { const body = await response.json(); return body.error?.message || response.statusText; } catch { return response.statusText; }
  }

  // --- players: the same five verbs over each SDK -------------------------------------------

  class AppleMusicPlayer {
    static async connect() {
      const loaded = new Promise((resolve) => document.addEventListener("musickitloaded", resolve, { once: true }));
      await loadScript(config.musicKitURL);
      if (!window.MusicKit?.configure) await loaded;
      const response = await fetch("/v1/apple-music/developer-token", { credentials: "same-origin" });
      if (!response.ok) throw new Error("Apple Music is not available here: " + (await errorText(response)));
      const { token } = await response.json();
      const music = await window.MusicKit.configure({ developerToken: token, app: { name: "Simulcast", build: "1" } });
      await music.authorize();
      return new AppleMusicPlayer(music);
    }
    constructor(music) { this.music = music; }
    get storefront() { return (this.music.storefrontCountryCode || "us").toLowerCase(); }
    async load(trackId, aim, play) {
      await this.music.setQueue({ song: trackId, startPlaying: false });
      if (play) await this.music.play();
      await this.music.seekToTime(Math.max(0, aim()) / 1000);
    }
    async seek(aim) { await this.music.seekToTime(Math.max(0, aim()) / 1000); }
    async play(aim) { await this.music.play(); await this.seek(aim); }
    async pause() { await this.music.pause(); }
    read() {
      const playing = this.music.playbackState === window.MusicKit.PlaybackStates.playing;
      return { trackId: this.music.nowPlayingItem?.id ?? null, playing, positionMs: (this.music.currentPlaybackTime || 0) * 1000 };
    }
  }

  class SpotifyPlayer {
    static async connect() {
      const token = SpotifyPlayer.token();
      if (!token) { SpotifyPlayer.login(); throw new Error("Logging in to Spotify…"); }
      const ready = new Promise((resolve) => { window.onSpotifyWebPlaybackSDKReady = resolve; });
      await loadScript(config.spotifySDKURL);
      await ready;
      const player = new window.Spotify.Player({ name: "Simulcast " + config.room, getOAuthToken: (cb) => cb(token), volume: 0.8 });
      const device = new Promise((resolve, reject) => {
        player.addListener("ready", ({ device_id }) => resolve(device_id));
        for (const failure of ["initialization_error", "authentication_error", "account_error"]) {
          player.addListener(failure, ({ message }) => reject(new Error("Spotify: " + message)));
        }
      });
      if (!(await player.connect())) throw new Error("Spotify: the player did not connect");
      const me = await fetch(config.spotifyAPIURL + "/v1/me", { headers: { Authorization: "Bearer " + token } });
      const country = me.ok ? (await me.json()).country : null;
      return new SpotifyPlayer(player, await device, token, country);
    }
    // A token from the login redirect (#access_token=) or one pasted into the address (#spotify_token=).
    static token() {
      const fragment = new URLSearchParams(location.hash.slice(1));
      const token = fragment.get("spotify_token") || sessionStorage.getItem("simulcast.spotifyToken");
      if (fragment.get("spotify_token")) sessionStorage.setItem("simulcast.spotifyToken", token);
      return token;
    }
    static async login() {
      if (!config.spotifyClientId) { page.message = "Spotify needs a token: open this page with #spotify_token=YOUR_TOKEN, or ask the server's owner to set a Spotify client id."; render(); return; }
      // Authorization Code with PKCE; the code comes back to /r/callback.
      const verifier = Array.from(crypto.getRandomValues(new Uint8Array(48)), (b) => ("0" + b.toString(16)).slice(-2)).join("");
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
      const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      sessionStorage.setItem("simulcast.pkce", JSON.stringify({ verifier, room: config.room }));
      const query = new URLSearchParams({ client_id: config.spotifyClientId, response_type: "code", redirect_uri: location.origin + "/r/callback",
        code_challenge_method: "S256", code_challenge: challenge, scope: "streaming user-read-email user-read-private user-modify-playback-state user-read-playback-state" });
      location.assign(config.spotifyAccountsURL + "/authorize?" + query);
    }
    constructor(player, deviceId, token, country) { this.player = player; this.deviceId = deviceId; this.token = token; this.country = country; this.last = null; this.poll(); }
    get storefront() { return (this.country || "us").toLowerCase(); }
    async poll() { this.last = await this.player.getCurrentState(); this.lastAt = performance.now(); setTimeout(() => this.poll(), 200); }
    async load(trackId, aim, play) {
      const response = await fetch(config.spotifyAPIURL + "/v1/me/player/play?device_id=" + encodeURIComponent(this.deviceId), {
        method: "PUT", headers: { Authorization: "Bearer " + this.token, "Content-Type": "application/json" },
        body: JSON.stringify({ uris: ["spotify:track:" + trackId], position_ms: Math.round(Math.max(0, aim())) }),
      });
      if (!response.ok) throw new Error("Spotify would not play: " + response.status);
      if (!play) await this.player.pause();
      this.last = await this.player.getCurrentState();
    }
    async seek(aim) { await this.player.seek(Math.round(Math.max(0, aim()))); this.last = await this.player.getCurrentState(); }
    async play(aim) { await this.player.resume(); await this.seek(aim); }
    async pause() { await this.player.pause(); this.last = await this.player.getCurrentState(); }
    read() {
      const s = this.last;
      if (!s) return { trackId: null, playing: false, positionMs: 0 };
      const moved = s.paused ? 0 : performance.now() - this.lastAt;
      return { trackId: s.track_window?.current_track?.id ?? null, playing: !s.paused, positionMs: s.position + moved };
    }
  }

  const players = { "apple-music": AppleMusicPlayer, spotify: SpotifyPlayer };

  // --- the room connection ------------------------------------------------------------------

  // The same clock sync as the apps (best of the last 32 samples, with drift): a burst of 16
  // pings 40 ms apart at connect, then one every 2 s.
  const clock = new ClockSync(32);
  // Created once the service is chosen. MusicKit JS and the Web Playback SDK cannot start on a
  // set instant, and MusicKit's seekToTime precision is unmeasured: plain starts, 60 ms threshold.
  let policy = null;
  let socket = null, player = null, busy = false, lastReport = 0, retryMs = 250;
  // This page's own server first, then any others named in ?server=URL1,URL2 (several nodes
  // without a load balancer): when a connection drops, the next one is tried.
  const servers = [(location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host].concat(
    (new URLSearchParams(location.search).get("server") || "").split(",").map((url) => url.trim().replace(/\/+$/, ""))
      .filter((url) => /^(https?|wss?):\/\/[^/]+$/.test(url)).map((url) => url.replace(/^http/, "ws")));
  let serverIndex = 0;

  function connect() {
    socket = new WebSocket(servers[serverIndex] + config.webSocketPath);
    socket.onopen = () => {
      retryMs = 250;
      send({ type: "hello", role: "listener", room: config.room, service: page.service, storefront: page.storefront, client: "web" });
      for (let i = 0; i < 16; i++) setTimeout(ping, i * 40);
      policy?.connectionRestarted();
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (event.code === 4404) { page.phase = "gone"; page.message = "This room no longer exists."; render(); return; }
      page.phase = "reconnecting"; render();
      serverIndex = (serverIndex + 1) % servers.length;
      setTimeout(connect, retryMs + Math.random() * 100);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  }

  function send(message) { if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ v: 1, ...message })); }
  function ping() { send({ type: "time.ping", t0: nowMicros() }); }

  function receive(message) {
    switch (message.type) {
      case "time.pong": clock.add(message.t0, message.t1, message.t2, nowMicros()); break;
      case "room.state":
        page.room = message;
        policy?.roomStateReceived(message);
        page.match = (message.track?.matches || []).find((m) => m.service === page.service && m.storefront === page.storefront)
          || (message.track?.matches || []).find((m) => m.service === page.service) || null;
        if (page.phase !== "following") page.phase = "following";
        render();
        break;
      case "error": page.message = message.message; render(); break;
    }
  }

  async function tick() {
    if (!player || !policy || busy) return;
    const serverNow = clock.serverTime(nowMicros());
    if (serverNow === null || !page.room) return;
    const reading = player.read();
    const commands = policy.playerObserved({ trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs, serverTime: serverNow });
    page.syncErrorMs = policy.syncErrorMs;
    const now = performance.now();
    if (now - lastReport > 1000 && reading.trackId) {
      lastReport = now;
      send({ type: "listener.report", trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs,
        measuredAt: Math.round(serverNow), syncErrorMs: page.syncErrorMs ?? undefined, seq: page.room?.seq });
    }
    renderMeter();
    if (commands.length === 0) return;
    busy = true;
    try {
      for (const command of commands) {
        page.commands.push({ ...command, at: performance.timeOrigin + now });
        // Positions include this player's learned latency from the seek to audio; the SDK's
        // own steps before the seek (setQueue, play) take time while the room moves on.
        const decidedAt = performance.now();
        const moving = command.play !== false && command.kind !== "pause";
        const aim = () => command.positionMs + (moving ? performance.now() - decidedAt : 0);
        if (command.kind === "load" || command.kind === "start") await player.load(command.trackId, aim, command.play ?? true);
        else if (command.kind === "seek") await (command.play && !reading.playing ? player.play(aim) : player.seek(aim));
        else if (command.kind === "pause") await player.pause();
        else if (command.kind === "stop") { await player.pause(); page.message = command.reason; render(); }
      }
    } catch (error) {
      page.message = String(error.message || error);
      render();
    } finally {
      busy = false;
    }
  }

  async function choose(service) {
    page.service = service;
    page.phase = "connecting";
    page.message = null;
    render();
    try {
      player = await players[service].connect();
      page.storefront = player.storefront;
      // Both SDKs place audio with a seek (seekToTime, seek), so a start costs what a seek does.
      policy = new FollowPolicy({ service, storefront: player.storefront, seekThresholdMs: 60, canScheduleStart: false,
        defaultStartLatencyMs: 100, defaultSeekLatencyMs: 100 });
      if (page.room) policy.roomStateReceived(page.room);
      localStorage.setItem("simulcast.service", service);
      connect();
      setInterval(tick, 100);
      setInterval(() => { if (clock.samples.length >= 16) ping(); }, 2000);
    } catch (error) {
      page.phase = "choosing";
      page.message = String(error.message || error);
      render();
    }
  }

  // --- rendering ----------------------------------------------------------------------------

  function formatTime(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function render() {
    $("room-code").textContent = config.room;
    $("chooser").hidden = page.phase !== "choosing";
    $("now").hidden = !page.room;
    $("status").textContent = statusText();
    $("message").hidden = !page.message;
    $("message").textContent = page.message || "";
    const room = page.room;
    if (!room) return;
    const source = room.track?.source;
    const result = page.match?.result;
    const shown = result?.status === "matched" ? result.track : source;
    $("title").textContent = shown ? shown.title : "Nothing playing";
    $("artist").textContent = shown ? shown.artists.join(", ") : "The host has not started a song.";
    $("album").textContent = shown?.album || "";
    const art = shown?.artworkURL || source?.artworkURL;
    $("artwork").style.backgroundImage = art ? `url("${art.replace(/"/g, "%22")}")` : "";
    $("artwork").textContent = art ? "" : shown ? shown.title.slice(0, 1).toUpperCase() : "♪";
    $("source").textContent = source ? `Host plays “${source.title}” by ${source.artists.join(", ")} on ${serviceNames[source.service] || source.service}` : "";
    const why = $("why");
    why.replaceChildren();
    if (source && page.service) {
      const name = serviceNames[page.service] || page.service;
      const summary = document.createElement("summary");
      const status = result?.status;
      summary.textContent = !result ? `Finding it on ${name}…`
        : status === "matched" ? `Matched on ${name}` + (result.method ? ` by ${result.method}` : "") + (result.confidence != null ? ` · ${Math.round(result.confidence * 100)}%` : "")
        : status === "ambiguous" ? `Not sure which version is right on ${name}, so it is not played`
        : status === "unavailable" ? `${name} could not be asked right now`
        : `No match on ${name}: this song is skipped`;
      why.appendChild(summary);
      for (const reason of result?.reasons || []) { const li = document.createElement("li"); li.textContent = reason; why.appendChild(li); }
      why.className = "why " + (status || "pending");
      page.noMatch = status && status !== "matched" ? summary.textContent : null;
    }
  }

  function statusText() {
    switch (page.phase) {
      case "choosing": return "Choose where you listen.";
      case "connecting": return "Connecting to " + (serviceNames[page.service] || page.service) + "…";
      case "reconnecting": return "Connection lost, reconnecting…";
      case "gone": return "Room closed.";
    }
    const room = page.room;
    if (!room) return "Joining…";
    if (!room.hostConnected) return "The host is away; the song finishes, then the room waits.";
    if (!room.track) return "Waiting for the host to play something.";
    return room.playing ? "Listening along" : "The host paused";
  }

  function renderMeter() {
    const serverNow = clock.serverTime(nowMicros());
    const room = page.room;
    const error = page.syncErrorMs;
    $("position").textContent = room && serverNow !== null
      ? formatTime(targetPosition(room, serverNow)) + (room.track ? " / " + formatTime(page.match?.result?.track?.durationMs ?? room.track.source?.durationMs ?? 0) : "")
      : "";
    const needle = $("needle");
    if (error === null) { needle.hidden = true; $("offset").textContent = "—"; return; }
    needle.hidden = false;
    const clamped = Math.max(-250, Math.min(250, error));
    needle.style.left = (50 + clamped / 5) + "%";
    needle.className = Math.abs(error) <= 40 ? "needle good" : Math.abs(error) <= 120 ? "needle fair" : "needle poor";
    $("offset").textContent = Math.abs(error) < 1 ? "in sync" : `${Math.abs(Math.round(error))} ms ${error > 0 ? "ahead" : "behind"}`;
  }

  // --- start --------------------------------------------------------------------------------

  for (const button of document.querySelectorAll("[data-service]")) {
    const service = button.dataset.service;
    if (!config.services.includes(service)) { button.hidden = true; continue; }
    button.addEventListener("click", () => choose(service));
  }
  // A glance before choosing: the room's current song, from the REST API.
  fetch("/v1/rooms/" + config.room).then((r) => (r.ok ? r.json() : null)).then((summary) => {
    if (summary && !page.room) { page.room = { ...summary.state, hostConnected: summary.state.hostConnected ?? true }; render(); }
  }).catch(() => {});
  const auto = new URLSearchParams(location.search).get("service");
  render();
  if (auto && config.services.includes(auto)) choose(auto);
})();
