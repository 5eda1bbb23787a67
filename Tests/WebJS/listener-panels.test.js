// The listener page's panels rendered in its real markup (jsdom, no browser): what each shows
// a person, in words, and which controls it offers, by their names.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buttons, isShown, loadPage, ROOM, shownText } from "./page-dom.js";

const window = loadPage("listener.html");
const { $ } = await import("../../Sources/SimulcastServer/Web/ui/dom.js");
const { showPresence } = await import("../../Sources/SimulcastServer/Web/ui/presence-panel.js");
const { mountReactions, showReaction } = await import("../../Sources/SimulcastServer/Web/ui/reactions.js");
const { mountListeningScreen } = await import("../../Sources/SimulcastServer/Web/ui/listening-screen.js");
const { mountServiceChooser } = await import("../../Sources/SimulcastServer/Web/ui/service-chooser.js");
const { mountSheet } = await import("../../Sources/SimulcastServer/Web/ui/sheet.js");
const { mountSoundPanel } = await import("../../Sources/SimulcastServer/Web/ui/sound-panel.js");
const { mountServerFollowPanel } = await import("../../Sources/SimulcastServer/Web/ui/server-follow-panel.js");
const { mountHistory } = await import("../../Sources/SimulcastServer/Web/ui/history-panel.js");
const { mountListenerRequests } = await import("../../Sources/SimulcastServer/Web/ui/song-requests.js");
const { mountHandoverOffer } = await import("../../Sources/SimulcastServer/Web/ui/handover.js");
const { mountShare } = await import("../../Sources/SimulcastServer/Web/ui/share.js");

const MS = /\d+\s*ms\b/;
const song = (id, title, artists, extra = {}) => ({ service: "spotify", id, title, artists, durationMs: 180000, ...extra });
const matched = (track) => ({ status: "matched", track, confidence: 0.98, method: "isrc", reasons: [] });
const roomState = (extra = {}) => ({
  type: "room.state", seq: 3, playing: true, hostName: "Maya", anchor: { positionMs: 60000, serverTime: 1_000_000_000 },
  track: { source: song("sp-1", "C'est La Vie", ["B*Witched"]), matches: [{ service: "apple-music", storefront: "us", result: matched(song("am-1", "C'est La Vie", ["B*Witched"], { service: "apple-music" })) }] },
  queue: [{ source: song("sp-2", "She Looks So Perfect", ["5 Seconds of Summer"]), matches: [] }],
  ...extra,
});
const page = (extra = {}) => ({
  phase: "listening", service: "apple-music", storefront: "us", room: roomState(), match: null, presence: null, wantsSound: true, needsTap: false,
  connected: true, finalClose: null, volume: 0.8, syncErrorMs: 12, reading: { trackId: "am-1", playing: true, positionMs: 60000 }, message: null,
  status: "inSync", noMatch: null, browserAdvice: null, commands: [], spotifyMode: "browser", preferClean: false, versionChoice: null, serverFollow: null,
  nameInRoom: "Ana", playingFrom: null, ...extra,
});

test("who is listening: '(you)' once, the host by name, names as text", () => {
  showPresence({ count: 3, services: { "apple-music": 2, spotify: 1 }, hostConnected: true,
    listeners: [{ name: "Ana", service: "apple-music", status: "inSync" }, { name: "<b>Bo</b>", service: "spotify", status: "catchingUp" },
      { name: "Ana", service: "apple-music", status: "idle" }] }, { role: "listener", you: "Ana", hostName: "Maya" });
  assert.equal($("presence-count").textContent, "3 listening: 2 Apple Music, 1 Spotify");
  assert.equal($("presence-host").textContent, "Maya is here.");
  const names = [...document.querySelectorAll("#presence-list .who")].map((element) => element.textContent);
  assert.deepEqual(names, ["Ana (you)", "<b>Bo</b>", "Ana"]);
  assert.equal(document.querySelectorAll("#presence-list b").length, 0, "a name is text, never markup");
  const faces = [...document.querySelectorAll("#presence-faces .face")].map((face) => face.getAttribute("aria-label"));
  assert.deepEqual(faces, ["Ana on Apple Music", "<b>Bo</b> on Spotify", "Ana on Apple Music"]);
  showPresence({ count: 0, hostConnected: false, listeners: [] }, { role: "listener", you: "Ana", hostName: null });
  assert.equal($("presence-host").textContent, "The host is away.");
});

