// @ts-check
// "Keep my Spotify app in sync after I close this page": the server follows the room for the
// listener (POST /v1/rooms/{code}/follows, finished by /r/callback). This browser keeps the
// follow's id and token (localStorage, this room only) to show it when the page is opened
// again and to stop it; the listener's Spotify login for it stays on the server.
import { StorageKey } from "../constants.js";
import { readJSON } from "./storage.js";
import { withTimeout } from "../players/timeout.js";

/** @typedef {{ id: string, token: string, deviceName: string }} StoredFollow */

/** @param {string} room */
const key = (room) => StorageKey.followPrefix + room;

/** @param {string} room @returns {StoredFollow | null} */
export function storedFollow(room) {
  const stored = readJSON(localStorage, key(room));
  return stored && typeof stored.id === "string" && typeof stored.token === "string" ? stored : null;
}

/** @param {string} room @param {StoredFollow} follow */
export function keepFollow(room, follow) { localStorage.setItem(key(room), JSON.stringify(follow)); }

/** @param {string} room */
export function forgetFollow(room) { localStorage.removeItem(key(room)); }

/** @param {string} room @param {StoredFollow} follow */
const followURL = (room, follow) => "/v1/rooms/" + encodeURIComponent(room) + "/follows/" + encodeURIComponent(follow.id);

/**
 * The follow's status from the server: "starting", "following" or "refused"; null when it
 * ended (stopped, the room ended) and is forgotten here; "unknown" when the server did not answer.
 * @param {string} room @param {StoredFollow} follow
 * @returns {Promise<string | null>}
 */
export async function followStatus(room, follow) {
  try {
    const response = await withTimeout(fetch(followURL(room, follow), { headers: { "Authorization": "Bearer " + follow.token }, cache: "no-store" }), "the server");
    if (response.status === 404) { forgetFollow(room); return null; }
    if (!response.ok) return "unknown";
    return String((await response.json())?.status || "unknown");
  } catch {
    return "unknown";
  }
}

/**
 * Stops the follow; true once the server has (or it had already ended).
 * @param {string} room
 * @param {StoredFollow} follow
 */
export async function stopFollow(room, follow) {
  try {
    const response = await withTimeout(fetch(followURL(room, follow), { method: "DELETE", headers: { "Authorization": "Bearer " + follow.token } }), "the server");
    if (!response.ok && response.status !== 404) return false;
  } catch {
    return false;
  }
  forgetFollow(room);
  return true;
}
