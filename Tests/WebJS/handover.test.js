// A handover as the pages read it: whether the room is offered to this listener now, and where
// a new host on Apple Music goes on from.
import assert from "node:assert/strict";
import test from "node:test";
import { continuation, offeredTo } from "../../Sources/SimulcastServer/Web/ui/handover.js";

const anchor = { positionMs: 40000, serverTime: 1_000_000_000 };
const spotifyRoom = {
  track: {
    source: { service: "spotify", id: "sp-cest", title: "C'est La Vie", artists: ["B*Witched"], durationMs: 178000 },
    matches: [
      { service: "apple-music", storefront: "us", result: { status: "matched", track: { id: "298026101" } } },
      { service: "apple-music", storefront: "gb", result: { status: "notFound" } },
    ],
  },
  anchor, playing: true, handoverOffer: { listener: "00000000000000a1", to: "Ana", expiresAt: 1_100_000_000 },
};

test("the offer is the addressed connection's until it expires, whatever anyone is called", () => {
  const rows = [
    ["00000000000000a1", 1_050_000_000, true],
    ["00000000000000b2", 1_050_000_000, false],
    ["Ana", 1_050_000_000, false],
    ["", 1_050_000_000, false],
    ["00000000000000a1", 1_100_000_000, false],
  ];
  for (const [id, now, expected] of rows) assert.equal(offeredTo(spotifyRoom, id, now), expected, `${id} at ${now}`);
  assert.equal(offeredTo({ ...spotifyRoom, handoverOffer: undefined }, "00000000000000a1", 1_050_000_000), false);
});

test("a new host goes on with the room's song on Apple Music, from where the room is", () => {
  // 2 s after the anchor: 42 s in.
  assert.deepEqual(continuation(spotifyRoom, 1_002_000_000, "us"), { songId: "298026101", positionMs: 42000, playing: true });
  // Paused: where it stopped.
  assert.deepEqual(continuation({ ...spotifyRoom, playing: false }, 1_002_000_000, "us"), { songId: "298026101", positionMs: 40000, playing: false });
  // Past the song's end: its end.
  assert.equal(continuation(spotifyRoom, 1_200_000_000, "us")?.positionMs, 178000);
  // No Apple Music match in this storefront, or nothing plays: nothing to go on with.
  assert.equal(continuation(spotifyRoom, 1_002_000_000, "gb"), null);
  assert.equal(continuation({ ...spotifyRoom, track: null }, 1_002_000_000, "us"), null);
  // The room already plays Apple Music: its own song.
  const appleRoom = { ...spotifyRoom, track: { source: { service: "apple-music", id: "am-1", title: "x", artists: [] }, matches: [] } };
  assert.equal(continuation(appleRoom, 1_002_000_000, "us")?.songId, "am-1");
});
