// @ts-check
// The host page's entry point, for a room started in the browser: "You're live", the invite
// (Share and the QR code) first, what the room plays with its artwork, who listens, and Stop
// hosting. The server follows the host's Spotify, or this page plays Apple Music itself
// (apple-host.js) or YouTube (youtube-host.js). Every call carries the room's host token from this browser's storage;
// without it the page shows nothing of the room. `window.simulcastHostPage` is the page's
// state, for a look from outside (the browser tests); no other script reads it.
import { mountAppleHost } from "./players/apple-host.js";
import { mountYouTubeHost } from "./players/youtube-host.js";
import { $, element, readConfig, setArtwork, setHidden, setText } from "./ui/dom.js";
import { artistLine, formatTime, generatedCoverURL } from "./ui/format.js";
import { mountHistory } from "./ui/history-panel.js";
import { hostStatus } from "./ui/host-status.js";
import { renderProgress } from "./ui/progress.js";
import { showPresence, showSpotifyGuests } from "./ui/presence-panel.js";
import { mountReactions, showReaction } from "./ui/reactions.js";
import { secureOrigin } from "./room/secure-origin.js";
import { mountShare } from "./ui/share.js";
import { mountHandoverChoice, takeHandoverMarker } from "./ui/handover.js";
import { mountHostRequests } from "./ui/song-requests.js";
import { mountHostSuggestions } from "./ui/suggestions.js";
import { SPOTIFY_QUEUE_SCOPE } from "./constants.js";
import { beginLogin } from "./players/spotify-login.js";
import { forgetHostToken, hostModeKey, hostRequestsKey, hostTokenKey, readJSON } from "./room/storage.js";
import * as strings from "./strings.js";

if (!secureOrigin()) {
  // An insecure origin cannot log in (PKCE needs Web Crypto) nor play.
  window.simulcastHostPage = { hosting: null, status: "insecure" };
} else {
  start();
}

