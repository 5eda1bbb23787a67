// @ts-check
// The listener page's entry point: joins the room (room-connection.js), drives Apple Music or
// Spotify (apple-music-player.js; spotify-player.js in the page, or spotify-connect-player.js
// on the listener's own Spotify app) with the follow policy (follow.js, the
// port of SimulcastCore's FollowPolicy, held to it by a shared decision table), and draws the
// listening screen. What the listener *wants* (sound, or a pause for themselves) is kept apart
// from what the room does and what the player does; the status comes from all three
// (listener-status.js). `window.simulcastPage` is the page's state, for a look from outside
// (the browser tests, a curious listener); no other script reads it.
import { AppleMusicPlayer } from "./apple-music-player.js";
import { browserAdvice, mediaSessionDecision } from "./browser-support.js";
import { IN_SYNC_MS, MessageType, SPOTIFY_CONNECT, StorageKey } from "./constants.js";
import { $, readConfig, setArtwork, setHidden, setText } from "./dom.js";
import { FollowPolicy } from "./follow.js";
import { FollowTarget, matchFor, targetPosition } from "./follow-target.js";
import { artistLine, formatTime, generatedCoverURL, remainingTime } from "./format.js";
import { listenerStatus, meterReading } from "./listener-status.js";
import { listenerName, mountNameField, showPresence } from "./presence-panel.js";
import { mountReactions, showReaction } from "./reactions.js";
import { RoomConnection, roomServers } from "./room-connection.js";
import { secureOrigin } from "./secure-origin.js";
import { mountShare } from "./share.js";
import { mountSoundPanel } from "./sound-panel.js";
import { beginLogin, SpotifyLogin } from "./spotify-login.js";
import { historyMoment, mountHistory } from "./history-panel.js";
import { PLAYLIST_SCOPE, saveToAppleMusic, saveToSpotify } from "./playlist-save.js";
import { forgetFollow, followStatus, stopFollow, storedFollow } from "./server-follow.js";
import { mountHandoverOffer } from "./handover.js";
import { mountListenerRequests } from "./song-requests.js";
import { cleanVersion, isContentRestricted, mountVersions, versionTrack, withChosenVersion } from "./versions.js";
import { SpotifyConnectPlayer } from "./spotify-connect-player.js";
import { SpotifyPlayer } from "./spotify-player.js";
import * as strings from "./strings.js";
import { ScreenWakeLock } from "./wake-lock.js";

const words = strings.listener;

if (!secureOrigin()) {
  // An insecure origin cannot play: nothing is loaded or joined.
  window.simulcastPage = { phase: "insecure", status: "insecure" };
} else {
  start();
}

