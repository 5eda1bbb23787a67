// @ts-check
// A call to Spotify's Web API with the listener's own token: a 401 renews it once.
import * as strings from "../strings.js";

/** @typedef {import("./spotify-login.js").SpotifyLogin} SpotifyLogin */

/**
 * @param {{ spotifyAPIURL: string }} config
 * @param {SpotifyLogin} login
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 */
export async function callSpotify(config, login, method, path, body) {
  const request = async (/** @type {string} */ token) => fetch(config.spotifyAPIURL + path, {
    method, headers: { Authorization: "Bearer " + token, ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  let response = await request(await login.fresh());
  if (response.status === 401) response = await request(await login.refresh());
  return response;
}

/**
 * The listener's Spotify account is not on the list of the server's development-mode app: its
 * Web API answers every call 403 ("User not registered in the Developer Dashboard"), whatever
 * the account's subscription. Said in words, with YouTube offered where the server has it.
 */
export class SpotifyNotListed extends Error {
  constructor() {
    super(strings.spotify.notListed);
    this.kind = "notListed";
  }
}

/** What the page hears when Spotify said whether it admits the account (`detail.listed`). */
export const SPOTIFY_ACCESS_EVENT = "simulcast:spotify-access";

/**
 * The listener's account (`/v1/me`): the first call a player makes, so an account the app does
 * not admit is told so before anything loads. Either answer is told to the room too (the
 * host's page shows the guest list as far as the room saw it).
 * @param {{ spotifyAPIURL: string }} config @param {SpotifyLogin} login
 * @returns {Promise<Response>}
 */
export async function spotifyAccount(config, login) {
  const me = await callSpotify(config, login, "GET", "/v1/me");
  if (me.ok || me.status === 403) window.dispatchEvent(new CustomEvent(SPOTIFY_ACCESS_EVENT, { detail: { listed: me.ok } }));
  if (me.status === 403) throw new SpotifyNotListed();
  return me;
}
