// @ts-check
// Song requests (issue 37): a listener searches their own service (GET /v1/rooms/{code}/search)
// and asks for a song with `request.song`; everyone sees the room's requests in `room.state`,
// may +1 another's (`request.support`), and sees where each stands. The host turns requests on
// and accepts or declines them (REST, host token). Names and titles are text, never markup.
import { MessageType } from "../constants.js";
import { $, actionButton, setHidden } from "./dom.js";
import * as strings from "../strings.js";
import { withTimeout } from "../players/timeout.js";
import { errorFields } from "./format.js";

/** @typedef {import("../types/wire").SongRequest} SongRequest */
/** @typedef {import("../types/wire").TrackMetadata} TrackMetadata */

/**
 * "Title · Artist".
 * @param {TrackMetadata} track
 */
const songLine = (track) => `${track.title} · ${track.artists.join(", ")}`;

/**
 * Where a request stands, in words (the note says why a song cannot be played or queued).
 * @param {SongRequest} request
 */
export function requestStatusLine(request) {
  const words = strings.requests.status;
  const backers = request.supporters.length ? " " + strings.requests.backedBy(request.supporters.length) : "";
  switch (request.status) {
    case "pending": return words.pending + backers;
    case "accepted": return words.accepted;
    case "queued": return words.queued;
    case "played": return words.played;
    case "declined": return words.declined;
    case "unplayable": return words.unplayable(request.note || "");
    case "failed": return words.failed(request.note || "");
    case "expired": return words.expired;
    default: return String(request.status);
  }
}

/**
 * Whether `name` may +1 `request`: an open one they did not ask for or back.
 * @param {SongRequest} request
 * @param {string} name
 */
export function canSupport(request, name) {
  const open = request.status === "pending" || request.status === "accepted" || request.status === "queued";
  return open && request.requestedBy !== name && !request.supporters.includes(name);
}

/**
 * The requests to show, open ones first (oldest first), then the finished ones (newest first).
 * @param {SongRequest[]} requests
 */
export function orderedRequests(requests) {
  const open = (/** @type {SongRequest} */ r) => r.status === "pending" || r.status === "accepted" || r.status === "queued";
  return [...requests.filter(open), ...requests.filter((r) => !open(r)).reverse()];
}

/**
 * One request as a list item: the song, who asked, where it stands, and `actions`.
 * @param {SongRequest} request
 * @param {HTMLElement[]} actions
 */
function requestItem(request, actions) {
  const item = document.createElement("li");
  item.dataset.request = request.id;
  item.dataset.status = request.status;
  const what = document.createElement("p");
  what.className = "what";
  what.textContent = songLine(request.asked);
  const who = document.createElement("p");
  who.className = "small";
  who.textContent = strings.requests.askedBy(request.requestedBy) + (request.match && request.match.title !== request.asked.title
    ? " · " + strings.requests.matchedAs(songLine(request.match)) : "");
  const status = document.createElement("p");
  status.className = "small why-line";
  status.textContent = requestStatusLine(request);
  const row = document.createElement("p");
  row.className = "version-actions";
  row.append(...actions);
  item.append(what, who, status, row);
  return item;
}


/**
 * The listener's side: "Ask for a song" (shown while the host takes requests).
 * @param {{ room: string, service: () => string | null, storefront: () => string | null, name: () => string, send: (message: object) => boolean }} options
 */
