// @ts-check
// Every sentence the pages' scripts show, in one place: one short sentence per message, no
// flags, scopes, storefronts or milliseconds on the main screen. A translation replaces this
// module. (The markup's own words are in the .html files; the server's in Swift.)
import { serviceName } from "./format.js";

/** @typedef {string | null | undefined} Service */

export const listener = Object.freeze({
  /** Why the room ended this page's connection for good, by close code. */
  finalClose: Object.freeze({
    1000: "You left the room.",
    4400: "The server refused this page's request to join. Reload the page; if it happens again, ask the host for a new link.",
    4401: "The server refused this page's request to join. Reload the page; if it happens again, ask the host for a new link.",
    4404: "This room has ended. Start your own room from the front page, or ask for a new link.",
    4409: "This page was replaced by another one for the same room. Reload to listen here again.",
    4413: "This room is full. Try again in a while, or start your own room from the front page.",
  }),
  status: Object.freeze({
    choosing: "Choose where you listen.",
    serverFollowing: "The server keeps your Spotify app in sync.",
    /** @param {Service} service */
    connecting: (service) => `Connecting to ${serviceName(service)}…`,
    /** @param {Service} service */
    login: (service) => `Log in to ${serviceName(service)} again to keep listening.`,
    reconnecting: "Connection lost. Reconnecting…",
    joining: "Joining…",
    tap: "The sound is off until you tap the button below.",
    hostAway: "The host is away.",
    waiting: "Waiting for the host to play something.",
    pausedByYou: "Paused for you",
    /** @param {Service} service */
    matching: (service) => `Finding this song on ${serviceName(service)}…`,
    /** @param {Service} service */
    unavailable: (service) => `${serviceName(service)} is not answering`,
    noMatch: "No match for this song",
    hostPaused: "The host paused.",
    hostAwayPaused: "The host is away, so the room is paused.",
    starting: "Starting…",
    catchingUp: "Catching up…",
    holding: "Waiting for the next song",
    inSync: "● In sync",
    inSyncHostAway: "● In sync · the host is away",
  }),
  listenAlong: "Listen along",
  /** @param {string} host */
  listenAlongWith: (host) => `Listen along with ${host}`,
  nothingPlaying: "Nothing playing",
  notStarted: "The host has not started a song.",
  /** @param {string} title @param {string} artists */
  hostPlays: (title, artists) => `The host plays “${title}” by ${artists}`,
  /** @param {string} title @param {string} artists */
  upNext: (title, artists) => `Up next: ${title} · ${artists}`,
  /** @param {string} title */
  coverOf: (title) => `Cover of ${title}`,
  listenAgain: "Listen again",
  reload: "Reload the page",
  why: Object.freeze({
    /** @param {Service} service */
    finding: (service) => `Finding it on ${serviceName(service)}…`,
    /** @param {Service} service @param {number | null | undefined} confidence */
    matched: (service, confidence) => `Matched on ${serviceName(service)}` + (confidence != null ? ` · ${Math.round(confidence * 100)}% sure` : ""),
    /** @param {Service} service */
    ambiguous: (service) => `Not sure which version is right on ${serviceName(service)}, so it is not played`,
    /** @param {Service} service */
    unavailable: (service) => `${serviceName(service)} could not be asked right now`,
    /** @param {Service} service */
    noMatch: (service) => `No match on ${serviceName(service)}, so this song is skipped`,
    /** @param {string} method */
    method: (method) => `Found by ${method}`,
  }),
  meter: Object.freeze({
    inSync: "in sync",
    catchingUp: "catching up",
    /** @param {number} errorMs */
    exact: (errorMs) => (Math.abs(errorMs) < 1 ? "0 ms" : `${Math.abs(Math.round(errorMs))} ms ${errorMs > 0 ? "ahead" : "behind"}`),
  }),
  /** @param {number} ms */
  milliseconds: (ms) => `${Math.round(ms)} ms`,
  lockNotice: "On iPhone the page catches up when you unlock; the queued songs play on meanwhile.",
  /** @param {string | null} browser */
  openInSafari: (browser) => `Open this link in Safari: ${browser ? browser + " stops" : "this browser stops"} the music when you switch away or lock the phone.`,
  /** @param {string | null} browser */
  openInChrome: (browser) => `Open this link in Chrome: ${browser ? browser + "'s browser stops" : "this browser stops"} the music when you switch away.`,
  serverRefused: "The server refused a message.",
  loginAgain: "Log in again to keep listening.",
});