test("reactions: six buttons by name; the host's shown with the host's name, a listener's name as text", () => {
  mountReactions(async () => true);
  assert.deepEqual(buttons($("reaction-buttons")), ["Fire", "Love it", "Applause", "Funny", "Party", "Wow"]);
  showReaction({ reaction: "clap", from: "Host", fromHost: true }, "Maya");
  showReaction({ reaction: "fire", from: "<i>Bo</i>" }, "Maya");
  showReaction({ reaction: "nonsense", from: "Eve" }, "Maya");
  const shown = [...document.querySelectorAll("#reactions-shown li")].map((item) => item.textContent);
  assert.deepEqual(shown, ["👏 Maya", "🔥 <i>Bo</i>"]);
  assert.equal(document.querySelectorAll("#reactions-shown i").length, 0);
});

test("the listening screen: the song, up next, the host named where this listener hears another version; no milliseconds", () => {
  const screen = mountListeningScreen();
  const mine = song("am-9", "C'est La Vie (Remastered)", ["B*Witched"], { service: "apple-music" });
  const state = page({ match: matched(mine) });
  $("now").hidden = false;
  screen.render({ page: state, serverNow: 1_000_000_000 + 30_000_000, connect: null, canKeepFollowing: false });
  assert.equal($("headline").textContent, "Listen along with Maya");
  assert.equal($("now-title").textContent, "C'est La Vie (Remastered)");
  assert.equal($("artist").textContent, "B*Witched");
  assert.equal($("source").textContent, "Maya plays “C'est La Vie” by B*Witched");
  assert.equal($("up-next").textContent, "Up next: She Looks So Perfect · 5 Seconds of Summer");
  assert.equal($("elapsed").textContent, "1:30");
  assert.equal($("remaining").textContent, "−1:30");
  assert.ok(!MS.test(shownText($("now"))), shownText($("now")));
  // The figure is under the Sync details, which are closed.
  assert.equal(isShown($("offset-ms")), false);
});

test("the service chooser: a returning listener's service first; on a phone the Spotify app first", () => {
  localStorage.setItem("simulcast.service", "spotify");
  const chosen = [];
  const returning = mountServiceChooser({ offered: ["apple-music", "spotify"], spotifyMode: "app", choose: (service, mode) => chosen.push([service, mode]) });
  assert.equal(returning, "spotify");
  $("chooser").hidden = false;
  assert.deepEqual(buttons($("services")), ["Listen on Apple Music", "Play on my Spotify app", "Or play in this browser"]);
  document.querySelector("[data-mode=app]").click();
  assert.deepEqual(chosen, [["spotify", "app"]]);
  localStorage.clear();
});

test("a sheet: its button says whether it is open, Close gives the focus back", () => {
  const sheet = mountSheet("more", "more-sheet", "more-close");
  $("now").hidden = false;
  $("controls").hidden = false;
  $("more").click();
  assert.equal($("more").getAttribute("aria-expanded"), "true");
  assert.ok(isShown($("more-sheet")) && sheet.isOpen);
  assert.ok(buttons($("more-sheet")).includes("Switch service") && buttons($("more-sheet")).includes("Leave"));
  assert.ok(!MS.test(shownText($("more-sheet"))), "no figure in the More sheet");
  $("more-close").click();
  assert.equal($("more-sheet").hidden, true);
  assert.equal(document.activeElement, $("more"));
});

test("sound: presets and Earlier / Later in words; the figure only under the Sync details", () => {
  const sound = mountSoundPanel();
  const select = $("output-kind");
  assert.deepEqual([...select.options].map((option) => option.textContent),
    ["this device, as set", "the phone or computer speaker", "wired headphones", "Bluetooth headphones or speaker", "a speaker over Wi-Fi (AirPlay, Cast)"]);
  select.value = "bluetooth";
  select.dispatchEvent(new window.Event("change"));
  assert.equal(sound.milliseconds, 200);
  $("sound-earlier").click();
  assert.equal(sound.milliseconds, 220);
  assert.equal(select.value, "", "moved off the preset");
  $("sound-later").click();
  $("sound-later").click();
  assert.equal(sound.milliseconds, 180);
  assert.equal($("latency-figure").textContent, "180 ms (set by you)");
  assert.ok($("sync-details").contains($("latency-figure")));
});

