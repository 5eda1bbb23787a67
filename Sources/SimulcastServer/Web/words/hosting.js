// @ts-check
// The host pages', the front page's and the Spotify login's return's sentences.

export const host = Object.freeze({
  /** The server's following of the host's Spotify, by its status. */
  hosting: Object.freeze({
    none: "The server is not following your Spotify for this room.",
    starting: "Connecting to your Spotify…",
    following: "Play in your Spotify app on any device; you may close this page.",
    refused: "Spotify refused your login. Log in again to keep hosting.",
    replaced: "Another player took over this room, so the server stopped following your Spotify.",
  }),
  playsHere: "You host from this page: start its player below.",
  /** Who Spotify let in or turned away in this room, as their pages found (names joined). */
  spotifyGuests: Object.freeze({
    /** @param {string} names */
    listed: (names) => `On your app's list, as this room has seen: ${names}.`,
    /** @param {string} names */
    refused: (names) => `Spotify turned away: ${names}. Add their Spotify e-mail in the dashboard, or they can listen on YouTube now.`,
  }),
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

export const youtubeHost = Object.freeze({
  ready: "Search YouTube or paste a video's or a playlist's link; listeners hear the song on their own service.",
  couldNotStart: "YouTube's player could not be started. Reload to try again.",
  tapToPlay: "Press play on the video: this browser wants a tap before it plays sound.",
  skipping: "Skipping to the next video.",
  searching: "Searching…",
  play: "Play",
  addToQueue: "Add to queue",
  /** @param {string} title */
  playVideo: (title) => `Play ${title}`,
  /** @param {string} title */
  addVideo: (title) => `Add ${title} to the queue`,
  /** @param {number} count */
  queuedPlaylist: (count) => (count === 1 ? "The playlist's one video is in the queue." : `The playlist's ${count} videos are in the queue.`),
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
