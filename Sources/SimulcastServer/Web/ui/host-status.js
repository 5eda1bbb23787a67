// @ts-check
// What the host page says and offers, from the server's hosting status and the page's own
// state. Pure, and unit-tested under node (Tests/WebJS/host-status.test.js).
import * as strings from "../strings.js";

/**
 * @typedef {object} HostState
 * @property {boolean} hasToken this browser holds the room's host token
 * @property {boolean} roomEnded the room answered 404
 * @property {boolean} playsHere the room is hosted from this page's own player (Apple Music or YouTube)
 * @property {boolean} stopped the host stopped hosting from this page
 * @property {boolean} spotifyOffered the server has a Spotify app to log in with
 * @property {string | null} hosting the server's hosting status: "none", "starting", "following", "refused", "replaced"
 * @property {boolean} [playerLive] the player here (Apple Music or YouTube) publishes to the room
 */

/**
 * @typedef {object} HostStatus
 * @property {string} key
 * @property {string} pill the status pill's few words
 * @property {string} text the sentence under it
 * @property {boolean} live listeners hear the host now
 * @property {string | null} login the login button's words, or null for none
 * @property {boolean} stop whether "Stop hosting" is offered
 */

/** @param {HostState} state @returns {HostStatus} */
export function hostStatus(state) {
  const status = decide(state);
  return { pill: /** @type {Record<string, string>} */ (strings.host.pill)[status.key] ?? status.key, ...status };
}

/** @param {HostState} state @returns {Omit<HostStatus, "pill">} */
function decide(state) {
  const words = strings.host;
  const quiet = { live: false, login: null, stop: false };
  if (!state.hasToken && !state.stopped) return { key: "noToken", text: words.noToken, ...quiet };
  if (state.roomEnded) return { key: "ended", text: words.ended, ...quiet };
  if (state.stopped) return { key: "stopped", text: words.stoppedAndForgot, ...quiet };
  if (state.playsHere) {
    return { key: state.playerLive ? "live" : "playsHere", text: state.playerLive ? words.livePlayingHere : words.playsHere, live: !!state.playerLive, login: null,
      stop: !!state.playerLive };
  }
  const hosting = state.hosting ?? "none";
  const text = /** @type {Record<string, string>} */ (words.hosting)[hosting] ?? hosting;
  const canLogIn = state.spotifyOffered && ["none", "refused", "replaced"].includes(hosting);
  return {
    key: hosting === "following" ? "live" : hosting,
    text,
    live: hosting === "following",
    login: canLogIn ? (hosting === "none" ? words.hostWithSpotify : words.logInAgain) : null,
    stop: ["following", "starting", "replaced"].includes(hosting),
  };
}
