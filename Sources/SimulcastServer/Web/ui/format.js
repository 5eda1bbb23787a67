// @ts-check
// How times, services and artists are written for people.
import { SERVICE_NAMES } from "../constants.js";

/**
 * "Apple Music" for "apple-music"; an unknown service as its own name.
 * @param {string | null | undefined} service
 */
export const serviceName = (service) => (service ? /** @type {Record<string, string>} */ (SERVICE_NAMES)[service] || service : "");

/**
 * "3:07"
 * @param {number} ms
 */
export function formatTime(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
}

/**
 * "Ana, Ben"
 * @param {{ artists?: string[] } | null | undefined} track
 */
export const artistLine = (track) => (track?.artists || []).join(", ");


/**
 * The cover the server draws from a song's name, the same on every screen (CoverArt).
 * @param {string} title
 * @param {string} artists
 */
export const generatedCoverURL = (title, artists) => "/cover.svg?for=" + encodeURIComponent(title + "\n" + artists);

/**
 * "−2:21": from the whole seconds shown, so elapsed and remaining add up to the song's length.
 * @param {number} elapsedMs
 * @param {number} durationMs
 */
export const remainingTime = (elapsedMs, durationMs) => "−" + formatTime(durationMs - Math.floor(elapsedMs / 1000) * 1000);

/**
 * What a thrown value says of itself: an Error's message, and the code an SDK's error carries
 * (MusicKit's `errorCode`, others' `code`); nulls where it says nothing.
 * @param {unknown} error
 * @returns {{ message: string | null, code: string | null }}
 */
export function errorFields(error) {
  if (typeof error === "string") return { message: error || null, code: null };
  const fields = /** @type {{ message?: unknown, errorCode?: unknown, code?: unknown } | null} */ (typeof error === "object" ? error : null);
  const text = (/** @type {unknown} */ value) => (typeof value === "string" && value ? value : typeof value === "number" ? String(value) : null);
  return { message: text(fields?.message), code: text(fields?.errorCode) ?? text(fields?.code) };
}
