// Song requests as the pages show them: where each stands in words, who may +1, and the order.
import assert from "node:assert/strict";
import test from "node:test";
import { canSupport, orderedRequests, requestStatusLine } from "../../Sources/SimulcastServer/Web/ui/song-requests.js";

const song = { service: "apple-music", id: "am-1", title: "Song", artists: ["Artist"] };
/** @param {string} status @param {object} [more] */
const request = (status, more = {}) => ({ id: status, asked: song, requestedBy: "Ana", supporters: [], status, requestedAt: 0, ...more });

test("each status in words, with the note where there is one", () => {
  const rows = [
    [request("pending"), "Waiting for the host"],
    [request("pending", { supporters: ["Ben", "Cleo"] }), "Waiting for the host (+2)"],
    [request("accepted"), "Accepted: going into the host's queue"],
    [request("queued"), "In the host's queue"],
    [request("played"), "Played"],
    [request("declined"), "Not this time"],
    [request("unplayable", { note: "not on Spotify in this country" }), "Cannot be played for the room: not on Spotify in this country"],
    [request("unplayable"), "Cannot be played for the room: not on the host's service"],
    [request("failed", { note: "the host's Spotify is not playing on any device" }),
      "Accepted, but the host's player did not take it: the host's Spotify is not playing on any device"],
  ];
  for (const [row, words] of rows) assert.equal(requestStatusLine(row), words, row.status);
});

test("a +1 is for an open request someone else asked for, once", () => {
  const rows = [
    [request("pending"), "Ben", true],
    [request("queued"), "Ben", true],
    [request("pending"), "Ana", false],
    [request("pending", { supporters: ["Ben"] }), "Ben", false],
    [request("played"), "Ben", false],
    [request("declined"), "Ben", false],
    [request("unplayable"), "Ben", false],
  ];
  for (const [row, name, expected] of rows) assert.equal(canSupport(row, name), expected, `${row.status} by ${name}`);
});

test("open requests first, oldest first; then finished ones, newest first", () => {
  const list = [request("played", { id: "a" }), request("pending", { id: "b" }), request("declined", { id: "c" }), request("queued", { id: "d" })];
  assert.deepEqual(orderedRequests(list).map((r) => r.id), ["b", "d", "c", "a"]);
});
