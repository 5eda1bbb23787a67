// @ts-check
// Who is listening (room.presence): a count with services ("5 listening: 3 Apple Music,
// 2 Spotify") that opens into the list, faces on the listening screen, and the listener's own
// name for others to see. Names are set as text, never markup.
import { NAME_MAXIMUM_CHARACTERS, StorageKey } from "../constants.js";
import { $, maybe } from "./dom.js";
import { serviceName } from "./format.js";
import * as strings from "../strings.js";

/**
 * "5 listening: 3 Apple Music, 2 Spotify"
 * @param {import("../types/wire").RoomPresence} presence
 */
export function countLine(presence) {
  const services = Object.entries(presence.services || {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return strings.presence.count(presence.count, services.map(([service, count]) => count + " " + serviceName(service)));
}

/**
 * Who is here, as the one looking sees it: the host by name; "(you)" beside this listener's own
 * name; the host alone is told to send the link.
 * @typedef {object} Viewer
 * @property {"host" | "listener"} role
 * @property {string | null} [you] the name the room gave this listener
 * @property {string | null} [hostName]
 */

/** @param {import("../types/wire").RoomPresence} presence @param {Viewer} viewer */
export function showPresence(presence, viewer) {
  $("presence").hidden = false;
  $("presence-count").textContent = countLine(presence);
  $("presence-host").textContent = hostLine(presence, viewer);
  const listeners = presence.listeners || [];
  let youMarked = false;
  $("presence-list").replaceChildren(...listeners.map((listener) => {
    const item = document.createElement("li");
    const name = document.createElement("span");
    name.className = "who";
    const isYou = !youMarked && viewer.role === "listener" && !!viewer.you && listener.name === viewer.you;
    youMarked ||= isYou;
    name.textContent = isYou ? strings.presence.you(listener.name) : listener.name;
    item.append(name, " · " + serviceName(listener.service) + " · " + (strings.presence.status[listener.status] || listener.status));
    return item;
  }));
  showFaces(listeners, presence.count);
  const more = presence.count - listeners.length;
  $("presence-more").hidden = more <= 0;
  $("presence-more").textContent = more > 0 ? strings.presence.andMore(more) : "";
}

/**
 * The line under the count: the host by name, or for the host alone the next step.
 * @param {import("../types/wire").RoomPresence} presence
 * @param {Viewer} viewer
 */
export function hostLine(presence, viewer) {
  if (viewer.role === "host") return presence.count === 0 ? strings.presence.nobodyYet : "";
  return presence.hostConnected ? strings.presence.hostHere(viewer.hostName) : strings.presence.hostAway(viewer.hostName);
}

/**
 * On the listening screen itself: a face (initial) per listener with their service's badge,
 * the first eight, then "+N".
 * @param {import("../types/wire").PresenceListener[]} listeners
 * @param {number} count
 */
function showFaces(listeners, count) {
  const faces = maybe("presence-faces");
  if (!faces) return;
  faces.hidden = count === 0;
  const shown = listeners.slice(0, 8).map((listener) => {
    const face = document.createElement("li");
    face.className = "face";
    const service = serviceName(listener.service);
    face.title = listener.name + " · " + service;
    face.setAttribute("aria-label", strings.presence.on(listener.name, service));
    const initial = document.createElement("span");
    initial.setAttribute("aria-hidden", "true");
    initial.textContent = Array.from(listener.name.trim())[0]?.toUpperCase() || "?";
    const badge = document.createElement("span");
    badge.className = "badge " + listener.service;
    badge.setAttribute("aria-hidden", "true");
    face.append(initial, badge);
    return face;
  });
  if (count > shown.length) {
    const more = document.createElement("li");
    more.className = "face more";
    more.textContent = "+" + (count - shown.length);
    more.setAttribute("aria-label", strings.presence.more(count - shown.length));
    shown.push(more);
  }
  faces.replaceChildren(...shown);
}

/** The name this listener gave (remembered in this browser), or null. */
export function listenerName() {
  const field = maybe("listener-name");
  const text = (field instanceof HTMLInputElement ? field.value : localStorage.getItem(StorageKey.listenerName) ?? "").trim();
  return text ? Array.from(text).slice(0, NAME_MAXIMUM_CHARACTERS).join("") : null;
}

/**
 * The name field: remembered as typed; `changed` runs when the name is really another one (the
 * page rejoins with it), not on every change event a field fires.
 * @param {() => void} changed
 */
export function mountNameField(changed) {
  const input = maybe("listener-name");
  if (!(input instanceof HTMLInputElement)) return;
  input.value = localStorage.getItem(StorageKey.listenerName) || "";
  let given = listenerName();
  input.addEventListener("change", () => {
    localStorage.setItem(StorageKey.listenerName, input.value.trim());
    const name = listenerName();
    if (name === given) return;
    given = name;
    changed();
  });
}

/**
 * Who Spotify admitted or turned away among the room's listeners, as their pages found: the
 * guest list as far as this room has seen it (the host's page).
 * @param {import("../types/wire").PresenceListener[]} listeners
 */
export function showSpotifyGuests(listeners) {
  /** @param {boolean} listed */
  const named = (listed) => listeners.filter((listener) => listener.spotifyListed === listed).map((listener) => listener.name).join(", ");
  const lines = [];
  if (named(true)) lines.push(strings.host.spotifyGuests.listed(named(true)));
  if (named(false)) lines.push(strings.host.spotifyGuests.refused(named(false)));
  const line = $("spotify-guests-seen");
  line.textContent = lines.join(" ");
  line.hidden = lines.length === 0;
}