test("the server's follow: what it does for this listener, and Stop", () => {
  const state = page({ phase: "serverFollowing", serverFollow: { status: "following", deviceName: "Ana's Pixel" } });
  const panel = mountServerFollowPanel({ page: state, config: { room: ROOM }, render: () => {}, say: () => {}, device: () => null, name: () => "Ana" });
  panel.render();
  assert.ok(isShown($("server-follow")));
  assert.match($("server-follow-text").textContent, /^The server keeps Ana's Pixel in sync with the room/);
  assert.deepEqual(buttons($("server-follow")), ["Stop"]);
  state.serverFollow = { status: "refused", deviceName: "" };
  panel.render();
  assert.deepEqual(buttons($("server-follow")), ["OK"]);
});

test("played in this room: each song with who asked and a link to this listener's recording", async () => {
  globalThis.fetch = async () => new Response(JSON.stringify({ songs: [
    { startedAt: 1_700_000_000_000_000, title: "C'est La Vie", artists: ["B*Witched"], link: "https://open.spotify.com/track/sp-1",
      yours: { title: "C'est La Vie", artists: ["B*Witched"], id: "am-1", link: "https://music.apple.com/us/song/am-1" }, requestedBy: "Bo" },
  ] }), { status: 200, headers: { "Content-Type": "application/json" } });
  const history = mountHistory(ROOM, { service: () => "apple-music", storefront: () => "us", save: async () => "saved" });
  assert.equal(shownText($("history")), "Played in this room");
  $("history").open = true;
  $("history").dispatchEvent(new window.Event("toggle"));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const item = $("history-list").querySelector("li");
  assert.match(item.textContent, /C'est La Vie · B\*Witched · asked for by Bo/);
  assert.equal(item.querySelector("a").href, "https://music.apple.com/us/song/am-1");
  assert.equal(item.querySelector("a").getAttribute("aria-label"), "Open C'est La Vie on its service");
  assert.equal($("history-empty").hidden, true);
  assert.ok(buttons($("history")).includes("Save as a playlist"));
  assert.equal(typeof history.roomTrack, "function");
});

test("played in this room, a page at a time: the newest page, then \"Show earlier songs\" until the first", async () => {
  const asked = [];
  const song = (n) => ({ startedAt: 1_700_000_000_000_000 + n * 1_000_000, title: `Song ${n}`, artists: ["X"] });
  globalThis.fetch = async (url) => {
    const before = new URL(String(url), "http://page").searchParams.get("before");
    asked.push(before);
    const body = before === null ? { songs: [song(3), song(4)], earlier: 3 } : { songs: [song(1), song(2)] };
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  };
  mountHistory(ROOM, { service: () => "apple-music", storefront: () => "us", save: null });
  $("history").open = true;
  $("history").dispatchEvent(new window.Event("toggle"));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const titles = () => [...$("history-list").querySelectorAll(".what")].map((what) => what.textContent);
  assert.deepEqual(titles(), ["Song 3 · X", "Song 4 · X"]);
  assert.ok(buttons($("history")).includes("Show earlier songs"));
  $("history-earlier").click();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(titles(), ["Song 1 · X", "Song 2 · X", "Song 3 · X", "Song 4 · X"]);
  assert.equal($("history-earlier").hidden, true, "the first song is shown");
  // (The earlier test's panel, mounted on the same markup, reads too.)
  assert.deepEqual([...new Set(asked)], [null, "3"]);
});

test("reads refused for reading too often come back as one read, however many reasons to read came meanwhile", async () => {
  // Reproduces a CI failure: each refused read set its own timer, so a run of song changes
  // became a chain of reads per change, and those chains kept the address over its allowance.
  let reads = 0;
  globalThis.fetch = async () => {
    reads += 1;
    return reads === 1 ? new Response("{}", { status: 429, headers: { "Retry-After": "1" } }) : new Response(JSON.stringify({ songs: [] }), { status: 200 });
  };
  const history = mountHistory(ROOM, { service: () => "spotify", storefront: () => "us", save: null });
  $("history").open = true;
  history.roomTrack("song-1");
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const moment of ["song-2", "song-3", "song-4", "song-5"]) history.roomTrack(moment);
  await new Promise((resolve) => setTimeout(resolve, 1200));
  assert.equal(reads, 2, "the refused read, then one read when the server allows");
});

test("saving waits out the server's pause on history reads, and never makes an empty playlist", async () => {
  // Reproduces a CI failure: the read before the save was refused (429, too many reads from
  // this address) and the page saved the empty list it had, an empty playlist on Spotify.
  const yours = { title: "C'est La Vie", artists: ["B*Witched"], id: "sp-1" };
  const answers = [
    new Response(JSON.stringify({ error: { code: "rateLimited" } }), { status: 429, headers: { "Retry-After": "1" } }),
    new Response(JSON.stringify({ songs: [{ startedAt: 1_700_000_000_000_000, title: "C'est La Vie", artists: ["B*Witched"], yours }] }), { status: 200 }),
    new Response(JSON.stringify({ songs: [{ startedAt: 1_700_000_000_000_000, title: "C'est La Vie", artists: ["B*Witched"] }] }), { status: 200 }),
  ];
  globalThis.fetch = async () => answers.shift() ?? new Response("{}", { status: 500 });
  /** @type {unknown[][]} */
  const saved = [];
  const history = mountHistory(ROOM, { service: () => "spotify", storefront: () => "us", save: async (songs) => { saved.push(songs); return "Saved"; } });
  await history.saveNow();
  assert.deepEqual(saved.map((songs) => songs.map((song) => song.yours.id)), [["sp-1"]], "the songs read after the pause");
  assert.equal($("history-note").textContent, "Saved");
  // A list with none of this listener's songs: nothing saved, and said so.
  await history.saveNow();
  assert.equal(saved.length, 1, "no empty playlist");
  assert.equal($("history-note").textContent, "None of these songs is on your service yet, so nothing was saved.");
  // A server that keeps failing: words, never a status code.
  await history.saveNow();
  assert.equal($("history-note").textContent, "The room's history could not be loaded.");
});

test("song requests: the list in order, +1 for others' requests, the search only while the host takes them", () => {
  const sent = [];
  const requests = mountListenerRequests({ room: ROOM, service: () => "apple-music", storefront: () => "us", name: () => "Ana", send: (message) => sent.push(message) });
  const asked = (id, title, by, supporters, status = "pending") => ({ id, asked: song(id, title, ["X"]), requestedBy: by, supporters, status, requestedAt: 1 });
  requests.update(roomState({ requestPolicy: "ask", requests: [asked("r1", "Mine", "Ana", []), asked("r2", "Theirs", "Bo", ["Cy"])] }));
  assert.ok(isShown($("request-search")));
  const items = [...$("request-list").querySelectorAll("li")].map((item) => item.querySelector(".what").textContent);
  assert.equal(items.length, 2);
  // "+1" on the screen, named for a screen reader; none for this listener's own request.
  assert.deepEqual(buttons($("request-list")), ["I want Theirs too"]);
  assert.equal($("request-list").querySelector("button").textContent, "+1");
  requests.update(roomState({ requestPolicy: "off", requests: [] }));
  assert.equal($("requests").hidden, true);
});

test("a handover offer shows only to the connection it was made to, on Apple Music, not to a namesake", () => {
  const offer = mountHandoverOffer({ room: ROOM, listenerId: () => "00000000000000a1", service: () => "apple-music", serverNow: () => 1_000_000_000, send: () => true });
  offer.update(roomState({ handoverOffer: { listener: "00000000000000a1", to: "Ana", expiresAt: 2_000_000_000 } }));
  assert.ok(isShown($("handover-offer")));
  assert.deepEqual(buttons($("handover-offer")), ["Take the room", "No thanks"]);
  offer.update(roomState({ handoverOffer: { listener: "00000000000000b2", to: "Ana", expiresAt: 2_000_000_000 } }));
  assert.equal($("handover-offer").hidden, true);
});

test("sharing without a secure public link says why, and offers nothing broken", () => {
  const shared = mountShare({ shareLink: null, shareRefusal: "This server has no https address for friends yet." });
  assert.equal(shared.link, null);
  assert.equal(isShown($("share-link")), false);
  assert.equal($("share-note").textContent, "This server has no https address for friends yet.");
});

test("other versions: each with why the matcher took it or not, Play this for me and Suggest for the room", async () => {
  const { mountVersions } = await import("../../Sources/SimulcastServer/Web/ui/versions.js");
  globalThis.fetch = async () => new Response(JSON.stringify({ sourceId: "sp-1", versions: [
    { id: "am-1", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178000, explicit: false, accepted: true, chosen: true, why: ["same ISRC"] },
    { id: "am-2", title: "C'est La Vie (Live)", artists: ["B*Witched"], durationMs: 190000, accepted: false, chosen: false, why: ["a live recording"] },
  ] }), { status: 200 });
  const chosen = [];
  const versions = mountVersions({ room: ROOM, service: () => "apple-music", storefront: () => "us",
    current: () => ({ sourceService: "spotify", sourceId: "sp-1" }), playing: () => "am-1", choose: (sourceId, track) => chosen.push([sourceId, track.id]) });
  $("now").hidden = false;
  await versions.open();
  assert.ok(isShown($("versions")));
  const items = [...$("versions-list").querySelectorAll("li")].map((item) => shownText(item));
  assert.equal(items.length, 2);
  assert.equal(items[0], "C'est La Vie · B*Witched B*Witched · 2:58 · Clean · the room's match Would be taken: same ISRC Playing for you");
  assert.match(items[1], /^C'est La Vie \(Live\) · B\*Witched 3:10 .*: a live recording Play this Suggest for the room$/);
  assert.deepEqual(buttons($("versions-list")), ["Play C'est La Vie (Live) for me", "Suggest C'est La Vie (Live) for the room"]);
  $("versions-list").querySelector("button").click();
  assert.deepEqual(chosen, [["sp-1", "am-2"]]);
});
