// The host's page for a room started in the browser: whether the server follows the host's
// Spotify, what the room plays, who listens, Share, and Stop hosting. Every call carries the
// room's host token from this browser's storage; without it the page shows nothing of the room.
(function () {
  "use strict";
  // An insecure origin cannot log in (PKCE needs Web Crypto) nor play: secure-origin.js says so.
  if (window.simulcastInsecure) { window.simulcastHostPage = { hosting: null, status: "insecure" }; return; }
  const $ = (id) => document.getElementById(id);
  const config = JSON.parse($("simulcast-config").textContent);
  const tokenKey = "simulcast.host." + config.room;
  const hostToken = localStorage.getItem(tokenKey);
  // The host token stays in this browser only while it is of use: gone when hosting is
  // stopped or the room is, so a shared or borrowed browser does not keep it for ever.
  function forgetHostToken() {
    localStorage.removeItem(tokenKey);
    localStorage.removeItem("simulcast.hostMode." + config.room);
  }
  const api = "/v1/rooms/" + encodeURIComponent(config.room);
  const page = (window.simulcastHostPage = { hosting: null, stopped: false, polls: 0 });
  // A room hosted from this page's own Apple Music player (apple-host.js), not the server.
  const playsHere = localStorage.getItem("simulcast.hostMode." + config.room) === "apple-music";

  const statusText = {
    none: "The server is not following your Spotify for this room.",
    starting: "Connecting to your Spotify…",
    following: "Following your Spotify: play in your own Spotify app, on any device. You may close this page.",
    refused: "Spotify refused your login (it may have been revoked). Log in again to keep hosting.",
    replaced: "Another player took over hosting this room with its host token (the command line, or another browser), so the server stopped following your Spotify. Log in again to take it back, or stop hosting.",
  };

  function showMessage(text) {
    $("message").textContent = text;
    $("message").hidden = !text;
  }

  function request(path, options = {}) {
    return fetch(api + path, { ...options, headers: { ...(options.headers || {}), Authorization: "Bearer " + hostToken } });
  }

  function showHosting(hosting) {
    page.hosting = hosting.status;
    let text = page.stopped && hosting.status === "none" ? "You stopped hosting. The room stays; listeners see you as away." : statusText[hosting.status];
    if (playsHere && hosting.status === "none") text = "You host with Apple Music from this page.";
    $("status").textContent = text || hosting.status;
    $("login").hidden = !["refused", "none", "replaced"].includes(hosting.status) || !config.spotifyClientId || playsHere;
    $("login").textContent = hosting.status === "refused" || hosting.status === "replaced" ? "Log in with Spotify again" : "Host with Spotify";
    $("stop").hidden = !["following", "starting", "replaced"].includes(hosting.status);
  }

  function showRoom(summary) {
    const track = summary.state.track?.source;
    $("now").hidden = !track;
    if (track) {
      $("now-title").textContent = track.title;
      $("artist").textContent = (track.artists || []).join(", ");
      const anchor = summary.state.anchor;
      let position = anchor.positionMs;
      if (summary.state.playing) position += (summary.serverTime - anchor.serverTime) / 1000;
      const seconds = Math.max(0, Math.floor(position / 1000));
      $("position").textContent = (summary.state.playing ? "Playing" : "Paused") + " at " + Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
    }
    if (summary.presence) SimulcastPresence.show(summary.presence);
    // A page that publishes (Apple Music) gets reactions on its own connection; this one reads
    // the last few seconds' from the room, each once.
    if (!playsHere) {
      for (const reaction of summary.reactions || []) {
        const key = reaction.at + " " + reaction.from + " " + reaction.reaction;
        if (seenReactions.has(key) || reaction.at < openedAt) continue;
        seenReactions.add(key);
        SimulcastReactions.show(reaction);
      }
    }
  }
  const seenReactions = new Set();
  let openedAt = 0;

  async function poll() {
    try {
      const [hosting, room] = await Promise.all([request("/hosting"), fetch(api)]);
      if (hosting.status === 403) {
        $("status").textContent = "This browser does not hold the room's host token.";
        showMessage("Open this page in the browser that started the room.");
        return false;
      }
      const body = await hosting.json();
      if (body?.error?.code === "hosting_not_offered") {
        // This server follows no one's Spotify: only hosting from this page (Apple Music) is offered.
        showMessage("");
        showHosting({ status: "none" });
      } else if (!hosting.ok) {
        showMessage(body?.error?.message || "The server answered " + hosting.status + ".");
      } else {
        showMessage("");
        showHosting(body);
      }
      if (room.status === 404) {
        forgetHostToken();
        $("status").textContent = "This room has ended.";
        showMessage("Start a new room from the front page.");
        return false;
      }
      if (room.ok) {
        const summary = await room.json();
        // Reactions from before this page opened are not news.
        if (!openedAt) openedAt = summary.serverTime - 5000000;
        showRoom(summary);
      }
      page.polls += 1;
    } catch (error) {
      showMessage("The server cannot be reached; trying again.");
    }
    return true;
  }

  async function loop() {
    if (await poll()) setTimeout(loop, 2000);
  }

  $("login").addEventListener("click", () =>
    SimulcastSpotifyPKCE.begin({ config, room: config.room, purpose: "host", scopes: SimulcastSpotifyPKCE.hostScopes }));
  $("stop").addEventListener("click", async () => {
    $("stop").disabled = true;
    try {
      const response = await request("/hosting", { method: "DELETE" });
      if (!response.ok) throw new Error(String(response.status));
      page.stopped = true;
      forgetHostToken();
      showHosting({ status: "none" });
      $("login").hidden = true;
      $("status").textContent = "You stopped hosting. The room stays; listeners see you as away. This browser no longer holds the room's host token.";
      $("status").focus?.();
      return;
    } catch (error) {
      showMessage("Hosting could not be stopped (" + error.message + "); try again.");
    } finally {
      $("stop").disabled = false;
    }
  });

  if (!playsHere && hostToken) {
    SimulcastReactions.mount(async (reaction) => {
      const response = await request("/reactions", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ reaction }) });
      return response.ok;
    });
  }

  if (!hostToken) {
    $("status").textContent = "This browser does not hold the room's host token.";
    showMessage("Open this page in the browser that started the room; listeners join at /r/" + config.room + ".");
    return;
  }
  loop();
})();