export const appleMusic = Object.freeze({
  notAvailable: "Apple Music is not available on this server.",
  couldNotPlay: "Apple Music could not play this song.",
  signedOut: "Apple Music signed you out. Choose Apple Music to sign in again.",
  signIn: "Apple Music's sign-in",
});

export const spotify = Object.freeze({
  logIn: "Log in to Spotify to listen.",
  expired: "Your Spotify login has expired. Log in again to keep listening.",
  ended: "Spotify ended your login. Log in again to keep listening.",
  cannotPlayHere: "Spotify cannot play in this browser.",
  premiumOnly: "Spotify plays in the browser only for Premium accounts.",
  playerGone: "Spotify's player went away. Reconnecting it…",
  couldNotPlay: "Spotify could not play this song.",
  didNotConnect: "Spotify's player did not connect.",
  /**
   * Why Spotify's Web API refused, by its HTTP status, as a sentence with what to do next; the
   * status itself is never shown. 403 is what Spotify answers an account its development-mode
   * app has not listed ("User not registered in the Developer Dashboard") or without Premium.
   * @param {number} status
   */
  wouldNotPlay: (status) =>
    status === 403 ? "Spotify did not let this account play here. While this server's Spotify app is in development mode, Spotify lets in only the accounts its owner listed, with Premium: ask whoever runs this server to add your Spotify e-mail, or choose another service."
      : status === 401 ? "Your Spotify login has expired. Log in again to keep listening."
        : status === 404 ? "Open Spotify on your phone or computer, then try again."
          : status === 429 ? "Spotify asked us to slow down. Trying again in a moment…"
            : status >= 500 ? "Spotify is not answering just now. Try again in a minute, or choose another service."
              : "Spotify would not play this song. Try again, or choose another service.",
  connectPremiumOnly: "Spotify plays on your app from here only with Premium.",
  noDevice: "Open Spotify on your phone or computer, then try again.",
  onlyRestricted: "Your Spotify devices do not let other apps control them. Open Spotify on your phone or computer.",
  slowDown: "Spotify asked us to slow down. Trying again in a moment…",
  unreachable: "Spotify cannot be reached. Trying again…",
  unreadable: "Spotify's answer could not be read.",
  inThisBrowser: "Or play in this browser",
  tryApp: "You can still play on your own Spotify app: choose “Play on my Spotify app”.",
  /** @param {string} device */
  playsOn: (device) => `Playing on your Spotify app: ${device}`,
});

/** "Keep my Spotify app in sync when I close this page": the server's follow for a listener. */
export const follow = Object.freeze({
  keep: "Keep my Spotify app in sync when I close this page",
  /** @param {string} device */
  starting: (device) => `Connecting the server to ${device || "your Spotify app"}…`,
  /** @param {string} device */
  following: (device) => `The server keeps ${device || "your Spotify app"} in sync with the room. You may close this page or lock your phone.`,
  refused: "Spotify refused the login, or to play for this account, so the server stopped keeping your app in sync.",
  unknown: "The server keeps your Spotify app in sync. (It did not answer just now.)",
  stop: "Stop",
  dismiss: "OK",
  stopped: "The server no longer follows for you. Your Spotify app plays on as it is.",
  couldNotStop: "The server could not be reached to stop it. Try again.",
});

