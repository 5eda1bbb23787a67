// @ts-check
// The browser's storage, by the names in constants.js (generated from WebStorageKey.swift).
import { StorageKey } from "../constants.js";

/**
 * The room's host token (a secret) in localStorage.
 * @param {string} room
 */
export const hostTokenKey = (room) => StorageKey.hostTokenPrefix + room;
/**
 * "apple-music" when the host page itself plays.
 * @param {string} room
 */
export const hostModeKey = (room) => StorageKey.hostModePrefix + room;

/**
 * Song requests on the host page: `{ queueScope?: boolean, pending?: string }`.
 * @param {string} room
 */
export const hostRequestsKey = (room) => StorageKey.requestsPrefix + room;

/**
 * The host token is kept only while of use: gone when hosting or the room ends.
 * @param {string} room
 */
export function forgetHostToken(room) {
  localStorage.removeItem(hostTokenKey(room));
  localStorage.removeItem(hostModeKey(room));
  localStorage.removeItem(hostRequestsKey(room));
}

/**
 * A JSON value, or null when missing or unreadable.
 * @param {Storage} storage
 * @param {string} key
 */
export function readJSON(storage, key) {
  try { return JSON.parse(storage.getItem(key) || "null"); } catch { return null; }
}
