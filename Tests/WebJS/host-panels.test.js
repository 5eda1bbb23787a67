// The host page's panels rendered in its real markup (jsdom, no browser): who is here (and,
// alone, what to do), the song requests with Accept and Decline, handing the room over, and
// the Apple Music host's lists, each by the words a person reads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buttons, isShown, loadPage, ROOM, shownText } from "./page-dom.js";

loadPage("host.html", { hostingOffered: true, spotifyClientId: "client" });
const { $ } = await import("../../Sources/SimulcastServer/Web/ui/dom.js");
const { showPresence, showSpotifyGuests } = await import("../../Sources/SimulcastServer/Web/ui/presence-panel.js");
const { mountHostRequests } = await import("../../Sources/SimulcastServer/Web/ui/song-requests.js");
const { mountHandoverChoice } = await import("../../Sources/SimulcastServer/Web/ui/handover.js");
const { mountHostSuggestions } = await import("../../Sources/SimulcastServer/Web/ui/suggestions.js");
const { mountAppleLibrary } = await import("../../Sources/SimulcastServer/Web/ui/apple-library.js");
const { mountHistory } = await import("../../Sources/SimulcastServer/Web/ui/history-panel.js");

const song = (id, title) => ({ service: "spotify", id, title, artists: ["X"] });
const state = (extra = {}) => ({ playing: true, anchor: { positionMs: 0, serverTime: 0 }, track: null, ...extra });

test("a host alone reads that no one is here yet, and what to do", () => {
  showPresence({ count: 0, hostConnected: true, listeners: [] }, { role: "host" });
  assert.equal($("presence-host").textContent, "No one here yet: send the link.");
  assert.match(shownText($("presence")), /0 listening No one here yet: send the link\./);
  showPresence({ count: 1, hostConnected: true, listeners: [{ name: "Ana", service: "spotify", status: "inSync" }] }, { role: "host" });
  assert.equal($("presence-host").textContent, "");
  assert.deepEqual([...document.querySelectorAll("#presence-list .who")].map((element) => element.textContent), ["Ana"], "no (you) for the host");
});

test("the Spotify guest list as far as the room has seen it: who got in, who was turned away and what to do", () => {
  showSpotifyGuests([{ id: "a", name: "Ana", service: "apple-music", status: "inSync" }]);
  assert.equal(isShown($("spotify-guests-seen")), false, "nothing said before a page asked Spotify");
  showSpotifyGuests([
    { id: "b", name: "Ben", service: "spotify", status: "inSync", spotifyListed: true },
    { id: "c", name: "Cleo", service: "youtube", status: "inSync", spotifyListed: false },
    { id: "d", name: "Dev", service: "spotify", status: "matching", spotifyListed: true },
  ]);
  assert.equal(isShown($("spotify-guests-seen")), true);
  assert.equal($("spotify-guests-seen").textContent,
    "On your app's list, as this room has seen: Ben, Dev. Spotify turned away: Cleo. Add their Spotify e-mail in the dashboard, or they can listen on YouTube now.");
});

test("song requests: Accept and Decline named for each pending song; the empty list says so", async () => {
  const sent = [];
  const requests = mountHostRequests({ request: async (path, init) => { sent.push([path, init?.method]); return new Response("{}", { status: 200 }); },
    beforeTurningOn: () => true });
  // Shown once the page holds the room's host token, as host.js does.
  $("host-requests").hidden = false;
  requests.update(state({ requestPolicy: "ask", requests: [] }));
  assert.equal(isShown($("host-requests-empty")), true);
  const asked = (id, title, status) => ({ id, asked: song(id, title), requestedBy: "Ana", supporters: [], status, requestedAt: 1 });
  requests.update(state({ requestPolicy: "ask", requests: [asked("r1", "Song One", "pending"), asked("r2", "Song Two", "accepted")] }));
  // An accepted one can still be taken out (issue 52: requests end).
  assert.deepEqual(buttons($("host-request-list")), ["Accept Song One", "Decline Song One", "Remove Song Two from the requests"]);
  assert.equal(isShown($("host-requests-empty")), false);
  $("host-request-list").querySelector("button").click();
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(sent, [["/requests/r1", "POST"]]);
  assert.match($("host-requests-note").textContent, /Song One/);
});

