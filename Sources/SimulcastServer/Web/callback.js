// @ts-check
// The Spotify login's return (/r/callback), finished three ways. A listener's code is traded
// here for their own tokens, which never reach our server (sessionStorage only), and the page
// returns to the clean room link. A host's code goes to our server with the room's host token:
// the server trades it and follows the host's Spotify, so the host's tokens never reach the page.
// A listener's code for the server's follow goes to our server the same way, with the device.
import { SPOTIFY_QUEUE_SCOPE, StorageKey } from "./constants.js";
import { $, element, readConfig } from "./ui/dom.js";
import { keepFollow } from "./room/server-follow.js";
import { tokensFrom } from "./players/spotify-login.js";
import { hostRequestsKey, hostTokenKey, readJSON } from "./room/storage.js";
import * as strings from "./strings.js";

const words = strings.callback;
const config = readConfig();
const saved = readJSON(sessionStorage, StorageKey.pkce);
const query = new URLSearchParams(location.search);
history.replaceState(null, "", location.pathname);  // the code is single-use; keep it out of history

/** @param {string} text @param {string} [back] */
function fail(text, back) {
  $("status").textContent = text;
  const link = element("back-link", HTMLAnchorElement);
  if (back) link.href = back;
  else if (saved?.room) link.href = "/r/" + encodeURIComponent(saved.room);
  $("back").hidden = false;
}

/** A host's login: the server trades the code and follows the host's Spotify. */
async function finishHosting() {
  $("back-link").textContent = words.backToHost;
  const hostPage = "/r/" + encodeURIComponent(saved.room) + "/host";
  const hostToken = localStorage.getItem(hostTokenKey(saved.room));
  sessionStorage.removeItem(StorageKey.pkce);
  if (!hostToken) return fail(words.noHostToken, hostPage);
  try {
    const response = await fetch("/v1/rooms/" + encodeURIComponent(saved.room) + "/hosting", { method: "POST",
      headers: { "Content-Type": "application/json", "Authorization": "Bearer " + hostToken },
      body: JSON.stringify({ service: "spotify", code: query.get("code"), codeVerifier: saved.verifier, redirectUri: location.origin + "/r/callback" }) });
    if (!response.ok) return fail(words.serverCouldNotFinish, hostPage);
    // The new login replaced the last: it may add to the host's queue only if it asked to.
    const requests = readJSON(localStorage, hostRequestsKey(saved.room)) || {};
    requests.queueScope = (saved.extraScopes || []).includes(SPOTIFY_QUEUE_SCOPE);
    localStorage.setItem(hostRequestsKey(saved.room), JSON.stringify(requests));
    location.replace(hostPage);
  } catch {
    fail(words.serverUnreachable, hostPage);
  }
}

/** A listener's login for the server's follow: the server trades the code and keeps their Spotify app in sync. */
async function finishFollowing() {
  const roomPage = "/r/" + encodeURIComponent(saved.room);
  const choice = saved.follow;
  sessionStorage.removeItem(StorageKey.pkce);
  if (!choice?.deviceId) return fail(words.didNotFinish(null), roomPage);
  try {
    const response = await fetch("/v1/rooms/" + encodeURIComponent(saved.room) + "/follows", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ service: "spotify", code: query.get("code"), codeVerifier: saved.verifier, redirectUri: location.origin + "/r/callback",
        deviceId: choice.deviceId, storefront: choice.storefront, ...(choice.name ? { name: choice.name } : {}) }) });
    if (!response.ok) return fail(words.serverCouldNotFinish, roomPage);
    const ticket = await response.json();
    keepFollow(saved.room, { id: ticket.id, token: ticket.token, deviceName: choice.deviceName || "" });
    location.replace(roomPage);
  } catch {
    fail(words.serverUnreachable, roomPage);
  }
}

/** A listener's login: the page trades the code for the listener's own tokens. */
async function finishListening() {
  try {
    const response = await fetch(config.spotifyAccountsURL + "/api/token", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: query.get("code") || "", redirect_uri: location.origin + "/r/callback",
        client_id: config.spotifyClientId || "", code_verifier: saved.verifier }) });
    if (!response.ok) return fail(words.spotifyRefused);
    sessionStorage.setItem(StorageKey.spotifyTokens, JSON.stringify(tokensFrom(await response.json(), null, Date.now())));
    sessionStorage.removeItem(StorageKey.pkce);
    sessionStorage.setItem(StorageKey.returning, "spotify");
    location.replace("/r/" + encodeURIComponent(saved.room));
  } catch {
    fail(words.spotifyUnreachable);
  }
}

if (!saved || !query.get("code")) fail(words.didNotFinish(query.get("error")));
else if (query.get("state") !== saved.state) fail(words.notStartedHere);
else if (saved.purpose === "host") finishHosting();
else if (saved.purpose === "follow") finishFollowing();
else finishListening();