/** "Not this version?": the versions of the room's song on the listener's service. */
export const versions = Object.freeze({
  open: "Not this version?",
  looking: "Looking for other versions…",
  couldNotLook: "Other versions could not be looked up just now.",
  none: "No other versions were found on your service.",
  explicit: "Explicit",
  clean: "Clean",
  roomsChoice: "the room's match",
  taken: "Would be taken",
  notTaken: "Not taken",
  playingForYou: "Playing for you",
  playThis: "Play this",
  /** @param {string} title */
  playThisNamed: (title) => `Play ${title} for me`,
  /** @param {string} title */
  nowPlaying: (title) => `Now playing ${title} for you; the others keep theirs.`,
  suggest: "Suggest for the room",
  /** @param {string} title */
  suggestNamed: (title) => `Suggest ${title} for the room`,
  suggested: "Suggested: it becomes the room's version when the host agrees or enough listeners suggest it.",
  couldNotSuggest: "The suggestion could not be sent.",
  yourChoice: "the version you chose",
  preferClean: "Clean versions",
  /** @param {string} title */
  cleanChosen: (title) => `Playing the clean version of ${title}.`,
  /** @param {string} title */
  restrictedSwitched: (title) => `Your account does not play explicit songs: playing the clean version of ${title}.`,
  restrictedNoClean: "Your account does not play explicit songs, and this one has no clean version.",
});

/** The room's history and "Save as a playlist". */
export const history = Object.freeze({
  couldNotLoad: "The room's history could not be loaded.",
  /** @param {string} name */
  askedBy: (name) => `asked for by ${name}`,
  open: "Open",
  /** @param {string} title */
  openSong: (title) => `Open ${title} on its service`,
  saving: "Saving…",
  couldNotSave: "The playlist could not be saved.",
  loggingIn: "Asking Spotify to let Simulcast make a playlist…",
  noService: "Choose where you listen first.",
  notAllowed: "Spotify did not let Simulcast make playlists, so nothing was saved.",
  /** @param {string} room @param {string} day */
  playlistName: (room, day) => `Simulcast · ${room} · ${day}`,
  playlistDescription: "The songs a Simulcast room played, as you heard them.",
  /** @param {number} count @param {string} service */
  saved: (count, service) => `Saved ${count} song${count === 1 ? "" : "s"} as a playlist in ${service}.`,
  /** @param {number} status */
  spotifyRefused: (status) =>
    status === 403 ? "Spotify did not let this account make playlists here. Try again after logging in to Spotify again."
      : status >= 500 ? "Spotify is not answering just now, so nothing was saved. Try again in a minute."
        : "Spotify did not make the playlist. Try again in a moment.",
});

export const host = Object.freeze({
  /** The server's following of the host's Spotify, by its status. */
  hosting: Object.freeze({
    none: "The server is not following your Spotify for this room.",
    starting: "Connecting to your Spotify…",
    following: "Play in your Spotify app on any device; you may close this page.",
    refused: "Spotify refused your login. Log in again to keep hosting.",
    replaced: "Another player took over this room, so the server stopped following your Spotify.",
  }),
  playsHere: "You host with Apple Music from this page.",
  livePlayingHere: "Listeners hear what this page plays. Keep it open.",
  /** The status pill's short words, by the host status's key. */
  pill: Object.freeze({
    live: "● You're live",
    starting: "Connecting…",
    none: "Not live",
    refused: "Login needed",
    replaced: "Not live",
    noToken: "Not live",
    ended: "Room ended",
    stopped: "Stopped",
    playsHere: "Not live yet",
  }),
  stopped: "You stopped hosting. Listeners see you as away.",
  stoppedAndForgot: "You stopped hosting. Listeners see you as away, and this browser no longer holds the room's host token.",
  noToken: "This browser does not hold the room's host token.",
  openWhereStarted: "Open this page in the browser that started the room.",
  /** @param {string} room */
  openWhereStartedOrJoin: (room) => `Open this page in the browser that started the room. Listeners join at /r/${room}.`,
  ended: "This room has ended.",
  startNew: "Start a new room from the front page.",
  unreachable: "The server cannot be reached. Trying again…",
  serverAnswered: "The server could not do that just now. Try again in a moment.",
  couldNotStop: "Hosting could not be stopped. Try again.",
  logInAgain: "Log in with Spotify again",
  hostWithSpotify: "Host with Spotify",
  /** @param {boolean} playing @param {string} time */
  position: (playing, time) => (playing ? `Playing at ${time}` : `Paused at ${time}`),
  /** @param {number} count */
  listeners: (count) => (count === 1 ? "1 listener" : `${count} listeners`),
});

