// The listener's status pill as a table of cases: node --test Tests/WebJS/
import assert from "node:assert/strict";
import test from "node:test";
import { IN_SYNC_MS } from "../../Sources/SimulcastServer/Web/constants.js";
import { listenerStatus, meterReading } from "../../Sources/SimulcastServer/Web/ui/listener-status.js";

const track = { id: "am-1", service: "apple-music", title: "Song", artists: ["Ana"] };
const room = { track: { source: { ...track, service: "spotify", id: "sp-1" } }, playing: true, anchor: { positionMs: 0, serverTime: 0 }, hostConnected: true };
const listening = {
  phase: "listening", service: "apple-music", finalClose: null, connected: true, joined: true, room,
  match: { service: "apple-music", storefront: "us", status: "matched", track }, needsTap: false, wantsSound: true,
  reading: { trackId: "am-1", playing: true }, policyStatus: "following", syncErrorMs: 3,
};

const cases = [
  ["choosing", { phase: "choosing" }, "choosing", "Choose where you listen."],
  ["connecting names the service", { phase: "connecting", service: "spotify" }, "connecting", "Connecting to Spotify…"],
  ["a login that ended", { phase: "login", service: "spotify" }, "login", "Log in to Spotify again to keep listening."],
  ["left", { finalClose: { code: 1000, text: "You left the room." } }, "left", "You left the room."],
  ["a closed room", { finalClose: { code: 4404, text: "gone" } }, "closed", "gone"],
  ["a full room", { finalClose: { code: 4413, text: "full" } }, "full", "full"],
  ["any other final refusal", { finalClose: { code: 4409, text: "taken" } }, "refused", "taken"],
  ["the connection dropped", { connected: false }, "reconnecting", "Connection lost. Reconnecting…"],
  ["no clock sample yet", { joined: false }, "joining", "Joining…"],
  ["the browser wants a tap", { needsTap: true }, "tap", "The sound is off until you tap the button below."],
  ["nothing played yet", { room: { ...room, track: null } }, "waiting", "Waiting for the host to play something."],
  ["nothing played, host away", { room: { ...room, track: null, hostConnected: false } }, "waiting", "The host is away."],
  ["paused for themselves", { wantsSound: false }, "pausedByYou", "Paused for you"],
  ["still matching", { match: null }, "matching", "Finding this song on Apple Music…"],
  ["no match", { match: { status: "notFound" } }, "noMatch", "No match for this song"],
  ["the service does not answer", { match: { status: "unavailable" } }, "noMatch", "Apple Music is not answering"],
  ["the host paused", { room: { ...room, playing: false } }, "hostPaused", "The host paused."],
  ["the host left a paused room", { room: { ...room, playing: false, hostConnected: false } }, "hostPaused", "The host is away, so the room is paused."],
  ["the player has not started", { reading: { trackId: null, playing: false } }, "starting", "Starting…"],
  ["another track plays", { reading: { trackId: "am-2", playing: true } }, "starting", "Starting…"],
  ["in sync", {}, "inSync", "● In sync"],
  ["in sync at the threshold", { syncErrorMs: -IN_SYNC_MS }, "inSync", "● In sync"],
  ["just past the threshold", { syncErrorMs: IN_SYNC_MS + 1 }, "catchingUp", "Catching up…"],
  ["a small seek is not news", { policyStatus: "seeking", syncErrorMs: 20 }, "inSync", "● In sync"],
  ["a seek with no measure yet", { policyStatus: "seeking", syncErrorMs: null }, "catchingUp", "Catching up…"],
  ["holding at a song's end", { policyStatus: "holding" }, "holding", "Waiting for the next song"],
  ["in sync while the host is away", { room: { ...room, hostConnected: false } }, "inSync", "● In sync · the host is away"],
];

for (const [name, change, key, text] of cases) {
  test(`listener status: ${name}`, () => {
    assert.deepEqual(listenerStatus({ ...listening, ...change }), { key, text });
  });
}

test("the meter: green within the in-sync figure, amber to three times it, red beyond; clamped at ±250 ms", () => {
  assert.equal(meterReading(IN_SYNC_MS).tone, "good");
  assert.equal(meterReading(-IN_SYNC_MS - 1).tone, "fair");
  assert.equal(meterReading(3 * IN_SYNC_MS + 1).tone, "poor");
  assert.equal(meterReading(900).clamped, 250);
  assert.equal(meterReading(-900).leftPercent, 0);
  assert.equal(meterReading(0.4).exact, "0 ms");
  assert.equal(meterReading(-12.6).exact, "13 ms behind");
  assert.equal(meterReading(75).words, "catching up");
});
