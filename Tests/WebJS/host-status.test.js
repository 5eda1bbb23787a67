// What the host page says and offers, as a table: node --test Tests/WebJS/
import assert from "node:assert/strict";
import test from "node:test";
import { hostStatus } from "../../Sources/SimulcastServer/Web/ui/host-status.js";

const base = { hasToken: true, roomEnded: false, playsHere: false, stopped: false, spotifyOffered: true, hosting: "following", playerLive: false };

const cases = [
  ["following: live, Stop offered", {}, { key: "live", live: true, login: null, stop: true }],
  ["starting", { hosting: "starting" }, { key: "starting", live: false, login: null, stop: true }],
  ["not following: Host with Spotify", { hosting: "none" }, { key: "none", live: false, login: "Host with Spotify", stop: false }],
  ["no Spotify app on this server", { hosting: "none", spotifyOffered: false }, { key: "none", live: false, login: null, stop: false }],
  ["Spotify refused: log in again", { hosting: "refused" }, { key: "refused", live: false, login: "Log in with Spotify again", stop: false }],
  ["replaced: log in again or stop", { hosting: "replaced" }, { key: "replaced", live: false, login: "Log in with Spotify again", stop: true }],
  ["no host token here", { hasToken: false }, { key: "noToken", live: false, login: null, stop: false }],
  ["the room ended", { roomEnded: true }, { key: "ended", live: false, login: null, stop: false }],
  ["stopped from this page", { stopped: true, hasToken: false, hosting: "none" }, { key: "stopped", live: false, login: null, stop: false }],
  ["Apple Music here, not yet publishing", { playsHere: true, hosting: "none" }, { key: "playsHere", live: false, login: null, stop: false }],
  ["Apple Music here, publishing: Stop hosting offered", { playsHere: true, hosting: "none", playerLive: true }, { key: "live", live: true, login: null, stop: true }],
];

for (const [name, change, expected] of cases) {
  test(`host status: ${name}`, () => {
    const status = hostStatus({ ...base, ...change });
    assert.deepEqual({ key: status.key, live: status.live, login: status.login, stop: status.stop }, expected);
    assert.ok(status.text.length > 0 && status.text.length < 120, status.text);
  });
}

test("the pill says live in few words; the sentence under it says what to do", () => {
  assert.equal(hostStatus(base).pill, "● You're live");
  assert.match(hostStatus(base).text, /Spotify app/);
  assert.equal(hostStatus({ ...base, playsHere: true, playerLive: true }).pill, "● You're live");
  for (const [, change] of cases) assert.ok(hostStatus({ ...base, ...change }).pill.length <= 20);
});