test("handing the room over: one button per listener on Apple Music, by name, offered by their id", async () => {
  const sent = [];
  const choice = mountHandoverChoice({ request: async (path, init) => { sent.push([path, init?.body]); return new Response("{}", { status: 202 }); } });
  choice.update(state(), { count: 2, listeners: [{ id: "00000000000000a1", name: "Ana", service: "apple-music", status: "inSync" },
    { id: "00000000000000b2", name: "Bo", service: "spotify", status: "inSync" }] });
  assert.ok(isShown($("handover")));
  assert.deepEqual(buttons($("handover-list")), ["Hand the room to Ana"]);
  $("handover-list").querySelector("button").click();
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(sent, [["/handover", JSON.stringify({ listener: "00000000000000a1" })]]);
  choice.update(state(), { count: 1, listeners: [{ id: "00000000000000b2", name: "Bo", service: "spotify", status: "inSync" }] });
  assert.equal($("handover").hidden, true);
});

test("versions listeners suggest: the most wanted first, each used for everyone by a click with the host's correction", async () => {
  const sent = [];
  const panel = mountHostSuggestions({ room: ROOM, correct: async (body) => { sent.push(body); return new Response("{}", { status: 201 }); } });
  const track = { source: song("sp-1", "Song One"), matches: [] };
  const suggestion = (id, title, listeners) => ({ sourceId: "sp-1", service: "apple-music", storefront: "us", target: { service: "apple-music", id, title, artists: ["X"] }, listeners });
  panel.update(state({ track }));
  assert.equal($("suggestions").hidden, true, "nothing suggested, nothing shown");
  panel.update(state({ track, suggestions: [suggestion("am-2", "Song One (Live)", 3), suggestion("am-3", "Song One (Demo)", 1)] }));
  assert.ok(isShown($("suggestions")));
  assert.deepEqual([...$("suggestion-list").querySelectorAll(".what")].map((line) => line.textContent),
    ["Song One (Live) · X on Apple Music, suggested by 3 listeners", "Song One (Demo) · X on Apple Music, suggested by 1 listener"]);
  assert.deepEqual(buttons($("suggestion-list")), ["Use Song One (Live) for everyone", "Use Song One (Demo) for everyone"]);
  $("suggestion-list").querySelector("button").click();
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(sent, [{ room: ROOM, sourceService: "spotify", sourceId: "sp-1", targetService: "apple-music", storefront: "us", targetId: "am-2" }]);
  assert.equal($("suggestions-note").textContent, "Everyone on that service now hears Song One (Live).");
  // Suggestions for a song the room left are not shown.
  panel.update(state({ track: { source: song("sp-9", "Other"), matches: [] }, suggestions: [suggestion("am-2", "Song One (Live)", 3)] }));
  assert.equal($("suggestions").hidden, true);
});

test("the Apple Music host's lists: a button per song with its thumbnail, played by a click", async () => {
  const played = [];
  // Shown once Apple Music is connected, as apple-host.js does.
  for (let node = $("apple-queue"); node; node = node.parentElement) node.hidden = false;
  const library = mountAppleLibrary({ music: () => null, act: async (intent) => { played.push(intent); }, note: () => {} });
  const items = [{ id: "1", attributes: { name: "One", artistName: "A", artwork: { url: "https://art.example/{w}x{h}.jpg" } } },
    { id: "2", attributes: { name: "Two" } }];
  library.list($("apple-queue"), items, () => played.push("queue"));
  assert.deepEqual(buttons($("apple-queue")), ["One · A", "Two"]);
  const thumbs = [...$("apple-queue").querySelectorAll("img")].map((image) => [image.alt, image.getAttribute("src")]);
  assert.deepEqual(thumbs, [["", "https://art.example/96x96.jpg"], ["", "/cover.svg?for=Two%0A"]]);
  $("apple-queue").querySelector("button").click();
  assert.deepEqual(played, ["queue"]);
});

test("the history panel is the same markup as on the listener page", () => {
  mountHistory(ROOM, { service: () => null, storefront: () => null });
  assert.equal(shownText($("history")), "Played in this room");
  assert.deepEqual(buttons($("history")), [], "nothing to save for the host");
});