function start() {
  const config = readConfig();
  const sound = mountSoundPanel();
  const spotifyLogin = new SpotifyLogin(config);
  /** The room as this listener follows it: their own choice of version in place of the room's match. @param {any} room */
  const roomForMe = (room) => withChosenVersion(room, page.service, page.storefront, page.versionChoice);
  const otherVersions = mountVersions({
    room: config.room, service: () => page.service, storefront: () => page.storefront,
    current: () => (page.room?.track ? { sourceService: page.room.track.source.service, sourceId: page.room.track.source.id } : null),
    playing: () => (page.match?.status === "matched" ? page.match.track?.id ?? null : null),
    choose: (sourceId, track) => chooseVersion(sourceId, track),
  });

  /** This listener plays `track` for the room's song `sourceId`; the room's match stays. @param {string} sourceId @param {any} track */
  function chooseVersion(sourceId, track) {
    page.versionChoice = { sourceId, track };
    // A new policy: this listener's target changed, the room's did not.
    if (policy) policy = newPolicy(policy);
    if (page.room) page.match = matchFor(roomForMe(page.room).track, page.service, page.storefront);
    render();
  }

  /** The clean version instead of an explicit one, said; `restricted`: MusicKit refused the explicit one. */
  let cleanAskedFor = /** @type {string | null} */ (null);
  async function switchToClean(/** @type {boolean} */ restricted) {
    const sourceId = page.room?.track?.source?.id;
    if (!sourceId || cleanAskedFor === sourceId) return;
    cleanAskedFor = sourceId;
    try {
      const found = await otherVersions.lookup();
      const clean = cleanVersion(found.versions);
      if (!clean) { if (restricted) say(strings.versions.restrictedNoClean, "error", "success"); return; }
      chooseVersion(found.sourceId, versionTrack(clean, page.service));
      // Said while this song plays.
      say(restricted ? strings.versions.restrictedSwitched(clean.title) : strings.versions.cleanChosen(clean.title), "info", "song");
    } catch (error) {
      if (restricted) say(strings.versions.restrictedNoClean, "error", "success");
    }
  }
  const roomHistory = mountHistory(config.room, {
    service: () => (page.phase === "listening" ? page.service : null), storefront: () => page.storefront, save: (songs) => savePlaylist(songs),
  });
  document.documentElement.style.setProperty("--in-sync-half", (IN_SYNC_MS / 500) * 100 + "%");
  const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
  const advice = browserAdvice(navigator.userAgent, navigator.maxTouchPoints);
  // On a phone the Spotify app plays on with the screen locked, which no page can: offered first.
  const onPhone = advice.platform === "ios" || advice.platform === "android";

  // What the page knows, readable by people (the UI) and by the browser tests.
  const page = (window.simulcastPage = {
    phase: "choosing", service: /** @type {string | null} */ (null), storefront: /** @type {string | null} */ (null),
    room: /** @type {any} */ (null), match: /** @type {any} */ (null), presence: /** @type {any} */ (null),
    wantsSound: false, needsTap: false, connected: false, finalClose: /** @type {{ code: number, text: string } | null} */ (null),
    volume: storedVolume(), syncErrorMs: /** @type {number | null} */ (null), reading: /** @type {any} */ (null),
    message: /** @type {{ text: string, kind: string, clears: string, at: number } | null} */ (null),
    status: /** @type {string | null} */ (null), noMatch: /** @type {string | null} */ (null), browserAdvice: /** @type {string | null} */ (null),
    commands: /** @type {any[]} */ ([]), share: mountShare(config), sound,
    // "app": the listener's own Spotify app (Spotify Connect); "browser": the Web Playback SDK here.
    spotifyMode: /** @type {"app" | "browser"} */ (localStorage.getItem(StorageKey.spotifyMode) === "app" ? "app"
      : localStorage.getItem(StorageKey.spotifyMode) === "browser" ? "browser" : onPhone ? "app" : "browser"),
    preferClean: localStorage.getItem(StorageKey.preferClean) === "1",
    /** Another version of the room's song this listener chose for themselves. @type {import("./versions.js").VersionChoice | null} */
    versionChoice: null,
    /** The server's follow for this listener, while it lasts. @type {{ status: string, deviceName: string } | null} */
    serverFollow: null,
    /** This listener's name as the room shows it (the welcome's). */
    nameInRoom: "",
    get connect() {
      return player instanceof SpotifyConnectPlayer ? { device: player.deviceName, commandsSent: player.commandsSent, refusal: player.refusal } : null;
    },
    get renewals() { return { appleMusic: appleMusicPlayer?.renewals ?? 0, spotify: spotifyLogin.renewals }; },
    get clockSteps() { return connection.clock.stepsDetected; },
  });
  /** @type {AppleMusicPlayer | null} */
  let appleMusicPlayer = null;
  // "Ask for a song", while the host takes requests.
  const roomRequests = mountListenerRequests({
    room: config.room, service: () => page.service, storefront: () => page.storefront, name: () => page.nameInRoom,
    send: (message) => connection.send(message),
  });
  // The host may offer this listener the room.
  const handoverOffer = mountHandoverOffer({
    room: config.room, name: () => page.nameInRoom, service: () => page.service, send: (message) => connection.send(message),
    serverNow: () => connection.clock.serverTime(nowMicros()),
  });

  const isGestureRefusal = (/** @type {any} */ error) => error && (error.name === "NotAllowedError" || error.kind === "gesture");

  // A message with a kind; it disappears when what caused it no longer holds (`clears`).
  function say(text, kind = "error", clears = "soon") {
    page.message = { text, kind, clears, at: performance.now() };
    render();
  }
  /** @param {string[]} [kinds] */
  function clearMessage(kinds) {
    if (page.message && (!kinds || kinds.includes(page.message.clears))) { page.message = null; render(); }
  }

  // --- players: the same verbs over each SDK --------------------------------------------------

  /** @type {import("./apple-music-player.js").PlayerEvents} */
  const playerEvents = {
    say, needTap, loginNeeded,
    playing: () => clearMessage(["success"]),
    wantsSound: () => page.wantsSound,
    volume: () => page.volume,
  };
  /** @type {Record<string, Promise<any>>} */
  const prepared = {};
  /** @param {string} service */
  function prepare(service) {
    const app = service === "spotify" && page.spotifyMode === "app";
    const make = app ? () => SpotifyConnectPlayer.prepare(config, spotifyLogin, playerEvents, { onPhone })
      : service === "spotify" ? () => SpotifyPlayer.prepare(config, spotifyLogin, playerEvents)
        : async () => (appleMusicPlayer = await AppleMusicPlayer.prepare(config, playerEvents));
    const key = app ? "spotify-app" : service;
    return (prepared[key] ||= make().catch((error) => { delete prepared[key]; throw error; }));
  }

  // --- the room connection ------------------------------------------------------------------

  /** @type {FollowPolicy | null} */
  let policy = null;
  /** @type {any} */
  let player = null;
  let busy = false, lastReport = 0;
  const connection = new RoomConnection({
    servers: roomServers(location, config.origins || []),
    path: config.webSocketPath,
    hello: () => ({ type: MessageType.hello, role: "listener", room: config.room, service: page.service, storefront: page.storefront, client: "web",
      name: listenerName() ?? undefined }),
    onChange() {
      const opened = connection.connected && !page.connected;
      page.connected = connection.connected;
      if (opened) {
        policy?.connectionRestarted();
        mountReactions(async (reaction) => connection.send({ type: MessageType.reaction, reaction }) || null);
      }
      render();
    },
    onClockStep: () => policy?.clockStepped(),
    onFinalClose(code) {
      page.finalClose ??= { code, text: /** @type {Record<number, string>} */ (words.finalClose)[code] || words.finalClose[4400] };
      render();
    },
    onMessage: receive,
  });

  /** @param {any} message */
  function receive(message) {
    switch (message.type) {
      case MessageType.welcome:
        page.nameInRoom = String(message.name || "");
        if (message.notice) say(String(message.notice), "info", "never");
        break;
      case MessageType.roomState:
        if (!message.anchor) return;
        if (page.room?.track?.source?.id !== message.track?.source?.id) clearMessage(["song"]);
        page.room = message;
        policy?.roomStateReceived(roomForMe(message));
        // "Matched" only for this listener's own storefront.
        page.match = page.storefront ? matchFor(roomForMe(message).track, page.service, page.storefront) : null;
        if (page.preferClean && page.match?.status === "matched" && page.match.track?.explicit === true) switchToClean(false);
        roomRequests.update(message);
        handoverOffer.update(message);
        render();
        break;
      case MessageType.roomPresence:
        page.presence = message;
        showPresence(message, { role: "listener", you: page.nameInRoom, hostName: page.room?.hostName ?? null });
        break;
      case MessageType.roomReaction:
        showReaction(message, page.room?.hostName ?? null);
        break;
      case MessageType.handoverGranted:
        handoverOffer.granted(String(message.hostToken));
        break;
      case MessageType.error:
        say(String(message.message || message.code || words.serverRefused), "error", "soon");
        break;
    }
  }

  // Back from the background, a bfcache restore or the network: measure the clock afresh and
  // reconnect at once rather than at the end of a backoff.
  function comeBack() {
    if (!page.service) return;
    connection.comeBack();
    if (page.wantsSound) acquireWakeLock();
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") comeBack(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) comeBack(); });
  window.addEventListener("online", comeBack);

  // Wall time minus monotonic time moves when the device slept: the monotonic clock stood still.
  let wallMinusMonotonic = Date.now() - performance.now();
  function checkForSleep() {
    const now = Date.now() - performance.now();
    const slept = Math.abs(now - wallMinusMonotonic) > 1000;
    wallMinusMonotonic = now;
    if (slept) comeBack();
  }

  /** The room's next songs, as this listener's matches. @param {any} room */
  function upNext(room) {
    return (room?.queue || []).map((/** @type {any} */ entry) => matchFor(entry, page.service, page.storefront))
      .filter((/** @type {any} */ m) => m?.status === "matched" && m.track).map((/** @type {any} */ m) => m.track.id);
  }

  async function tick() {
    checkForSleep();
    if (!player || !policy || busy) return;
    player.renewIfDue?.().catch(() => {});
    const serverNow = connection.clock.serverTime(nowMicros());
    if (serverNow === null || !page.room) { render(); return; }
    const reading = player.read();
    if (reading.playing && !page.reading?.playing) mediaSession();
    page.reading = reading;
    // Not wanted (paused by the listener) or waiting for their tap: the policy is not asked,
    // so nothing is undone and nothing is left pending for when they come back.
    const following = page.wantsSound && !page.needsTap;
    const commands = following ? policy.playerObserved({ trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs, serverTime: serverNow }) : [];
    page.syncErrorMs = following && reading.playing ? policy.syncErrorMs : null;
    const now = performance.now();
    if (now - lastReport > 1000 && reading.trackId) {
      lastReport = now;
      connection.send({ type: MessageType.listenerReport, trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs,
        measuredAt: Math.round(serverNow), syncErrorMs: page.syncErrorMs ?? undefined, seq: page.room?.seq,
        outputLatencyMs: policy.outputLatencyMs || undefined });
    }
    render();
    if (commands.length > 0) await perform(commands, reading);
  }

  // A fresh policy for a listener coming back (a tap, Resume): what it learned of this
  // player's latencies carries over; what it was waiting for does not.
  /** @param {FollowPolicy | null} previous */
  function newPolicy(previous) {
    // A Connect device's commands go through Spotify's servers: the figures SpotifyConnectPlayer.followConfiguration sets.
    const figures = player instanceof SpotifyConnectPlayer ? SPOTIFY_CONNECT : { seekThresholdMs: 35, defaultStartLatencyMs: 100, defaultSeekLatencyMs: 100 };
    const next = new FollowPolicy({ service: page.service, storefront: page.storefront, canScheduleStart: false, outputLatencyMs: sound.milliseconds, ...figures });
    if (previous) { next.latency.start = previous.latency.start; next.latency.seek = previous.latency.seek; }
    if (page.room) next.roomStateReceived(roomForMe(page.room));
    return next;
  }

  /** @param {any[]} commands @param {any} reading */
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
      else if (isContentRestricted(error)) switchToClean(true);
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
      const serverNow = connection.clock.serverTime(nowMicros());
      const target = page.room && serverNow !== null && policy ? policy.targetMatch : null;
      if (policy && serverNow !== null && target?.status === "matched" && page.room.playing) {
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
    page.finalClose = { code: 1000, text: words.finalClose[1000] };
    connection.close(1000);
    setSheetOpen(false);
    render();
    $("reload").focus();
  }

  // Another service: this one stops, and the page starts again at the choice.
  function switchService() {
    silencePlayer();
    localStorage.removeItem(StorageKey.service);
    location.reload();
  }

  function storedVolume() {
    const stored = localStorage.getItem(StorageKey.volume);
    const fraction = stored === null ? NaN : Number(stored);
    return fraction >= 0 && fraction <= 1 ? fraction : 0.8;
  }

  /** @param {number} fraction */
  function setVolume(fraction) {
    page.volume = fraction;
    localStorage.setItem(StorageKey.volume, String(fraction));
    player?.setVolume?.(fraction).catch(() => {});
  }

  /** @param {any} error */
  function loginNeeded(error) {
    page.wantsSound = false;
    page.phase = "login";
    say(String(error?.message || words.loginAgain), "login", "never");
    render();
    $("login-again").focus();
  }

  // Media Session: the lock screen, headphones and media keys speak for the listener. Only
  // play and pause (more handlers hide the system's own controls on iPhone); a pause the
  // listener did not ask for (WebKit calls it for a phone call) is a pause for them alone.
  // Applied again at every start: WebKit clears the handlers and metadata when playing starts.
  function mediaSession() {
    const session = navigator.mediaSession;
    if (!session) return;
    const act = {
      tap: () => tapToListen(), resume: () => resume(), pauseForMe: () => pauseForMe(), nothing: () => {},
    };
    for (const action of /** @type {const} */ (["play", "pause"])) {
      try { session.setActionHandler(action, () => act[mediaSessionDecision(action, page)]()); } catch { /* not supported */ }
    }
    metadataShown = null;
  }

  const wakeLock = new ScreenWakeLock("keep-awake");
  const acquireWakeLock = () => wakeLock.acquire();
  const releaseWakeLock = () => wakeLock.release();

  /** @param {string} service @param {string} [mode] for Spotify: "app" or "browser" */
  async function choose(service, mode) {
    if (service === "spotify" && (mode === "app" || mode === "browser")) {
      page.spotifyMode = mode;
      localStorage.setItem(StorageKey.spotifyMode, mode);
    }
    page.service = service;
    page.phase = "connecting";
    page.wantsSound = true;
    page.message = null;
    localStorage.setItem(StorageKey.service, service);
    render();
    try {
      player = await prepare(service);
      // In the click: MusicKit's sign-in, Spotify's activateElement.
      await player.begin();
      sound.afterGesture();
      page.storefront = player.storefront;
      // Both SDKs place audio with a seek (seekToTime, seek), so a start costs what a seek does.
      policy = newPolicy(null);
      if (page.room) page.match = matchFor(roomForMe(page.room).track, service, page.storefront);
      page.phase = "listening";
      mediaSession();
      acquireWakeLock();
      connection.connect();
      setInterval(tick, 100);
      maybeWarnAboutLocking();
      render();
      $("now-title").focus();
      if (sessionStorage.getItem(StorageKey.pendingSave)) {
        sessionStorage.removeItem(StorageKey.pendingSave);
        savingAfterLogin = true;
        roomHistory.saveNow().finally(() => { savingAfterLogin = false; });
      }
    } catch (error) {
      page.phase = "choosing";
      page.wantsSound = false;
      if (error?.kind === "login" && !error.expired && config.spotifyClientId) return beginLogin({ config, room: config.room, purpose: "listen" });
      if (error?.kind === "login") return loginNeeded(error);
      // The Web Playback SDK could not start here: the listener's own Spotify app still can.
      const text = String(error?.message || error) + (service === "spotify" && page.spotifyMode === "browser" ? " " + strings.spotify.tryApp : "");
      say(text, "error", "choice");
    }
  }

  function maybeWarnAboutLocking() {
    const iOS = /iP(hone|od|ad)/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    if (!iOS || sessionStorage.getItem(StorageKey.lockNotice)) return;
    sessionStorage.setItem(StorageKey.lockNotice, "1");
    say(words.lockNotice, "info", "soon");
  }

  // --- what the page says -------------------------------------------------------------------

  function render() {
    // A message whose moment has passed goes.
    if (page.message?.clears === "soon" && performance.now() - page.message.at > 8000) page.message = null;
    const status = listenerStatus({ ...page, joined: connection.clock.samples.length > 0, policyStatus: policy?.status ?? null });
    page.status = status.key;
    setText("status", status.text);
    // The status is words (its colour from its key); "Sync details" beside it while listening.
    if ($("status").dataset.status !== status.key) $("status").dataset.status = status.key;
    const canOpen = page.phase === "listening" && !page.finalClose && !page.needsTap;
    setHidden("status-pill", !canOpen);
    if (!canOpen && !$("sync-details").hidden) setSheetOpen(false);
    setHidden("chooser", page.phase !== "choosing");
    setHidden("tap", !page.needsTap || !!page.finalClose);
    const listening = page.phase === "listening" && !page.finalClose;
    setHidden("controls", !listening || page.needsTap);
    setHidden("pause", !page.wantsSound);
    setHidden("resume", page.wantsSound);
    setHidden("login-again", page.phase !== "login");
    renderServerFollow();
    setHidden("reload", !page.finalClose);
    setText("reload", page.finalClose?.code === 1000 ? words.listenAgain : words.reload);
    const message = page.message;
    setHidden("message", !message);
    setText("message", message ? message.text : "");
    $("message").className = "message " + (message?.kind || "");
    const room = page.room;
    setHidden("now", !room);
    roomHistory.roomTrack(historyMoment(room?.track, page.phase === "listening" ? page.service : null, page.storefront));
    if (!room) return;
    const headline = room.hostName ? words.listenAlongWith(room.hostName) : words.listenAlong;
    setText("headline", headline);
    const source = room.track?.source;
    const result = page.match;
    const shown = result?.status === "matched" ? result.track : source;
    setText("now-title", shown ? shown.title : words.nothingPlaying);
    setText("artist", shown ? artistLine(shown) : words.notStarted);
    renderArtwork(shown, source);
    // Said only when what this listener hears is not what the host plays, word for word.
    const differs = source && shown && (shown.title !== source.title || artistLine(shown) !== artistLine(source));
    setHidden("source", !differs);
    setHidden("other-versions-line", page.phase !== "listening" || !source || source.service === page.service);
    setText("source", differs ? words.hostPlays(source.title, artistLine(source)) : "");
    renderUpNext(room);
    const title = shown && room.playing ? `${shown.title} · ${artistLine(shown)} · Simulcast` : `${headline} · Simulcast`;
    if (document.title !== title) document.title = title;
    renderWhy(source, result);
    renderMediaMetadata(shown);
    renderMeter();
    const connect = page.connect;
    setHidden("connect-line", !connect);
    // The Spotify app's own volume counts: this page makes no sound of its own.
    const volume = $("volume").parentElement;
    if (volume && volume.hidden !== !!connect) volume.hidden = !!connect;
    if (connect) setText("connect-line", connect.refusal || strings.spotify.playsOn(connect.device || "Spotify"));
    setHidden("keep-following-line", !connect || !!connect.refusal || !config.hostingOffered || !listening);
  }

  // --- the server's follow: this listener's Spotify app kept in sync with the page closed ---

  function renderServerFollow() {
    const follow = page.serverFollow;
    setHidden("server-follow", !follow);
    // The sound delay is the app's own while the server follows: nothing here to set.
    setHidden("sound", !!follow);
    if (!follow) return;
    const words = strings.follow;
    const text = follow.status === "following" ? words.following(follow.deviceName) : follow.status === "starting" ? words.starting(follow.deviceName)
      : follow.status === "refused" ? words.refused : words.unknown;
    setText("server-follow-text", text);
    setText("stop-server-follow", follow.status === "refused" ? words.dismiss : words.stop);
  }

  /** Asks Spotify for a login the server keeps: the page's own player hands over as the page goes. */
  function keepFollowingAfterClose() {
    if (!(player instanceof SpotifyConnectPlayer) || !player.device) return;
    const device = player.device;
    beginLogin({ config, room: config.room, purpose: "follow",
      follow: { deviceId: device.id, deviceName: device.name, storefront: page.storefront || "us", name: listenerName() } });
  }

  /** The stored follow's status, again every 10 s while it is shown; gone when the server ended it. */
  async function checkServerFollow() {
    const follow = storedFollow(config.room);
    const status = follow ? await followStatus(config.room, follow) : null;
    if (!follow || status === null) {
      if (page.serverFollow) { page.serverFollow = null; page.phase = "choosing"; render(); }
      return;
    }
    page.serverFollow = { status, deviceName: follow.deviceName };
    page.phase = "serverFollowing";
    render();
    setTimeout(checkServerFollow, 10000);
  }

  let savingAfterLogin = false;

  /** "Save as a playlist" on this listener's service, with their own login. @param {import("./history-panel.js").HistorySong[]} songs */
  async function savePlaylist(songs) {
    if (page.phase !== "listening") throw new Error(strings.history.noService);
    if (page.service === "apple-music" && appleMusicPlayer) return saveToAppleMusic(appleMusicPlayer.music, config.room, songs);
    if (page.service !== "spotify") throw new Error(strings.history.noService);
    if (!spotifyLogin.grants(PLAYLIST_SCOPE)) {
      // Back from that login without it (the listener declined): said, never asked again in a loop.
      if (savingAfterLogin) { savingAfterLogin = false; throw new Error(strings.history.notAllowed); }
      // Asked for only now; the page saves once it is back from Spotify.
      sessionStorage.setItem(StorageKey.pendingSave, "1");
      await beginLogin({ config, room: config.room, purpose: "listen", extraScopes: [PLAYLIST_SCOPE] });
      return strings.history.loggingIn;
    }
    return saveToSpotify(config, spotifyLogin, config.room, songs);
  }

  async function stopServerFollow() {
    const follow = storedFollow(config.room);
    if (follow && !(await stopFollow(config.room, follow))) return say(strings.follow.couldNotStop, "error", "soon");
    forgetFollow(config.room);
    const refused = page.serverFollow?.status === "refused";
    page.serverFollow = null;
    page.phase = "choosing";
    if (!refused) say(strings.follow.stopped, "info", "soon");
    render();
    /** @type {HTMLElement | null} */ (document.querySelector("[data-choice]:not([hidden]) [data-service]"))?.focus();
  }

  // The song's artwork: the match's, else the host's, else a cover made from the song's name
  // (the same on every listener's screen), never a letter.
  /** @param {any} shown @param {any} source */
  function renderArtwork(shown, source) {
    const art = shown?.artworkURL || source?.artworkURL;
    const url = art || (shown ? generatedCoverURL(shown.title, artistLine(shown)) : "/web/icon.svg");
    setArtwork("artwork", url, shown ? words.coverOf(shown.title) : "Simulcast");
  }

  /** @param {any} room */
  function renderUpNext(room) {
    const next = (room.queue || [])[0];
    const shown = next ? (matchFor(next, page.service, page.storefront)?.track || next.source) : null;
    setHidden("up-next", !shown);
    setText("up-next", shown ? words.upNext(shown.title, artistLine(shown)) : "");
  }

  /** @type {string | null} */
  let whyShown = null;
  /** @param {any} source @param {any} result */
  function renderWhy(source, result) {
    const key = JSON.stringify([source?.id, page.service, result]);
    if (key === whyShown) return;
    whyShown = key;
    const why = $("why");
    why.replaceChildren();
    why.hidden = !(source && page.service);
    if (why.hidden) { page.noMatch = null; return; }
    const summary = document.createElement("summary");
    const status = result?.status;
    summary.textContent = !result ? words.why.finding(page.service)
      : status === "matched" ? words.why.matched(page.service, result.confidence)
        : status === "ambiguous" ? words.why.ambiguous(page.service)
          : status === "unavailable" ? words.why.unavailable(page.service)
            : words.why.noMatch(page.service);
    why.appendChild(summary);
    const reasons = (result?.reasons || []).concat(result?.method ? [words.why.method(result.method)] : []);
    if (reasons.length) {
      const list = document.createElement("ul");
      for (const reason of reasons) { const li = document.createElement("li"); li.textContent = reason; list.appendChild(li); }
      why.appendChild(list);
    }
    why.className = "why " + (status || "pending");
    page.noMatch = status && status !== "matched" ? summary.textContent : null;
  }

  /** @type {string | null} */
  let metadataShown = null;
  /** @param {any} shown */
  function renderMediaMetadata(shown) {
    if (!navigator.mediaSession || !window.MediaMetadata || !shown) return;
    const key = shown.title + "|" + shown.artists.join(",") + "|" + (shown.album || "") + "|" + (shown.artworkURL || "");
    if (key !== metadataShown) {
      metadataShown = key;
      navigator.mediaSession.metadata = new MediaMetadata({ title: shown.title, artist: artistLine(shown), album: shown.album || "",
        artwork: shown.artworkURL ? [{ src: shown.artworkURL }] : [] });
    }
    navigator.mediaSession.playbackState = page.reading?.playing ? "playing" : "paused";
  }

  function renderMeter() {
    const serverNow = connection.clock.serverTime(nowMicros());
    const room = page.room;
    const error = page.syncErrorMs;
    renderProgress(room, serverNow);
    // Only while this listener's audio plays along: never "in sync" over silence.
    const playing = error !== null && room?.playing && page.reading?.playing && page.wantsSound && page.status !== "noMatch";
    setHidden("meter", !playing);
    setHidden("sync-idle", !!playing);
    if (!playing || error === null) return;
    const reading = meterReading(error);
    const meter = $("meter");
    meter.setAttribute("aria-valuenow", String(Math.round(reading.clamped)));
    meter.setAttribute("aria-valuetext", reading.words + ", " + reading.exact);
    $("needle").style.left = reading.leftPercent + "%";
    $("needle").className = "needle " + reading.tone;
    setText("offset", reading.words);
    setText("offset-ms", reading.exact);
  }

  // Elapsed and remaining, on the room's timeline (what the host hears).
  /** @param {any} room @param {number | null} serverNow */
  function renderProgress(room, serverNow) {
    const durationMs = page.match?.track?.durationMs ?? room?.track?.source?.durationMs ?? 0;
    const shown = !!(room?.track && serverNow !== null && durationMs > 0);
    setHidden("progress", !shown);
    if (!shown || serverNow === null) return;
    const elapsedMs = Math.min(durationMs, Math.max(0, targetPosition(room, serverNow)));
    setText("elapsed", formatTime(elapsedMs));
    setText("remaining", remainingTime(elapsedMs, durationMs));
    const percent = String(Math.round((elapsedMs / durationMs) * 1000) / 10);
    if ($("progress-bar").getAttribute("aria-valuenow") !== percent) {
      $("progress-bar").setAttribute("aria-valuenow", percent);
      $("progress-bar").setAttribute("aria-valuetext", formatTime(elapsedMs) + " of " + formatTime(durationMs));
      $("progress-fill").style.width = percent + "%";
    }
  }

  // The status pill opens the Sync details sheet (the meter, the milliseconds, why this version).
  /** @param {boolean} open */
  function setSheetOpen(open) {
    setHidden("sync-details", !open);
    $("status-pill").setAttribute("aria-expanded", String(open));
    if (open) $("sync-details").scrollIntoView({ block: "nearest" });
  }

  // --- start --------------------------------------------------------------------------------

  // On iPhone, audio that plays on with the screen locked and ignores the silent switch
  // (Safari 16.4+), set before the tap.
  if (navigator.audioSession) navigator.audioSession.type = "playback";
  // A browser that cannot keep the music going (an app's own browser, Chrome on iPhone) is
  // told which one can, with the link to copy.
  page.browserAdvice = advice.advice;
  if (advice.advice) {
    setText("open-elsewhere-text", advice.advice === "openInSafari" ? words.openInSafari(advice.browser) : words.openInChrome(advice.browser));
    setHidden("open-elsewhere", false);
    $("copy-page-link").addEventListener("click", async () => {
      const link = page.share.link || location.origin + location.pathname;
      try { await navigator.clipboard.writeText(link); setText("open-elsewhere-note", strings.share.copied); } catch { setText("open-elsewhere-note", strings.share.copyByHand(link)); }
    });
  }
  // A token in a link (#spotify_token=) is never taken as the listener's login: whoever sent
  // the link would choose whose account plays. It is only taken out of the address.
  if (location.hash) history.replaceState(null, "", location.pathname + location.search.replace(/([?&])service=[^&]*&?/, "$1").replace(/[?&]$/, ""));
  // The name is asked on the listening screen, and changing it rejoins with the new one.
  mountNameField(() => connection.restart());
  const offered = config.services.filter((service) => service !== "spotify" || config.spotifyClientId || spotifyLogin.stored());
  // A returning listener gets one big button for their last choice; the others are small links.
  const remembered = localStorage.getItem(StorageKey.service);
  const returning = remembered && offered.includes(remembered) ? remembered : null;
  $("chooser").classList.toggle("returning", !!returning);
  for (const choice of document.querySelectorAll("[data-choice]")) {
    const service = /** @type {HTMLElement} */ (choice).dataset.choice || "";
    /** @type {HTMLElement} */ (choice).hidden = !offered.includes(service);
    choice.classList.toggle("remembered", service === returning);
    choice.classList.toggle("other", !!returning && service !== returning);
  }
  for (const button of document.querySelectorAll("[data-service]")) {
    const service = /** @type {HTMLElement} */ (button).dataset.service || "";
    button.addEventListener("click", () => choose(service, /** @type {HTMLElement} */ (button).dataset.mode));
  }
  // On a phone, the Spotify app's button comes first and is the big one.
  const spotifyApp = document.querySelector("[data-mode=app]");
  if (spotifyApp && page.spotifyMode === "app") {
    spotifyApp.parentElement?.prepend(spotifyApp);
    const inBrowser = document.querySelector("[data-mode=browser]");
    inBrowser?.classList.add("secondary");
    if (inBrowser) inBrowser.textContent = strings.spotify.inThisBrowser;
  }
  setHidden("spotify-help", offered.includes("spotify"));
  $("tap").addEventListener("click", tapToListen);
  // A new output latency (the slider, a calibration) takes effect at the next tick.
  sound.onChange((milliseconds) => { if (policy) policy.outputLatencyMs = milliseconds; });
  $("pause").addEventListener("click", pauseForMe);
  $("resume").addEventListener("click", resume);
  $("login-again").addEventListener("click", () => (config.spotifyClientId ? beginLogin({ config, room: config.room, purpose: "listen" }) : location.reload()));
  $("reload").addEventListener("click", () => location.reload());
  $("leave").addEventListener("click", leave);
  $("keep-following").addEventListener("click", keepFollowingAfterClose);
  /** @type {HTMLInputElement} */ ($("prefer-clean")).checked = page.preferClean;
  $("prefer-clean").addEventListener("change", () => {
    page.preferClean = /** @type {HTMLInputElement} */ ($("prefer-clean")).checked;
    localStorage.setItem(StorageKey.preferClean, page.preferClean ? "1" : "0");
    if (page.preferClean && page.match?.track?.explicit === true) switchToClean(false);
  });
  roomHistory.roomTrack(null);
  $("stop-server-follow").addEventListener("click", stopServerFollow);
  $("switch-service").addEventListener("click", switchService);
  $("volume").value = String(Math.round(page.volume * 100));
  $("volume").addEventListener("input", () => setVolume(Number($("volume").value) / 100));
  $("status-pill").addEventListener("click", () => setSheetOpen($("sync-details").hidden));
  $("sheet-close").addEventListener("click", () => { setSheetOpen(false); $("status-pill").focus(); });
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
  // The server follows for this listener: say so, and offer to stop, instead of a second player.
  const followed = storedFollow(config.room);
  if (followed) {
    page.phase = "serverFollowing";
    page.serverFollow = { status: "unknown", deviceName: followed.deviceName || "" };
    checkServerFollow();
  }
  render();
  // Without a gesture in this new page the first play is refused, and the page asks for a tap.
  if (backFromLogin === "spotify" && spotifyLogin.stored()) choose("spotify", page.spotifyMode);
}
