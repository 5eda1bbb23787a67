// Which browsers are told to open the link elsewhere, and what a Media Session action means.
import assert from "node:assert/strict";
import test from "node:test";
import { browserAdvice, mediaSessionDecision } from "../../Sources/SimulcastServer/Web/players/browser-support.js";

const agents = [
  ["iPhone Safari", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", 0, "ios", null, null],
  ["iPad Safari asking for the desktop site", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", 5, "ios", null, null],
  ["a Mac's Safari", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", 0, "other", null, null],
  ["Chrome on iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1", 0, "ios", "Chrome", "openInSafari"],
  ["Firefox on iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15", 0, "ios", "Firefox", "openInSafari"],
  ["Edge on iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.2478.71 Mobile/15E148 Safari/605.1.15", 0, "ios", "Edge", "openInSafari"],
  ["Instagram on iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.40.92 (iPhone14,5; iOS 17_4; en_US; en; scale=3.00; 1170x2532; 589459426)", 0, "ios", "Instagram", "openInSafari"],
  ["Facebook on iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/460.0.0.48.109;FBBV/574417862]", 0, "ios", "Facebook", "openInSafari"],
  ["an unnamed app's web view on iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148", 0, "ios", "an app", "openInSafari"],
  ["Chrome on Android", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36", 0, "android", null, null],
  ["Android WebView", "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36", 0, "android", "an app", "openInChrome"],
  ["Instagram on Android", "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android", 0, "android", "Instagram", "openInChrome"],
  ["a desktop Chrome", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", 0, "other", null, null],
  ["no user agent", "", 0, "other", null, null],
];

for (const [name, ua, touch, platform, browser, advice] of agents) {
  test(`browser advice: ${name}`, () => {
    assert.deepEqual(browserAdvice(ua, touch), { platform, browser, advice });
  });
}

const actions = [
  ["play while a tap is needed: the tap's path", "play", { needsTap: true, wantsSound: false }, "tap"],
  ["play after a pause for me: resume live", "play", { needsTap: false, wantsSound: false }, "resume"],
  ["play while listening: nothing", "play", { needsTap: false, wantsSound: true }, "nothing"],
  ["pause while listening (theirs or a call's): a pause for them", "pause", { needsTap: false, wantsSound: true }, "pauseForMe"],
  ["pause while paused: nothing", "pause", { needsTap: false, wantsSound: false }, "nothing"],
];
for (const [name, action, state, expected] of actions) {
  test(`media session: ${name}`, () => assert.equal(mediaSessionDecision(action, state), expected));
}
