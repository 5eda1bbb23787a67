// @ts-check
// The listener page's sentences: its status, the services' players, the server's follow, other
// versions and the room's history.
import { serviceName } from "../ui/format.js";

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
  /** @param {string | null | undefined} host */
  notStarted: (host) => `${host || "The host"} has not started a song.`,
  /** @param {string | null | undefined} host @param {string} title @param {string} artists */
  hostPlays: (host, title, artists) => `${host || "The host"} plays “${title}” by ${artists}`,
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

export const youtube = Object.freeze({
  notReady: "YouTube's player is not ready yet.",
  /**
   * Why a video cannot play, by the IFrame API's error code, with what happens next.
   * @param {number} code
   */
  refused: (code) =>
    code === 101 || code === 150 ? "The video's owner does not let it play outside YouTube."
      : code === 100 ? "This video was removed or made private."
        : code === 153 ? "YouTube refused to play here: this page did not say where it comes from. Reload the page."
          : code === 5 ? "This browser cannot play this video."
            : "YouTube could not play this video.",
  tryingAnother: "Trying another video of this song…",
  notOnYouTube: "This song is not on YouTube in a form that plays here. The next song will play when the host moves on.",
  lockNotice: "On a phone, YouTube stops when the screen locks: keep this page open with the screen on.",
  /** @param {string | null} service the listener's own */
  fallbackSetting: (service) => `Play songs ${serviceName(service)} lacks from YouTube`,
  /** @param {string | null} service */
  playingFrom: (service) => `Playing from YouTube: not on ${serviceName(service)}`,
  fallbackCouldNotStart: "YouTube's player could not be started, so songs your service lacks stay silent.",
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
  notListed: "This server's Spotify app has no place for you yet: ask the host to add your Spotify e-mail, or listen on YouTube now.",
  notListedNoYouTube: "This server's Spotify app has no place for you yet: ask the host to add your Spotify e-mail to its list, or choose another service.",
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
  suggested: "Suggested to the host, and playing for you now: the others hear it if the host takes it.",
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
  readTooOften: "The server is busy with this room's history. Try again in a few seconds.",
  /** @param {string} name */
  askedBy: (name) => `asked for by ${name}`,
  open: "Open",
  /** @param {string} title */
  openSong: (title) => `Open ${title} on its service`,
  saving: "Saving…",
  couldNotSave: "The playlist could not be saved.",
  loggingIn: "Asking Spotify to let Simulcast make a playlist…",
  noService: "Choose where you listen first.",
  nothingToSave: "None of these songs is on your service yet, so nothing was saved.",
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
