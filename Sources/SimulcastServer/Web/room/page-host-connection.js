// @ts-check
// The room connection of a host page that plays itself (apple-host.js, youtube-host.js): to
// this page's own server only, as the room's host with this browser's token, and a refusal
// for good said in words (a token the room does not know is forgotten).
import { MessageType } from "../constants.js";
import { RoomConnection, roomServers } from "./room-connection.js";
import { forgetHostToken } from "./storage.js";
import * as strings from "../strings.js";

/**
 * @param {import("../types/page").PageConfig} config
 * @param {string} hostToken
 * @param {Pick<import("./room-connection.js").RoomConnectionOptions, "onChange" | "onSynchronised" | "onMessage">
 *   & { note: (text: string) => void }} handlers `note` shows a sentence on the page
 */
export function pageHostConnection(config, hostToken, { onChange, onSynchronised, onMessage, note }) {
  return new RoomConnection({
    // The host page speaks to this page's own server only.
    servers: roomServers({ protocol: location.protocol, host: location.host, origin: location.origin, search: "" }, []),
    path: config.webSocketPath,
    hello: () => ({ type: MessageType.hello, role: "host", room: config.room, hostToken, client: "web-host" }),
    onChange,
    onSynchronised,
    onMessage,
    onFinalClose(code) {
      if (code === 1000) return;  // the host stopped hosting here
      if (code === 4401 || code === 4404) {
        // The room is gone, or the token was never its: this browser keeps it no longer.
        forgetHostToken(config.room);
        note(strings.appleHost.tokenRefused);
      } else if (code === 4409) {
        note(strings.appleHost.takenOver);
      } else {
        note(strings.appleHost.refused);
      }
    },
  });
}
