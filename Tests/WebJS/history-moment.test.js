// When the listener's open "Played in this room" list is read again: a new song, and again when
// the listener's own match of it comes in (WebHistoryTests, beside a CPU hog, showed the
// newest song with the host's link: the list had been read before the match landed).
import assert from "node:assert/strict";
import test from "node:test";
import { historyMoment } from "../../Sources/SimulcastServer/Web/ui/history-panel.js";

const matched = (service, storefront, id) => ({ service, storefront, result: { status: "matched", track: { id } } });
const song = (id, matches = []) => ({ source: { service: "spotify", id }, matches });

test("a song, then its match for this listener, are two moments; anyone else's match is not", () => {
  const rows = [
    // [track, service, storefront, moment]
    [null, "apple-music", "us", null],
    [song("sp-1"), "apple-music", "us", "sp-1"],
    [song("sp-1", [matched("apple-music", "us", "am-1")]), "apple-music", "us", "sp-1 apple-music"],
    [song("sp-1", [matched("deezer", "us", "dz-1")]), "apple-music", "us", "sp-1"],
    [song("sp-1", [matched("apple-music", "gb", "am-1")]), "apple-music", "us", "sp-1"],
    [song("sp-1", [{ service: "apple-music", storefront: "us", result: { status: "noMatch" } }]), "apple-music", "us", "sp-1"],
    [song("sp-1", [matched("apple-music", "us", "am-1")]), null, null, "sp-1"],
    [song("sp-2", [matched("apple-music", "us", "am-2")]), "apple-music", "us", "sp-2 apple-music"],
  ];
  for (const [track, service, storefront, moment] of rows) {
    assert.equal(historyMoment(track, service, storefront), moment, JSON.stringify({ track, service, storefront }));
  }
});
