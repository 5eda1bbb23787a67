// @ts-check
// The front page's entry point: a typed room code, in any case and with spaces or dashes, goes
// straight to its room (without this script the form asks the server, `/join`, which does the
// same); "Start a room" makes the room, keeps its host token in this browser, and goes on to
// the Spotify login or the Apple Music host page.
import { StorageKey } from "./constants.js";
import { $, element, readConfig } from "./ui/dom.js";
import { secureOrigin } from "./room/secure-origin.js";
import { beginLogin } from "./players/spotify-login.js";
import { forgetHostToken, hostModeKey, hostTokenKey } from "./room/storage.js";
import * as strings from "./strings.js";

const ALPHABET = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]+$/;

/**
 * The code typed, as the server spells it, or null.
 * @param {string} text
 */
export function normaliseCode(text) {
  const code = text.toUpperCase().replace(/[\s-]/g, "");
  return (code.length === 10 || code.length === 6) && ALPHABET.test(code) ? code : null;
}

secureOrigin();
const form = $("join");
const input = element("code", HTMLInputElement);
const error = $("code-error");

form.addEventListener("submit", (/** @type {Event} */ event) => {
  event.preventDefault();
  const code = normaliseCode(input.value);
  if (!code) {
    error.textContent = input.value.trim() === "" ? strings.front.typeCode : strings.front.notACode;
    error.hidden = false;
    input.setAttribute("aria-invalid", "true");
    input.focus();
    return;
  }
  location.assign("/r/" + code);
});
input.addEventListener("input", () => {
  error.hidden = true;
  input.removeAttribute("aria-invalid");
});

// Host tokens of rooms that have ended go (they are no use, and a token is a secret).
for (let index = localStorage.length - 1; index >= 0; index -= 1) {
  const key = localStorage.key(index);
  const code = key && key.startsWith(StorageKey.hostTokenPrefix) ? key.slice(StorageKey.hostTokenPrefix.length) : null;
  if (!code || !/^[A-Z0-9]{6,10}$/.test(code)) continue;
  fetch("/v1/rooms/" + code).then((response) => { if (response.status === 404) forgetHostToken(code); }).catch(() => {});
}

const config = readConfig();
element("host-name", HTMLInputElement).value = localStorage.getItem(StorageKey.hostName) || "";
const startError = $("start-error");

/**
 * Makes the room and keeps its host token here; then `next(code)`.
 * @param {HTMLButtonElement} button
 * @param {(code: string) => Promise<void> | void} next
 */
function startRoom(button, next) {
  button.addEventListener("click", async () => {
    button.disabled = true;
    startError.hidden = true;
    try {
      const hostName = element("host-name", HTMLInputElement).value.trim();
      localStorage.setItem(StorageKey.hostName, hostName);
      const response = await fetch("/v1/rooms", hostName
        ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ hostName }) }
        : { method: "POST" });
      const body = await response.json().catch(() => null);
      if (!response.ok || !body?.code) throw new Error(body?.error?.message || strings.front.serverCouldNot);
      localStorage.setItem(hostTokenKey(body.code), body.hostToken);
      await next(body.code);
    } catch (failure) {
      startError.textContent = strings.front.notStarted(failure.message);
      startError.hidden = false;
      button.disabled = false;
    }
  });
}
// Spotify: /r/callback hands the login's code to the server, which follows the host's player.
if (config.hostingOffered && config.spotifyClientId) {
  $("start-spotify").hidden = false;
  startRoom(element("start-with-spotify", HTMLButtonElement), (code) => beginLogin({ config, room: code, purpose: "host" }));
}
// Apple Music: the host plays in the host page itself (MusicKit JS), which publishes the room.
if ((config.services || []).includes("apple-music")) {
  $("start-apple").hidden = false;
  startRoom(element("start-with-apple-music", HTMLButtonElement), (code) => {
    localStorage.setItem(hostModeKey(code), "apple-music");
    location.assign("/r/" + code + "/host");
  });
}
// YouTube: the host plays in the host page itself too (the IFrame player), which publishes the room.
if ((config.services || []).includes("youtube")) {
  $("start-youtube").hidden = false;
  startRoom(element("start-with-youtube", HTMLButtonElement), (code) => {
    localStorage.setItem(hostModeKey(code), "youtube");
    location.assign("/r/" + code + "/host");
  });
}