export function mountListenerRequests(options) {
  const words = strings.requests;
  const note = $("request-note");
  const results = $("request-results");
  const list = $("request-list");
  /** @type {SongRequest[]} */
  let requests = [];

  /** @param {SubmitEvent} event */
  async function search(event) {
    event.preventDefault();
    const term = /** @type {HTMLInputElement} */ ($("request-term")).value.trim().slice(0, 100);
    const service = options.service();
    if (!term || !service) return;
    note.textContent = words.searching;
    results.replaceChildren();
    try {
      const query = new URLSearchParams({ service, storefront: options.storefront() || "us", q: term });
      const response = await withTimeout(fetch("/v1/rooms/" + encodeURIComponent(options.room) + "/search?" + query, { cache: "no-store" }), "the server");
      const body = await response.json().catch(() => null);
      if (!response.ok) throw new Error(body?.error?.message || words.couldNotSearch);
      /** @type {TrackMetadata[]} */
      const tracks = body.tracks || [];
      note.textContent = tracks.length ? "" : words.nothingFound(term);
      results.replaceChildren(...tracks.map((track) => {
        const item = document.createElement("li");
        const what = document.createElement("span");
        what.className = "what";
        what.textContent = songLine(track);
        item.append(what, " ", actionButton(words.ask, words.askNamed(track.title), "secondary", () => ask(track)));
        return item;
      }));
    } catch (error) {
      note.textContent = errorFields(error).message ?? words.couldNotSearch;
    }
  }

  /** @param {TrackMetadata} track */
  function ask(track) {
    const sent = options.send({ type: MessageType.requestSong, trackId: track.id });
    note.textContent = sent ? words.asked(track.title) : words.notConnected;
    if (sent) results.replaceChildren();
  }

  /** @param {SongRequest} request */
  function support(request) {
    note.textContent = options.send({ type: MessageType.supportRequest, id: request.id }) ? words.backed(request.asked.title) : words.notConnected;
  }

  function render() {
    const name = options.name();
    list.replaceChildren(...orderedRequests(requests).map((request) => requestItem(request,
      canSupport(request, name) ? [actionButton(words.support, words.supportNamed(request.asked.title), "secondary", () => support(request))] : [])));
    setHidden("request-list-title", requests.length === 0);
  }

  /**
   * A new room state: shown while the host takes requests (or some are still there to see).
   * @param {import("../types/wire").RoomState} state
   */
  function update(state) {
    const open = !!state.requestPolicy && state.requestPolicy !== "off";
    requests = state.requests || [];
    setHidden("requests", !options.service() || (!open && requests.length === 0));
    setHidden("request-search", !open);
    render();
  }

  $("request-search").addEventListener("submit", search);
  return { update };
}

/**
 * The host's side: the policy and Accept / Decline, over REST with the host token.
 * @param {{ request: (path: string, init?: RequestInit) => Promise<Response>, beforeTurningOn: (policy: string) => boolean }} options
 *   `beforeTurningOn` returns false when it leaves the page first (a login for the queue).
 */
export function mountHostRequests(options) {
  const words = strings.requests;
  const note = $("host-requests-note");
  const list = $("host-request-list");
  let policy = "off";

  /** @param {string} next */
  async function setPolicy(next) {
    if (next !== "off" && !options.beforeTurningOn(next)) return;
    try {
      const response = await options.request("/requests", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ policy: next }) });
      const body = await response.json().catch(() => null);
      if (!response.ok) throw new Error(body?.error?.message || words.couldNotChange);
      policy = next;
      note.textContent = words.policySet[/** @type {"off" | "ask" | "automatic"} */ (next)] || "";
    } catch (error) {
      note.textContent = errorFields(error).message ?? words.couldNotChange;
    }
    showPolicy();
  }

  /** @param {SongRequest} request @param {"accept" | "decline"} answer */
  async function respond(request, answer) {
    try {
      const response = await options.request("/requests/" + encodeURIComponent(request.id), { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answer }) });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new Error(body?.error?.message || words.couldNotAnswer);
      }
      note.textContent = answer === "accept" ? words.accepted(request.asked.title) : words.declined(request.asked.title);
    } catch (error) {
      note.textContent = errorFields(error).message ?? words.couldNotAnswer;
    }
  }

  function showPolicy() {
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name='request-policy']"))) input.checked = input.value === policy;
  }

  /** @param {import("../types/wire").RoomState} state */
  function update(state) {
    policy = state.requestPolicy || "off";
    showPolicy();
    const requests = orderedRequests(state.requests || []);
    const key = requests.map((r) => r.id + ":" + r.status + ":" + r.supporters.length).join(",");
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    list.replaceChildren(...requests.map((request) => {
      /** @type {HTMLElement[]} */
      const actions = [];
      if (request.status === "pending") actions.push(actionButton(words.accept, words.acceptNamed(request.asked.title), "secondary", () => respond(request, "accept")));
      if (request.status === "pending" || request.status === "unplayable") {
        actions.push(actionButton(words.decline, words.declineNamed(request.asked.title), "link", () => respond(request, "decline")));
      }
      // An accepted or queued song the host will not play after all (taken out of their queue).
      if (request.status === "accepted" || request.status === "queued") {
        actions.push(actionButton(words.remove, words.removeNamed(request.asked.title), "link", () => respond(request, "decline")));
      }
      return requestItem(request, actions);
    }));
    setHidden("host-requests-empty", requests.length > 0);
  }

  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name='request-policy']"))) {
    input.addEventListener("change", () => { if (input.checked) setPolicy(input.value); });
  }
  return { update, setPolicy };
}