export const appleHost = Object.freeze({
  tokenRefused: "The room refused this page's host token. Start a room again from the front page.",
  takenOver: "Another host connection took over this room. Reload to host from here again.",
  refused: "The room refused this page. Reload to try again.",
  /** @param {string} why the server's own sentence */
  roomRefused: (why) => `The room refused that: ${why}`,
  renewalFailed: "Apple Music's token could not be renewed. Trying again soon.",
  connected: "Connected. Search and play; listeners hear it on their own service.",
  couldNotConnect: "Apple Music could not be connected.",
  refusedAction: "Apple Music refused that.",
  /** @param {string} term */
  nothingFound: (term) => `Nothing found for “${term}”.`,
  searchFailed: "The search failed. Try again.",
  pause: "Pause",
  play: "Play",
  publishing: "Publishing to the room.",
  connecting: "Connecting to the room…",
});

export const front = Object.freeze({
  typeCode: "Type the room code first.",
  notACode: "That is not a room code: ten letters and digits, like K7PQ2 MXR9T.",
  /** @param {string} why */
  notStarted: (why) => `No room was started. ${why.charAt(0).toUpperCase() + why.slice(1)}.`,
  serverCouldNot: "the server could not make a room just now; try again in a moment",
});

export const callback = Object.freeze({
  /**
   * The login came back without a code: Spotify's `error` (RFC 6749 §4.1.2.1) as words.
   * @param {string | null} error
   */
  didNotFinish: (error) =>
    error === "access_denied" ? "You cancelled the Spotify login, so nothing changed. Go back to the room to choose Spotify again or another service."
      : "The Spotify login did not finish. Go back to the room and try again.",
  notStartedHere: "This Spotify login was not started here. Start it again from the room.",
  backToHost: "Back to the host page",
  noHostToken: "This browser does not hold the room's host token. Start a room again from the front page.",
  serverCouldNotFinish: "The server could not finish the Spotify login. Go back and try again in a moment.",
  serverUnreachable: "Could not reach the server to finish the login.",
  spotifyRefused: "Spotify did not accept this login; it may have taken too long. Go back to the room and log in again.",
  spotifyUnreachable: "Could not reach Spotify to finish the login.",
});

export const presence = Object.freeze({
  /** @param {number} count @param {string[]} parts */
  count: (count, parts) => count + " listening" + (parts.length ? ": " + parts.join(", ") : ""),
  /** @param {string | null | undefined} host */
  hostHere: (host) => `${host || "The host"} is here.`,
  /** @param {string | null | undefined} host */
  hostAway: (host) => `${host || "The host"} is away.`,
  nobodyYet: "No one here yet: send the link.",
  /** @param {string} name */
  you: (name) => `${name} (you)`,
  /** @type {Readonly<Record<string, string>>} */
  status: Object.freeze({ inSync: "in sync", catchingUp: "catching up", matching: "waiting for a match", noMatch: "no match for this song", idle: "paused" }),
  /** @param {number} count */
  andMore: (count) => `and ${count} more`,
  /** @param {number} count */
  more: (count) => `${count} more`,
  /** @param {string} name @param {string} service */
  on: (name, service) => `${name} on ${service}`,
});

export const reactions = Object.freeze({
  /** @type {Readonly<Record<string, string>>} */
  words: Object.freeze({ fire: "Fire", heart: "Love it", clap: "Applause", laugh: "Funny", party: "Party", wow: "Wow" }),
  tooMany: "Too many reactions at once. Wait a moment.",
  offline: "Not connected to the room right now. Try again in a moment.",
  host: "Host",
});

export const share = Object.freeze({
  fallbackTitle: "Listen along with me on Simulcast",
  /** @param {string} headline */
  title: (headline) => `${headline} on Simulcast`,
  text: "Each on our own music service, at the same moment.",
  copied: "Link copied.",
  /** @param {string} link */
  copyByHand: (link) => `Copy this link: ${link}`,
});

