// @ts-check
// The listener page's entry point: joins the room (room/room-connection.js), plays on Apple
// Music or Spotify (players/), follows the host with the follow policy (sync/listener-follower.js
// over sync/follow.js, the port of SimulcastCore's FollowPolicy, held to it by a shared
// decision table), and draws the listening screen (ui/). What the listener *wants* (sound, or a
// pause for themselves) is kept apart from what the room does and what the player does; the
// status comes from all three (ui/listener-status.js). `window.simulcastPage` is the page's
// state, for a look from outside (the browser tests, a curious listener); no other script reads it.
import { IN_SYNC_MS, StorageKey } from "./constants.js";
import { browserAdvice } from "./players/browser-support.js";
import { listenerPlayers } from "./players/listener-players.js";
import { listenerPlaylistSaver } from "./players/playlist-save.js";
import { SpotifyConnectPlayer } from "./players/spotify-connect-player.js";
import { beginLogin, SpotifyLogin } from "./players/spotify-login.js";
import { ScreenWakeLock } from "./players/wake-lock.js";
import { YouTubePlayer } from "./players/youtube-player.js";
import { connectToRoom } from "./room/listener-room.js";
import { secureOrigin } from "./room/secure-origin.js";
import * as strings from "./strings.js";
import { matchFor } from "./sync/follow-target.js";
import { nowMicros } from "./sync/clock-sync.js";
import { ListenerFollower } from "./sync/listener-follower.js";
import { mountYouTubeFallback } from "./sync/youtube-fallback.js";
import { $, readConfig, setHidden, setText } from "./ui/dom.js";
import { mountHandoverOffer } from "./ui/handover.js";
import { historyMoment, mountHistory } from "./ui/history-panel.js";
import { mountListeningScreen } from "./ui/listening-screen.js";
import { mountListenerControls, storedVolume } from "./ui/listener-controls.js";
import { listenerStatus } from "./ui/listener-status.js";
import { listenerName, mountNameField } from "./ui/presence-panel.js";
import { mountServerFollowPanel } from "./ui/server-follow-panel.js";
import { mountServiceChooser, promoteChoice, showOpenElsewhere } from "./ui/service-chooser.js";
import { mountShare } from "./ui/share.js";
import { mountSheet } from "./ui/sheet.js";
import { mountListenerRequests } from "./ui/song-requests.js";
import { mountSoundPanel } from "./ui/sound-panel.js";
import { mountVersionChoice } from "./ui/version-choice.js";
import { isContentRestricted } from "./ui/versions.js";

/** @typedef {import("./types/page").ListenerPage} ListenerPage */
/** @typedef {import("./types/wire").RoomState} RoomState */

const words = strings.listener;

// An insecure origin cannot play: nothing is loaded or joined.
if (!secureOrigin()) window.simulcastPage = { phase: "insecure", status: "insecure" };
else start();

