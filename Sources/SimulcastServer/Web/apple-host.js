// Hosting with Apple Music from the host page: the host plays in this page through MusicKit JS
// (search the catalog, an album, a playlist of their library; play, pause, seek, next,
// previous) and the page publishes the room's state from its own player, as the CLI's
// HostSession does: a host.state on every change and every 5 s while playing, the anchor on
// the server's clock (the same clock sync as every client), the queue ahead, the intent.
// Apple offers no "currently playing" API, so the room follows this page: closed, the room
// shows the host away.
(function () {
  "use strict";
  if (window.simulcastInsecure) return;
  const $ = (id) => document.getElementById(id);
  const config = JSON.parse($("simulcast-config").textContent);
  const { ClockSync } = window.SimulcastFollow;
  const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
  const hostToken = localStorage.getItem("simulcast.host." + config.room);
  // What the page did, for a look from outside (tests, a curious host): `intents` lists the
  // actions published, oldest first (heartbeats' reanchors left out).
  const host = (window.simulcastAppleHost = { connected: false, synchronised: false, published: 0, music: null, lastState: null, intents: [] });
  if (localStorage.getItem("simulcast.hostMode." + config.room) !== "apple-music" || !hostToken) return;
  $("apple-host").hidden = false;

  const note = (text) => { $("apple-note").textContent = text; };

  // --- the room connection: hello as the host, clock pings, reconnect ---------------------
  const clock = new ClockSync(32);
  let socket = null, retryMs = 250, samples = 0;
  const send = (message) => { if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ v: 1, ...message })); };
  const ping = () => send({ type: "time.ping", t0: nowMicros() });
  const burst = () => { for (let i = 0; i < 16; i++) setTimeout(ping, i * 40); };

  function connect() {
    socket = new WebSocket((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + config.webSocketPath);
    socket.onopen = () => {
      retryMs = 250;
      samples = 0;
      host.connected = true;
      send({ type: "hello", role: "host", room: config.room, hostToken, client: "web-host" });
      burst();
      window.SimulcastReactions.mount(async (reaction) => {
        if (socket?.readyState !== WebSocket.OPEN) return false;
        send({ type: "reaction", reaction });
        return true;
      });
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message?.type === "time.pong") {
        if (clock.add(message.t0, message.t1, message.t2, nowMicros())) burst();
        samples += 1;
        // A burst is in: the anchors are on the server's clock from here on.
        if (samples === 8) { host.synchronised = true; publish("reanchor"); }
      } else if (message?.type === "room.reaction") {
        window.SimulcastReactions.show(message);
      } else if (message?.type === "error") {
        note("The room refused: " + String(message.message || message.code));
      }
    };
    socket.onclose = (event) => {
      host.connected = false;
      host.synchronised = false;
      socket = null;
      if (event.code === 4401 || event.code === 4404) {
        // The room is gone, or the token was never its: this browser keeps it no longer.
        localStorage.removeItem("simulcast.host." + config.room);
        localStorage.removeItem("simulcast.hostMode." + config.room);
        note("The room refused this page's host token; start a room again from the front page.");
        return;
      }
      if (event.code === 4409) { note("Another host connection took over this room (is this page open twice?). Reload to host from here again."); return; }
      // Any other final refusal (the server's list): retrying would only be refused again.
      if ((config.finalCloseCodes || []).includes(event.code)) { note("The room refused this page (" + event.code + "); reload the page to try again."); return; }
      setTimeout(connect, retryMs + Math.random() * 100);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  }
  setInterval(() => { if (host.connected) ping(); }, 2000);

  // --- what the player plays, as the wire's tracks -----------------------------------------
  function track(item) {
    if (!item) return null;
    const a = item.attributes || {};
    const metadata = { service: "apple-music", id: String(item.id), title: a.name || item.title || "", artists: [a.artistName || ""].filter(Boolean) };
    if (a.albumName) metadata.album = a.albumName;
    if (a.durationInMillis) metadata.durationMs = a.durationInMillis;
    if (a.isrc) metadata.isrc = a.isrc;
    return metadata.title && metadata.artists.length ? metadata : null;
  }

  function upcoming(music) {
    const items = music.queue?.items || [];
    const index = items.findIndex((item) => item.id === music.nowPlayingItem?.id);
    return items.slice(index + 1, index + 11).map(track).filter(Boolean);
  }

  // One snapshot: the position read together with the instant, mapped to the server's clock.
  function publish(intent) {
    const music = host.music;
    if (!music || !host.synchronised) return;
    const local = nowMicros();
    const positionMs = (music.currentPlaybackTime || 0) * 1000;
    const serverTime = clock.serverTime(local);
    if (serverTime == null) return;
    const playing = music.playbackState === window.MusicKit.PlaybackStates.playing;
    const state = { type: "host.state", track: track(music.nowPlayingItem), playing, anchor: { positionMs, serverTime: Math.round(serverTime) },
      queue: upcoming(music), intent };
    host.lastState = state;
    host.published += 1;
    if (intent !== "reanchor") host.intents.push(intent);
    send(state);
    render();
  }
  setInterval(() => {
    if (host.music?.playbackState === window.MusicKit?.PlaybackStates?.playing) publish("reanchor");
  }, 5000);

  // --- the player -----------------------------------------------------------------------------
  function loadScript(url) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.onload = resolve;
      script.onerror = () => reject(new Error("could not load " + url));
      document.head.append(script);
    });
  }

  async function developerToken() {
    const response = await fetch("/v1/apple-music/developer-token", { credentials: "same-origin" });
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error(body?.error?.message || "no developer token (" + response.status + ")");
    return body;
  }

  // A new developer token by 80 % of its lifetime, without stopping the music.
  function renewLater(token) {
    const lifetimeMs = Math.max(60, token.expiresAt - Math.floor(Date.now() / 1000)) * 1000;
    setTimeout(async () => {
      try {
        const next = await developerToken();
        host.music.developerToken = next.token;
        renewLater(next);
      } catch (error) { note("Apple Music's token could not be renewed: " + error.message); setTimeout(() => renewLater(token), 30000); }
    }, lifetimeMs * 0.8);
  }

  async function connectAppleMusic() {
    $("apple-connect").disabled = true;
    try {
      const loaded = new Promise((resolve) => document.addEventListener("musickitloaded", resolve, { once: true }));
      await loadScript(config.musicKitURL);
      if (!window.MusicKit?.configure) await loaded;
      const token = await developerToken();
      const music = await window.MusicKit.configure({ developerToken: token.token, app: { name: "Simulcast", build: "1" } });
      await music.authorize();
      host.music = music;
      renewLater(token);
      music.addEventListener("playbackStateDidChange", () => { render(); followOwnState(); });
      // A new item the host did not ask for (the last one ended): the room moves on with it.
      music.addEventListener("nowPlayingItemDidChange", () => { if (!busy) publish("play"); });
      $("apple-connect").hidden = true;
      $("apple-player").hidden = false;
      note("Connected. Search, then play: listeners hear it on their own service.");
      connect();
      loadPlaylists();
    } catch (error) {
      note("Apple Music could not be connected: " + error.message);
      $("apple-connect").disabled = false;
    }
  }

  // The player also pauses and plays by itself: headphones taken out, a call, Control Center,
  // the lock screen, the next song starting. Whatever caused it, the room hears it at once
  // (the page's own buttons publish theirs through `act`, while `busy`).
  function followOwnState() {
    const music = host.music;
    if (!music || busy || !host.lastState) return;
    const states = window.MusicKit.PlaybackStates;
    const playing = music.playbackState === states.playing;
    const halted = music.playbackState === states.paused || music.playbackState === states.stopped;
    if (playing && !host.lastState.playing) publish("resume");
    else if (halted && host.lastState.playing) publish("pause");
  }

  // Each control: the player acts, then the room hears the result with its meaning.
  let busy = false;
  async function act(intent, action) {
    const music = host.music;
    if (!music || busy) return;
    busy = true;
    try {
      await action(music);
      publish(intent);
    } catch (error) {
      note("Apple Music refused: " + (error?.message || error));
    } finally {
      busy = false;
    }
  }

  function results(list, entries, play) {
    const title = $(list.id + "-title");
    if (title) title.hidden = entries.length === 0;
    list.replaceChildren(...entries.map((entry, index) => {
      const row = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary result";
      const a = entry.attributes || {};
      button.textContent = (a.name || "?") + (a.artistName ? " · " + a.artistName : "");
      button.addEventListener("click", () => play(entry, index));
      row.append(button);
      return row;
    }));
  }

  async function search(event) {
    event.preventDefault();
    const term = $("apple-term").value.trim().slice(0, 100);
    if (!term || !host.music) return;
    try {
      const found = await host.music.api.music("/v1/catalog/{{storefrontId}}/search", { term, types: "songs,albums", limit: 10 });
      const songs = found?.data?.results?.songs?.data || [];
      const albums = found?.data?.results?.albums?.data || [];
      results($("apple-songs"), songs, (entry, index) =>
        act("play", (music) => music.setQueue({ songs: songs.slice(index).map((s) => s.id), startPlaying: true })));
      results($("apple-albums"), albums, (entry) => act("play", (music) => music.setQueue({ album: entry.id, startPlaying: true })));
      note(songs.length + albums.length ? "" : "Nothing found for “" + term + "”.");
    } catch (error) {
      note("The search failed: " + error.message);
    }
  }

  async function loadPlaylists() {
    try {
      const found = await host.music.api.music("/v1/me/library/playlists", { limit: 25 });
      const playlists = found?.data?.data || [];
      $("apple-playlists-line").hidden = playlists.length === 0;
      results($("apple-playlists"), playlists, (entry) => act("play", (music) => music.setQueue({ playlist: entry.id, startPlaying: true })));
    } catch (error) {
      $("apple-playlists-line").hidden = true;
    }
  }

  function render() {
    const music = host.music;
    if (!music) return;
    const playing = music.playbackState === window.MusicKit.PlaybackStates.playing;
    $("apple-toggle").textContent = playing ? "Pause" : "Play";
    const item = track(music.nowPlayingItem);
    $("apple-now").textContent = item ? item.title + " · " + item.artists.join(", ") : "Nothing playing";
    $("apple-room").textContent = host.synchronised ? "Publishing to the room." : "Connecting to the room…";
  }

  $("apple-connect").addEventListener("click", connectAppleMusic);
  $("apple-search").addEventListener("submit", search);
  $("apple-toggle").addEventListener("click", () => {
    const playing = host.music?.playbackState === window.MusicKit?.PlaybackStates?.playing;
    act(playing ? "pause" : "resume", (music) => (playing ? music.pause() : music.play()));
  });
  $("apple-back").addEventListener("click", () => act("seek", (music) => music.seekToTime(Math.max(0, music.currentPlaybackTime - 15))));
  $("apple-forward").addEventListener("click", () => act("seek", (music) => music.seekToTime(music.currentPlaybackTime + 15)));
  $("apple-next").addEventListener("click", () => act("play", (music) => music.skipToNextItem()));
  $("apple-previous").addEventListener("click", () => act("play", (music) => music.skipToPreviousItem()));
})();