export const sound = Object.freeze({
  listening: "Playing clicks and listening. Keep the microphone near your speaker or headphones…",
  /** @param {string} reason */
  notMeasured: (reason) => `Not measured: ${/[.?!]$/.test(reason) ? reason : reason + "."} Your setting is unchanged.`,
  /** @param {{ outputLatencyMs: number, roundTripMs: number, inputLatencyMs: number, confidence: number }} result */
  measured: (result) =>
    `Measured ${Math.round(result.outputLatencyMs)} ms (round trip ${Math.round(result.roundTripMs)} ms less ${Math.round(result.inputLatencyMs)} ms ` +
    `for the microphone, ${Math.round(result.confidence * 100)} % sure).`,
  /** @param {number} ms */
  sliderText: (ms) => `${Math.round(ms)} milliseconds`,
});

/** Song requests, on the listener and host pages. */
export const requests = Object.freeze({
  searching: "Searching…",
  couldNotSearch: "Your service could not be searched just now.",
  /** @param {string} term */
  nothingFound: (term) => `Nothing found for “${term}”.`,
  ask: "Ask for this",
  /** @param {string} title */
  askNamed: (title) => `Ask the host for ${title}`,
  /** @param {string} title */
  asked: (title) => `Asked for ${title}: the room sees it below.`,
  notConnected: "Not connected to the room just now; try again in a moment.",
  support: "+1",
  /** @param {string} title */
  supportNamed: (title) => `I want ${title} too`,
  /** @param {string} title */
  backed: (title) => `You want ${title} too.`,
  /** @param {string} name */
  askedBy: (name) => `Asked by ${name}`,
  /** @param {string} song */
  matchedAs: (song) => `on the host's service: ${song}`,
  /** @param {number} count */
  backedBy: (count) => `(+${count})`,
  status: Object.freeze({
    pending: "Waiting for the host",
    accepted: "Accepted: going into the host's queue",
    queued: "In the host's queue",
    played: "Played",
    declined: "Not this time",
    /** @param {string} note */
    unplayable: (note) => `Cannot be played for the room: ${note || "not on the host's service"}`,
    /** @param {string} note */
    failed: (note) => `Accepted, but the host's player did not take it: ${note || "no reason given"}`,
  }),
  accept: "Accept",
  /** @param {string} title */
  acceptNamed: (title) => `Accept ${title}`,
  decline: "Decline",
  /** @param {string} title */
  declineNamed: (title) => `Decline ${title}`,
  /** @param {string} title */
  accepted: (title) => `Accepted ${title}.`,
  /** @param {string} title */
  declined: (title) => `Declined ${title}.`,
  couldNotAnswer: "The answer could not be sent.",
  couldNotChange: "Requests could not be changed just now.",
  policySet: Object.freeze({
    off: "Listeners cannot ask for songs.",
    ask: "Listeners may ask for songs; each waits for you.",
    automatic: "Listeners' songs go into your queue as they ask.",
  }),
  queueLogin: "Spotify asks you once more, to let Simulcast add requested songs to your queue.",
});

/** Handing the host role over, on the host and listener pages. */
export const handover = Object.freeze({
  /** @param {string} name */
  handTo: (name) => `Hand the room to ${name}`,
  /** @param {string} name */
  offered: (name) => `Offered to ${name}. When they take it, their page plays for the room and this page stops hosting.`,
  withdrawn: "The offer is withdrawn.",
  couldNotOffer: "The room could not be offered just now.",
  asking: "Taking the room…",
  taking: "The room is yours: opening your host page…",
  notConnected: "Not connected to the room just now; try again in a moment.",
  /** @param {string} name */
  handedOver: (name) => `You handed the room to ${name}. You can listen along now.`,
  handedOverSomeone: "This browser no longer hosts the room (it was handed over). You can listen along now.",
  continueIntro: "The room is yours. Tap to go on playing the room's song from where it is, for everyone.",
  continueButton: "Go on playing for the room",
});
