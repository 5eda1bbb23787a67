// @ts-check
// The host's side of "Not this version?" (issue 52): listeners suggest another version of the
// room's song on their service; the room keeps each in `room.state`'s `suggestions` with how
// many distinct listeners asked, and nobody else's song changes. The host takes one with a
// correction made with the host token (POST /v1/matches/corrections), which plays it for every
// listener on that service and country, and clears the pair's suggestions.
import { $, actionButton, setHidden, setText } from "./dom.js";
import { errorFields, serviceName } from "./format.js";
import * as strings from "../strings.js";

/** @typedef {import("../types/wire").RoomState} RoomState */
/** @typedef {import("../types/wire").MatchSuggestion} MatchSuggestion */

/**
 * @param {{ room: string, correct: (body: object) => Promise<Response> }} options `correct` posts a correction with the host token
 */
export function mountHostSuggestions(options) {
  const words = strings.suggestions;
  const list = $("suggestion-list");

  /** @param {MatchSuggestion} suggestion @param {string} sourceService */
  async function use(suggestion, sourceService) {
    try {
      const response = await options.correct({ room: options.room, sourceService, sourceId: suggestion.sourceId, targetService: suggestion.service,
        storefront: suggestion.storefront, targetId: suggestion.target.id });
      const body = await response.json().catch(() => null);
      if (!response.ok) throw new Error(body?.error?.message || words.couldNotUse);
      setText("suggestions-note", words.used(suggestion.target.title));
    } catch (error) {
      setText("suggestions-note", errorFields(error).message ?? words.couldNotUse);
    }
  }

  /** @param {RoomState} state */
  function update(state) {
    const source = state.track?.source;
    const shown = (state.suggestions || []).filter((suggestion) => suggestion.sourceId === source?.id);
    setHidden("suggestions", shown.length === 0);
    const key = shown.map((s) => `${s.service} ${s.storefront} ${s.target.id} ${s.listeners}`).join("\n");
    if (list.dataset.key === key || !source) return;
    list.dataset.key = key;
    list.replaceChildren(...shown.map((suggestion) => {
      const item = document.createElement("li");
      const line = document.createElement("p");
      line.className = "what";
      line.textContent = words.line(suggestion.target.title, (suggestion.target.artists || []).join(", "), serviceName(suggestion.service), suggestion.listeners);
      item.append(line, actionButton(words.use, words.useNamed(suggestion.target.title), "secondary", () => use(suggestion, source.service)));
      return item;
    }));
  }

  return { update };
}
