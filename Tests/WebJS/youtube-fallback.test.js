// When a listener's song plays from YouTube instead of their own service (the setting "Play
// songs … lacks from YouTube"): a table of cases, as the page decides it on each room state.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fallbackSource } from "../../Sources/SimulcastServer/Web/sync/youtube-fallback.js";

const result = (status, id) => ({ status, track: id ? { service: "x", id, title: "T", artists: ["A"], durationMs: 1 } : null, confidence: 0.9, method: "isrc", reasons: [] });
const track = (...matches) => ({ source: { service: "spotify", id: "sp-sol", title: "Solayoh", artists: ["Alyona Lanskaya"], durationMs: 180000 },
  matches: matches.map(([service, storefront, answer]) => ({ service, storefront, result: answer })) });
const youtube = ["youtube", "us", result("matched", "yt-sol")];

const cases = [
  { name: "off by default: never", enabled: false, own: track(["apple-music", "us", result("notFound")], youtube), expect: null },
  { name: "on, the own service has it: theirs", enabled: true, own: track(["apple-music", "us", result("matched", "am-1")], youtube), expect: null },
  { name: "on, not found on theirs, on YouTube: YouTube", enabled: true, own: track(["apple-music", "us", result("notFound")], youtube), expect: "youtube" },
  { name: "on, not in their country: YouTube", enabled: true, own: track(["apple-music", "us", result("unavailable")], youtube), expect: "youtube" },
  { name: "on, ambiguous on theirs: YouTube", enabled: true, own: track(["apple-music", "us", result("ambiguous")], youtube), expect: "youtube" },
  { name: "on, theirs still looking: theirs (no flapping to YouTube)", enabled: true, own: track(youtube), expect: null },
  { name: "on, YouTube not found either: theirs", enabled: true, own: track(["apple-music", "us", result("notFound")], ["youtube", "us", result("notFound")]), expect: null },
  { name: "on, YouTube still looking: theirs", enabled: true, own: track(["apple-music", "us", result("notFound")]), expect: null },
  { name: "on, YouTube matched in another storefront only: theirs", enabled: true,
    own: track(["apple-music", "us", result("notFound")], ["youtube", "gb", result("matched", "yt-sol")]), expect: null },
  { name: "a YouTube listener has no fallback", enabled: true, service: "youtube", own: track(youtube), expect: null },
];

for (const c of cases) {
  test(c.name, () => {
    const service = c.service ?? "apple-music";
    assert.equal(fallbackSource({ enabled: c.enabled, service, storefront: "us", own: c.own, room: c.own }), c.expect);
  });
}

test("the listener's own version choice decides for their service; the room's track for YouTube", () => {
  const own = track(["apple-music", "us", result("matched", "am-chosen")]);
  const room = track(["apple-music", "us", result("notFound")], youtube);
  assert.equal(fallbackSource({ enabled: true, service: "apple-music", storefront: "us", own, room }), null);
});