function start() {
  const config = readConfig();
  const sound = mountSoundPanel();
  const spotifyLogin = new SpotifyLogin(config);
  const advice = browserAdvice(navigator.userAgent, navigator.maxTouchPoints);
  // On a phone the Spotify app plays on with the screen locked, which no page can: offered first.
  const onPhone = advice.platform === "ios" || advice.platform === "android";
  const storedMode = localStorage.getItem(StorageKey.spotifyMode);
  const share = mountShare(config);
  /**
   * What the page knows, readable by people (the UI) and by the browser tests.
   * @type {ListenerPage}
   */
  const state = /** @type {ListenerPage} */ ({
    phase: "choosing", service: null, storefront: null, room: null, match: null, presence: null, wantsSound: false, needsTap: false,
    connected: false, finalClose: null, volume: storedVolume(), syncErrorMs: null, reading: null, message: null, status: null, noMatch: null,
    browserAdvice: advice.advice, commands: [], preferClean: localStorage.getItem(StorageKey.preferClean) === "1", versionChoice: null,
    serverFollow: null, nameInRoom: "", listenerId: "", playingFrom: null,
    // "app": the listener's own Spotify app (Spotify Connect); "browser": the Web Playback SDK here.
    spotifyMode: storedMode === "app" || storedMode === "browser" ? storedMode : onPhone ? "app" : "browser",
  });
  // For a look from outside, read when asked (Object.assign would call the getters now).
  const lookFromOutside = {
    share, sound,
    get connect() { return follower.player instanceof SpotifyConnectPlayer ? { device: follower.player.deviceName, commandsSent: follower.player.commandsSent, refusal: follower.player.refusal } : null; },
    get renewals() { return { appleMusic: players.appleMusic?.renewals ?? 0, spotify: spotifyLogin.renewals }; },
    get clockSteps() { return connection.clock.stepsDetected; },
  };
  const page = /** @type {ListenerPage & typeof lookFromOutside} */ (Object.defineProperties(state, Object.getOwnPropertyDescriptors(lookFromOutside)));
  window.simulcastPage = page;
  const versions = mountVersionChoice({ page, room: config.room, render, say, targetChanged: () => { if (follower.policy) follower.renewPolicy(); } });
  const roomForMe = versions.roomForMe;
  const playlists = listenerPlaylistSaver({ config, login: spotifyLogin, page: () => page, appleMusic: () => players.appleMusic?.music ?? null,
    logIn: (extraScopes) => beginLogin({ config, room: config.room, purpose: "listen", extraScopes }) });
  const roomHistory = mountHistory(config.room, {
    service: () => (page.phase === "listening" ? page.service : null), storefront: () => page.storefront, save: playlists.save,
  });
  document.documentElement.style.setProperty("--in-sync-half", (IN_SYNC_MS / 500) * 100 + "%");
  const roomRequests = mountListenerRequests({ room: config.room, service: () => page.service, storefront: () => page.storefront, name: () => page.nameInRoom,
    send: (message) => connection.send(message) });
  const handoverOffer = mountHandoverOffer({ room: config.room, listenerId: () => page.listenerId, service: () => page.service,
    send: (message) => connection.send(message), serverNow: () => connection.clock.serverTime(nowMicros()) });
  const screen = mountListeningScreen();
  const syncDetails = mountSheet("status-pill", "sync-details", "sheet-close");
  mountSheet("more", "more-sheet", "more-close");
  const serverFollow = mountServerFollowPanel({ page, config, render, say, name: listenerName,
    device: () => (follower.player instanceof SpotifyConnectPlayer ? follower.player.device : null) });

  /**
   * A message with a kind; it disappears when what caused it no longer holds (`clears`).
   * @param {string} text
   */
  function say(text, kind = "error", clears = "soon") {
    page.message = { text, kind, clears, at: performance.now() };
    render();
  }
  /** @param {string[]} [kinds] */
  function clearMessage(kinds) {
    if (page.message && (!kinds || kinds.includes(page.message.clears))) { page.message = null; render(); }
  }
  /** @param {unknown} error */
  const reason = (error) => String((error instanceof Error && error.message) || error);
  /** @param {unknown} error */
  const isGestureRefusal = (error) => {
    const refusal = /** @type {{ name?: string, kind?: string } | null} */ (error);
    return refusal?.name === "NotAllowedError" || refusal?.kind === "gesture";
  };
  /** @param {unknown} error */
  const isLoginError = (error) => /** @type {{ kind?: string } | null} */ (error)?.kind === "login";

  /** @type {import("./players/apple-music-player.js").PlayerEvents} */
  const playerEvents = { say, needTap: () => controls.needTap(), loginNeeded, playing: () => clearMessage(["success"]), wantsSound: () => page.wantsSound, volume: () => page.volume };
  const players = listenerPlayers({ config, spotifyLogin, events: playerEvents, youtubeEvents: { refused: youtubeRefused }, youtubePlace: $("youtube-player"),
    spotifyMode: () => page.spotifyMode, onPhone });
  const prepare = players.prepare;

  /**
   * A YouTube video would not play here (not embeddable, removed, blocked in this country):
   * the next video of the song, or the words that it is not on YouTube and the player quiet.
   * @param {string} _videoId @param {number} code
   */
  async function youtubeRefused(_videoId, code) {
    const player = follower.player;
    if (!(player instanceof YouTubePlayer)) return;
    // Another version is looked for on the listener's own service; a fallback's refusal is said.
    if (!page.playingFrom) say(strings.youtube.refused(code) + " " + strings.youtube.tryingAnother, "info", "song");
    if (!page.playingFrom && await versions.switchAwayFrom(player.refused)) return;
    say(strings.youtube.refused(code) + " " + strings.youtube.notOnYouTube, "error", "song");
  }

  const room = connectToRoom({ config, page, say, clearMessage, render,
    follower: () => follower, roomForMe, switchToClean: () => versions.switchToClean(false),
    updated: (message) => { roomRequests.update(message); handoverOffer.update(message); fallback.update(); }, connected: () => fallback.connected(),
    granted: (hostToken) => handoverOffer.granted(hostToken), comingBack: () => { if (page.wantsSound) wakeLock.acquire(); } });
  const connection = room.connection;
  // On by default on a phone, where the page plays only while the screen is on.
  const wakeLock = new ScreenWakeLock("keep-awake", onPhone);
  const follower = new ListenerFollower({
    page, connection, outputLatencyMs: () => sound.milliseconds, roomForMe, render, playingStarted: () => controls.mediaSession(),
    succeeded: () => clearMessage(["success", "soon"]),
    failed(error) {
      if (isGestureRefusal(error)) controls.needTap();
      else if (isLoginError(error)) loginNeeded(error);
      else if (isContentRestricted(error)) versions.switchToClean(true);
      else say(reason(error), "error", "success");
    },
  });
  const fallback = mountYouTubeFallback({ page, follower, prepare, roomForMe, send: (message) => connection.send(message),
    offered: config.services.includes("youtube"), render, say });
  const controls = mountListenerControls({ page, follower, wakeLock, sound, connection, render, say, isGestureRefusal,
    closeSheets: () => syncDetails.setOpen(false), forgetMediaMetadata: () => screen.forgetMediaMetadata() });

  /** @param {unknown} error */
  function loginNeeded(error) {
    page.wantsSound = false;
    page.phase = "login";
    say(error instanceof Error && error.message ? error.message : words.loginAgain, "login", "never");
    $("login-again").focus();
  }

  /** @param {string} service @param {string} [mode] for Spotify: "app" or "browser" */
  async function choose(service, mode) {
    if (service === "spotify" && (mode === "app" || mode === "browser")) {
      page.spotifyMode = mode;
      localStorage.setItem(StorageKey.spotifyMode, mode);
    }
    Object.assign(page, { service, phase: "connecting", wantsSound: true, message: null });
    localStorage.setItem(StorageKey.service, service);
    render();
    try {
      const player = await prepare(service);
      fallback.chosen();
      follower.player = player;
      follower.remote = player instanceof SpotifyConnectPlayer;
      // In the click: MusicKit's sign-in, Spotify's activateElement.
      await player.begin();
      sound.afterGesture();
      page.storefront = player.storefront;
      // Both SDKs place audio with a seek (seekToTime, seek), so a start costs what a seek does.
      follower.policy = null;
      follower.renewPolicy();
      if (page.room) page.match = matchFor(roomForMe(page.room).track, service, page.storefront);
      page.phase = "listening";
      controls.mediaSession();
      wakeLock.acquire();
      connection.connect();
      setInterval(() => { room.checkForSleep(); follower.tick(); }, 100);
      // On iPhone the page catches up only when unlocked; an embedded YouTube player stops
      // when any phone locks: said once a session.
      if ((advice.platform === "ios" || (onPhone && service === "youtube")) && !sessionStorage.getItem(StorageKey.lockNotice)) {
        sessionStorage.setItem(StorageKey.lockNotice, "1");
        say(service === "youtube" ? strings.youtube.lockNotice : words.lockNotice, "info", "soon");
      }
      fallback.update();
      render();
      $("now-title").focus();
      playlists.resumeAfterLogin(() => roomHistory.saveNow());
    } catch (error) {
      page.phase = "choosing";
      page.wantsSound = false;
      // Not on the Spotify app's list: words, and the chooser with YouTube one tap away.
      if (/** @type {{ kind?: string } | null} */ (error)?.kind === "notListed") {
        if (offered.includes("youtube")) promoteChoice("youtube");
        return say(offered.includes("youtube") ? strings.spotify.notListed : strings.spotify.notListedNoYouTube, "error", "choice");
      }
      if (isLoginError(error) && !(/** @type {{ expired?: boolean }} */ (error).expired) && config.spotifyClientId) return beginLogin({ config, room: config.room, purpose: "listen" });
      if (isLoginError(error)) return loginNeeded(error);
      // The Web Playback SDK could not start here: the listener's own Spotify app still can.
      say(reason(error) + (service === "spotify" && page.spotifyMode === "browser" ? " " + strings.spotify.tryApp : ""), "error", "choice");
    }
  }

  function render() {
    // A message whose moment has passed goes.
    if (page.message?.clears === "soon" && performance.now() - page.message.at > 8000) page.message = null;
    const status = listenerStatus({ ...page, joined: connection.clock.samples.length > 0, policyStatus: follower.policy?.status ?? null });
    page.status = status.key;
    setText("status", status.text);
    // The status is words (its colour from its key); "Sync details" beside it while listening.
    if ($("status").dataset.status !== status.key) $("status").dataset.status = status.key;
    const canOpen = page.phase === "listening" && !page.finalClose && !page.needsTap;
    setHidden("status-pill", !canOpen);
    if (!canOpen && syncDetails.isOpen) syncDetails.setOpen(false);
    setHidden("chooser", page.phase !== "choosing");
    setHidden("tap", !page.needsTap || !!page.finalClose);
    const listening = page.phase === "listening" && !page.finalClose;
    setHidden("controls", !listening || page.needsTap);
    if (!listening || page.needsTap) setHidden("more-sheet", true);
    setHidden("pause", !page.wantsSound);
    setHidden("resume", page.wantsSound);
    setHidden("login-again", page.phase !== "login");
    serverFollow.render();
    setHidden("reload", !page.finalClose);
    setText("reload", page.finalClose?.code === 1000 ? words.listenAgain : words.reload);
    setHidden("message", !page.message);
    setText("message", page.message ? page.message.text : "");
    $("message").className = "message " + (page.message?.kind || "");
    setHidden("now", !page.room);
    // YouTube's player in the artwork's place, shown while it is the listener's player.
    const onYouTube = (page.playingFrom ?? page.service) === "youtube" && page.phase === "listening";
    fallback.render();
    setHidden("youtube-frame", !onYouTube);
    setHidden("artwork", onYouTube);
    $("art-frame").classList.toggle("on-youtube", onYouTube);
    roomHistory.roomTrack(historyMoment(page.room?.track ?? null, page.phase === "listening" ? page.service : null, page.storefront));
    screen.render({ page, serverNow: connection.clock.serverTime(nowMicros()), connect: page.connect, canKeepFollowing: config.hostingOffered });
  }

  // On iPhone, audio that plays on with the screen locked and ignores the silent switch
  // (Safari 16.4+), set before the tap.
  if (navigator.audioSession) navigator.audioSession.type = "playback";
  showOpenElsewhere(advice, () => page.share.link || location.origin + location.pathname);
  // A token in a link (#spotify_token=) is never taken as the listener's login: whoever sent
  // the link would choose whose account plays. It is only taken out of the address.
  if (location.hash) history.replaceState(null, "", location.pathname + location.search.replace(/([?&])service=[^&]*&?/, "$1").replace(/[?&]$/, ""));
  // The name is asked on the listening screen, and changing it rejoins with the new one.
  mountNameField(() => connection.restart());
  const offered = config.services.filter((service) => service !== "spotify" || config.spotifyClientId || spotifyLogin.stored());
  const returning = mountServiceChooser({ offered, spotifyMode: page.spotifyMode, choose });
  // A new output latency (the presets, the slider, a calibration) takes effect at the next tick.
  sound.onChange((milliseconds) => { if (follower.policy) follower.policy.outputLatencyMs = milliseconds; });
  $("login-again").addEventListener("click", () => (config.spotifyClientId ? beginLogin({ config, room: config.room, purpose: "listen" }) : location.reload()));
  $("keep-following").addEventListener("click", serverFollow.keepFollowingAfterClose);
  const preferClean = /** @type {HTMLInputElement} */ ($("prefer-clean"));
  preferClean.checked = page.preferClean;
  preferClean.addEventListener("change", () => {
    page.preferClean = preferClean.checked;
    localStorage.setItem(StorageKey.preferClean, page.preferClean ? "1" : "0");
    if (page.preferClean && page.match?.track?.explicit === true) versions.switchToClean(false);
  });
  roomHistory.roomTrack(null);
  $("stop-server-follow").addEventListener("click", serverFollow.stop);
  // Load the SDK of the service this browser chose before, so the click finds it ready.
  if (returning) prepare(returning).catch(() => {});
  else if (offered.includes("apple-music")) prepare("apple-music").catch(() => {});
  // A glance before choosing: the room's current song, from the REST API.
  fetch("/v1/rooms/" + config.room).then((r) => (r.ok ? r.json() : null)).then((summary) => {
    if (summary?.state?.anchor && !page.room) { page.room = { ...summary.state, hostConnected: summary.state.hostConnected ?? true }; render(); }
  }).catch(() => {});
  // Back from Spotify's login: one tap, since the new page has no gesture to play with.
  const backFromLogin = sessionStorage.getItem(StorageKey.returning);
  sessionStorage.removeItem(StorageKey.returning);
  serverFollow.resumeIfStored();
  render();
  // Without a gesture in this new page the first play is refused, and the page asks for a tap.
  if (backFromLogin === "spotify" && spotifyLogin.stored()) choose("spotify", page.spotifyMode);
}