function start() {
  const config = readConfig();
  const hostToken = localStorage.getItem(hostTokenKey(config.room));
  const api = "/v1/rooms/" + encodeURIComponent(config.room);
  // A room hosted from this page's own player (Apple Music or YouTube), not the server.
  const mode = localStorage.getItem(hostModeKey(config.room));
  const playsHere = mode === "apple-music" || mode === "youtube";
  const page = (window.simulcastHostPage = {
    hosting: /** @type {string | null} */ (null), status: /** @type {string | null} */ (null), stopped: false, polls: 0, roomEnded: false,
    handedOverTo: /** @type {string | null} */ (null),
    share: mountShare(config),
    apple: mode === "apple-music" && hostToken ? mountAppleHost(config, hostToken, () => render(), { continueRoom: takeHandoverMarker(config.room) }) : null,
    youtube: mode === "youtube" && hostToken ? mountYouTubeHost(config, hostToken, () => render()) : null,
  });

  // How Spotify's guest list works, where the server has a Spotify app for listeners.
  setHidden("spotify-guests", !config.spotifyClientId);

  // What the room played, with the host's own links.
  const roomHistory = mountHistory(config.room, { service: () => null, storefront: () => null, save: null, hostToken });

  // Song requests. The server adds accepted songs to the host's Spotify queue only with a login
  // that allows it, asked for the first time the host turns requests on (never before).
  const requestsKey = hostRequestsKey(config.room);
  const roomRequests = mountHostRequests({
    request,
    beforeTurningOn(policy) {
      const kept = readJSON(localStorage, requestsKey) || {};
      if (playsHere || page.hosting !== "following" || kept.queueScope) return true;
      localStorage.setItem(requestsKey, JSON.stringify({ ...kept, pending: policy }));
      showMessage(strings.requests.queueLogin);
      beginLogin({ config, room: config.room, purpose: "host", extraScopes: [SPOTIFY_QUEUE_SCOPE] });
      return false;
    },
  });
  // Handing the room to a listener on Apple Music.
  const handoverChoice = mountHandoverChoice({ request });
  // Versions listeners suggest, used for everyone by a correction with the host token.
  const suggestions = mountHostSuggestions({ room: config.room, correct: (body) => fetch("/v1/matches/corrections", { method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + hostToken }, body: JSON.stringify(body) }) });

  /** Back from that login: the policy the host chose before it. */
  function finishTurningOn() {
    const kept = readJSON(localStorage, requestsKey);
    if (!kept?.pending || !kept.queueScope || page.hosting !== "following") return;
    localStorage.setItem(requestsKey, JSON.stringify({ queueScope: true }));
    roomRequests.setPolicy(kept.pending);
  }

  function render() {
    const status = hostStatus({
      hasToken: !!hostToken && !page.stopped, roomEnded: page.roomEnded, playsHere, stopped: page.stopped,
      spotifyOffered: !!config.spotifyClientId, hosting: page.hosting, playerLive: !!(page.apple?.synchronised || page.youtube?.synchronised),
    });
    page.status = status.key;
    setText("status", status.pill);
    setText("status-detail", status.text);
    $("status").dataset.status = status.live ? "inSync" : status.key;
    setHidden("login", status.login === null);
    setText("login", status.login ?? "");
    setHidden("stop", !status.stop || !$("stop-confirm").hidden);
  }

  /** @param {string} text */
  function showMessage(text) {
    setText("message", text);
    setHidden("message", !text);
  }

  /** @param {string} path @param {RequestInit} [options] */
  function request(path, options = {}) {
    return fetch(api + path, { ...options, headers: { ...(options.headers || {}), Authorization: "Bearer " + hostToken } });
  }

  /**
   * What the room plays, with its artwork (the host's, else a cover drawn from its name).
   * @param {import("./types/page").RoomSummary} summary
   */
  function showRoom(summary) {
    const track = summary.state.track?.source;
    roomHistory.roomTrack(track?.id ?? null);
    // The player here (Apple Music, YouTube) shows its own song.
    setHidden("now", !track || playsHere);
    if (track) {
      setText("now-title", track.title);
      setText("artist", artistLine(track));
      setArtwork("artwork", track.artworkURL || generatedCoverURL(track.title, artistLine(track)), strings.listener.coverOf(track.title));
      const anchor = summary.state.anchor;
      let position = anchor.positionMs;
      if (summary.state.playing) position += (summary.serverTime - anchor.serverTime) / 1000;
      setText("position", strings.host.position(summary.state.playing, formatTime(position)));
    }
    renderProgress(summary.state, summary.serverTime, track?.durationMs ?? 0);
    if (summary.presence) showPresence(summary.presence, { role: "host" });
    showSpotifyGuests(summary.presence?.listeners || []);
    setHidden("host-requests", !hostToken || page.stopped);
    roomRequests.update(summary.state);
    handoverChoice.update(summary.state, summary.presence);
    if (hostToken && !page.stopped) suggestions.update(summary.state);
    // A page that publishes (Apple Music) gets reactions on its own connection; this one reads
    // the last few seconds' from the room, each once.
    if (!playsHere) {
      for (const reaction of summary.reactions || []) {
        const key = reaction.at + " " + reaction.from + " " + reaction.reaction;
        if (seenReactions.has(key) || (reaction.at ?? 0) < openedAt) continue;
        seenReactions.add(key);
        showReaction(reaction, summary.state.hostName ?? null);
      }
    }
  }
  const seenReactions = new Set();
  let openedAt = 0;

  async function poll() {
    try {
      const [hosting, room] = await Promise.all([request("/hosting"), fetch(api)]);
      if (hosting.status === 403 && handoverChoice.offered) {
        // The room went to the listener it was offered to: this browser's token opens nothing now.
        forgetHostToken(config.room);
        page.stopped = true;
        page.handedOverTo = handoverChoice.offered;
        render();
        setHidden("host-requests", true);
        setHidden("handover", true);
        showMessage(strings.handover.handedOver(handoverChoice.offered));
        return false;
      }
      if (hosting.status === 403) {
        setText("status-detail", strings.host.noToken);
        showMessage(strings.host.openWhereStarted);
        return false;
      }
      const body = await hosting.json().catch(() => null);
      if (body?.error?.code === "hosting_not_offered") {
        // This server follows no one's Spotify: only hosting from this page (Apple Music) is offered.
        showMessage("");
        page.hosting = "none";
      } else if (!hosting.ok) {
        showMessage(body?.error?.message || strings.host.serverAnswered);
      } else {
        showMessage("");
        page.hosting = body.status;
      }
      if (room.status === 404) {
        forgetHostToken(config.room);
        page.roomEnded = true;
        render();
        showMessage(strings.host.startNew);
        return false;
      }
      if (room.ok) {
        const summary = await room.json();
        // Reactions from before this page opened are not news.
        if (!openedAt) openedAt = summary.serverTime - 5000000;
        showRoom(summary);
      }
      page.polls += 1;
      finishTurningOn();
      render();
    } catch {
      showMessage(strings.host.unreachable);
    }
    return true;
  }

  async function loop() {
    if (await poll()) setTimeout(loop, 2000);
  }

  $("login").addEventListener("click", () => beginLogin({ config, room: config.room, purpose: "host" }));
  // Stop hosting asks first: the room's listeners lose their host, and this browser the token.
  $("stop").addEventListener("click", () => {
    setHidden("stop-confirm", false);
    setHidden("stop", true);
    $("stop-confirm-title").focus();
  });
  $("stop-no").addEventListener("click", () => {
    setHidden("stop-confirm", true);
    render();
    $("stop").focus();
  });
  $("stop-yes").addEventListener("click", async () => {
    element("stop-yes", HTMLButtonElement).disabled = true;
    try {
      // From this page's Apple Music player: the room's connection closes, the music stops.
      if (page.apple) await page.apple.stop();
      else if (page.youtube) await page.youtube.stop();
      else {
        const response = await request("/hosting", { method: "DELETE" });
        if (!response.ok) throw new Error(String(response.status));
      }
      page.stopped = true;
      page.hosting = "none";
      forgetHostToken(config.room);
      render();
      $("status").focus?.();
      setHidden("stop-confirm", true);
    } catch {
      showMessage(strings.host.couldNotStop);
    } finally {
      element("stop-yes", HTMLButtonElement).disabled = false;
    }
  });

  if (!playsHere && hostToken) {
    mountReactions(async (reaction) => {
      const response = await request("/reactions", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ reaction }) });
      return response.ok;
    });
  }

  render();
  if (!hostToken) {
    showMessage(strings.host.openWhereStartedOrJoin(config.room));
    return;
  }
  loop();
}

