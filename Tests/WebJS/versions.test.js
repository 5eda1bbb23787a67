// The listener's own choice of version replaces only their own service and storefront's match,
// only while the room plays that song.
import assert from "node:assert/strict";
import test from "node:test";
import { withChosenVersion } from "../../Sources/SimulcastServer/Web/ui/versions.js";

const room = {
  seq: 3,
  track: {
    source: { service: "spotify", id: "sp-1", title: "Song" },
    matches: [
      { service: "apple-music", storefront: "us", result: { status: "matched", track: { id: "am-1" } } },
      { service: "deezer", storefront: "fr", result: { status: "matched", track: { id: "dz-1" } } },
    ],
  },
};
const choice = { sourceId: "sp-1", track: { service: "apple-music", id: "am-live" } };

test("a chosen version stands in for the room's match on the listener's own service and storefront", () => {
  const mine = withChosenVersion(room, "apple-music", "us", choice);
  const apple = mine.track.matches.find((m) => m.service === "apple-music");
  assert.equal(apple.result.track.id, "am-live");
  assert.equal(apple.result.status, "matched");
  assert.equal(mine.track.matches.find((m) => m.service === "deezer").result.track.id, "dz-1");
  assert.equal(room.track.matches[0].result.track.id, "am-1", "the room itself is left as it is");
  assert.equal(mine.seq, 3);
});

test("no choice, another song or no service: the room as it is", () => {
  assert.equal(withChosenVersion(room, "apple-music", "us", null), room);
  assert.equal(withChosenVersion(room, "apple-music", "us", { ...choice, sourceId: "sp-2" }), room);
  assert.equal(withChosenVersion(room, null, "us", choice), room);
  assert.equal(withChosenVersion({ seq: 1, track: null }, "apple-music", "us", choice).track, null);
});

test("a storefront the room has no match for yet gets the chosen version", () => {
  const mine = withChosenVersion(room, "apple-music", "gb", choice);
  assert.equal(mine.track.matches.find((m) => m.storefront === "gb").result.track.id, "am-live");
  assert.equal(mine.track.matches.find((m) => m.storefront === "us").result.track.id, "am-1");
});

test("the clean version is the best one the matcher would take that is not explicit", async () => {
  const { cleanVersion, isContentRestricted } = await import("../../Sources/SimulcastServer/Web/ui/versions.js");
  const version = (id, explicit, accepted) => ({ id, title: "t", artists: [], explicit, accepted, chosen: false, why: [] });
  assert.equal(cleanVersion([version("e", true, true), version("c", false, true)])?.id, "c");
  assert.equal(cleanVersion([version("e", true, true), version("live", false, false)]), null, "a clean live recording is another song");
  assert.equal(cleanVersion([version("u", undefined, true)]), null, "unknown is not clean");
  assert.equal(isContentRestricted({ errorCode: "CONTENT_RESTRICTED" }), true);
  assert.equal(isContentRestricted(new Error("CONTENT_RESTRICTED: no")), true);
  assert.equal(isContentRestricted(new Error("NotAllowedError")), false);
});
