// @ts-check
// The listener page's side of the room: its WebSocket (room-connection.js) with the listener's
// hello, and what each message from the room changes on the page. Back from the background, a
// back/forward-cache restore, the network or a sleeping device, it measures the clock afresh
// and reconnects at once rather than at the end of a backoff.
import { MessageType } from "../constants.js";
import { SPOTIFY_ACCESS_EVENT } from "../players/spotify-web-api.js";
import * as strings from "../strings.js";
import { matchFor } from "../sync/follow-target.js";
import { listenerName, showPresence } from "../ui/presence-panel.js";
import { mountReactions, showReaction } from "../ui/reactions.js";
import { RoomConnection, roomServers } from "./room-connection.js";

/** @typedef {import("../types/page").ListenerPage} ListenerPage */
/** @typedef {import("../types/wire").RoomState} RoomState */

/**
 * @param {object} deps
 * @param {import("../types/page").PageConfig} deps.config
 * @param {ListenerPage} deps.page
 * @param {() => import("../sync/listener-follower.js").ListenerFollower} deps.follower
 * @param {(room: RoomState) => RoomState} deps.roomForMe
 * @param {() => void} deps.switchToClean the listener prefers clean versions and this one is explicit
 * @param {(room: RoomState) => void} deps.updated the room's state changed (requests, handover)
 * @param {(hostToken: string) => void} deps.granted the room was handed to this listener
 * @param {() => void} deps.connected a new connection to the room is open (what the room keeps per connection is said again)
 * @param {() => void} deps.comingBack the page is back in view or online
 * @param {() => void} deps.render
 * @param {(text: string, kind?: string, clears?: string) => void} deps.say
 * @param {(kinds?: string[]) => void} deps.clearMessage
 */
export function connectToRoom({ config, page, follower, roomForMe, switchToClean, updated, granted, connected, comingBack, render, say, clearMessage }) {
  const words = strings.listener;
  const connection = new RoomConnection({
    servers: roomServers(location, config.origins || []),
    path: config.webSocketPath,
    hello: () => ({ type: MessageType.hello, role: "listener", room: config.room, service: page.service, storefront: page.storefront, client: "web",
      name: listenerName() ?? undefined }),
    onChange() {
      const opened = connection.connected && !page.connected;
      page.connected = connection.connected;
      if (opened) {
        follower().policy?.connectionRestarted();
        // Each connection is new to the room: what Spotify said of the account is said again.
        if (spotifyListed !== null) connection.send({ type: MessageType.spotifyAccess, listed: spotifyListed });
        connected();
        mountReactions(async (reaction) => connection.send({ type: MessageType.reaction, reaction }) || null);
      }
      render();
    },
    onClockStep: () => follower().policy?.clockStepped(),
    onFinalClose(code) {
      page.finalClose ??= { code, text: /** @type {Record<number, string>} */ (words.finalClose)[code] || words.finalClose[4400] };
      render();
    },
    onMessage: receive,
  });

  /** Whether Spotify admits this listener's account, once a player asked (`/v1/me`). */
  let spotifyListed = /** @type {boolean | null} */ (null);
  window.addEventListener(SPOTIFY_ACCESS_EVENT, (event) => {
    spotifyListed = !!(/** @type {CustomEvent<{ listed: boolean }>} */ (event)).detail?.listed;
    if (connection.connected) connection.send({ type: MessageType.spotifyAccess, listed: spotifyListed });
  });

  /** @param {import("../types/wire").ServerMessage} message */
  function receive(message) {
    switch (message.type) {
      case MessageType.welcome:
        page.nameInRoom = String(message.name || "");
        page.listenerId = String(message.listenerId || "");
        if (message.notice) say(String(message.notice), "info", "never");
        break;
      case MessageType.roomState:
        if (!message.anchor) return;
        if (page.room?.track?.source?.id !== message.track?.source?.id) clearMessage(["song"]);
        page.room = message;
        follower().policy?.roomStateReceived(roomForMe(message));
        // "Matched" only for this listener's own storefront.
        page.match = page.storefront ? matchFor(roomForMe(message).track, page.service, page.storefront) : null;
        if (page.preferClean && page.match?.status === "matched" && page.match.track?.explicit === true) switchToClean();
        updated(message);
        render();
        break;
      case MessageType.roomPresence:
        page.presence = message;
        showPresence(message, { role: "listener", you: page.nameInRoom, hostName: page.room?.hostName ?? null });
        break;
      case MessageType.roomReaction:
        showReaction(message, page.room?.hostName ?? null);
        break;
      case MessageType.handoverGranted:
        granted(String(message.hostToken));
        break;
      case MessageType.error:
        say(String(message.message || message.code || words.serverRefused), "error", "soon");
        break;
    }
  }

  function comeBack() {
    if (!page.service) return;
    connection.comeBack();
    comingBack();
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") comeBack(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) comeBack(); });
  window.addEventListener("online", comeBack);
  // Wall time minus monotonic time moves when the device slept: the monotonic clock stood still.
  let wallMinusMonotonic = Date.now() - performance.now();
  function checkForSleep() {
    const now = Date.now() - performance.now();
    if (Math.abs(now - wallMinusMonotonic) > 1000) comeBack();
    wallMinusMonotonic = now;
  }

  return { connection, checkForSleep };
}
