// @ts-check
// Reactions: a bar of the fixed set (the wire carries names, never free text) and the
// reactions others send, each shown for a few seconds. The page that mounts it says how a
// reaction is sent (its room connection, or the host page's REST call).
import { REACTIONS, REACTION_EMOJI } from "../constants.js";
import { $, maybe } from "./dom.js";
import * as strings from "../strings.js";

const SHOWN_MS = 4000;
const MOST_SHOWN = 6;
/** @type {Readonly<Record<string, string>>} */
const emoji = REACTION_EMOJI;

/** What the bar did, for a look from outside. */
export const reactionCounts = { sent: 0, shown: 0, refused: 0 };

/**
 * `send(name)` resolves to true (sent), false (refused: too many) or null (not connected now).
 * @param {(reaction: string) => Promise<boolean | null>} send
 */
export function mountReactions(send) {
  const bar = maybe("reaction-bar");
  if (!bar) return;
  bar.hidden = false;
  $("reaction-buttons").replaceChildren(...REACTIONS.map((name) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "reaction";
    button.dataset.reaction = name;
    button.textContent = emoji[name];
    button.setAttribute("aria-label", strings.reactions.words[name]);
    button.addEventListener("click", async () => {
      const sent = await send(name);
      if (sent) reactionCounts.sent += 1; else reactionCounts.refused += 1;
      $("reaction-note").textContent = sent ? "" : sent === null ? strings.reactions.offline : strings.reactions.tooMany;
    });
    return button;
  }));
}

/**
 * One reaction from the room: shown a few seconds, the newest few at most, with who sent it.
 * Names are text.
 * @param {import("../types/wire").RoomReaction} reaction
 * @param {string | null} hostName the room's host, named where the server says the host sent it
 */
export function showReaction(reaction, hostName) {
  const list = maybe("reactions-shown");
  if (!list || !emoji[reaction?.reaction]) return;
  const item = document.createElement("li");
  const mark = document.createElement("span");
  mark.className = "reaction-emoji";
  mark.textContent = emoji[reaction.reaction];
  mark.setAttribute("aria-label", strings.reactions.words[reaction.reaction]);
  mark.setAttribute("role", "img");
  // The host is known by the server's word (fromHost), never by the name a sender gives.
  if (reaction.fromHost === true) {
    item.className = "from-host";
    const badge = document.createElement("strong");
    badge.textContent = hostName || strings.reactions.host;
    item.append(mark, " ", badge);
  } else {
    item.append(mark, " " + String(reaction.from || ""));
  }
  list.append(item);
  while (list.children.length > MOST_SHOWN) list.firstElementChild?.remove();
  reactionCounts.shown += 1;
  setTimeout(() => item.remove(), SHOWN_MS);
}
