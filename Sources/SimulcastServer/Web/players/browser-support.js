// @ts-check
// Which browsers can keep a listener's music going, from the user agent. On an iPhone only
// Safari plays on in the background: other iOS browsers (Chrome, Firefox, Edge, ...) and the
// browsers inside apps (a chat or social app opening the link) stop it or lack the media APIs,
// as do Android apps' own web views. Those get a prompt to open the link in Safari or Chrome.
// Pure, and unit-tested as a table (Tests/WebJS/browser-support.test.js).

/** iOS browsers that are not Safari, by their user agent's token. */
const IOS_OTHER_BROWSERS = [["CriOS/", "Chrome"], ["FxiOS/", "Firefox"], ["EdgiOS/", "Edge"], ["OPiOS/", "Opera"], ["OPT/", "Opera"],
  ["DuckDuckGo/", "DuckDuckGo"], ["Ddg/", "DuckDuckGo"], ["YaBrowser/", "Yandex"], ["GSA/", "the Google app"]];
/** Apps whose own browser opens links, by their user agent's token. */
const IN_APP_TOKENS = [["FBAN/", "Facebook"], ["FBAV/", "Facebook"], ["FB_IAB/", "Facebook"], ["Instagram", "Instagram"], ["Line/", "LINE"],
  ["MicroMessenger/", "WeChat"], ["Snapchat", "Snapchat"], ["musical_ly", "TikTok"], ["BytedanceWebview", "TikTok"], ["TikTok", "TikTok"],
  ["LinkedInApp", "LinkedIn"], ["Twitter", "X"], ["Discord", "Discord"], ["WhatsApp", "WhatsApp"], ["Telegram", "Telegram"], ["Pinterest", "Pinterest"]];

/**
 * @typedef {object} BrowserAdvice
 * @property {"ios" | "android" | "other"} platform
 * @property {string | null} browser what opened the page, when it is not the platform's own browser
 * @property {"openInSafari" | "openInChrome" | null} advice
 */

/**
 * @param {string} userAgent
 * @param {number} [maxTouchPoints] an iPad asking for the desktop site says "Macintosh"
 * @returns {BrowserAdvice}
 */
export function browserAdvice(userAgent, maxTouchPoints = 0) {
  const ua = userAgent || "";
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
  const android = /Android/.test(ua);
  const app = IN_APP_TOKENS.find(([token]) => ua.includes(token));
  if (ios) {
    if (app) return { platform: "ios", browser: app[1], advice: "openInSafari" };
    const other = IOS_OTHER_BROWSERS.find(([token]) => ua.includes(token));
    if (other) return { platform: "ios", browser: other[1], advice: "openInSafari" };
    // A web view inside an app: WebKit without Safari's own "Safari/" token.
    if (!/Safari\//.test(ua)) return { platform: "ios", browser: "an app", advice: "openInSafari" };
    return { platform: "ios", browser: null, advice: null };
  }
  if (android) {
    if (app) return { platform: "android", browser: app[1], advice: "openInChrome" };
    // Android's WebView marks itself "; wv)".
    if (/; wv\)/.test(ua)) return { platform: "android", browser: "an app", advice: "openInChrome" };
    return { platform: "android", browser: null, advice: null };
  }
  return { platform: "other", browser: null, advice: null };
}

/**
 * What a Media Session action from the lock screen, headphones or the system means for a
 * listener. A pause the listener did not ask for (a phone call: WebKit calls the page's pause
 * handler when one interrupts) is the same as theirs: a pause for them alone, with "Resume
 * live"; never anything for the room, which a listener cannot change anyway.
 * @param {"play" | "pause"} action
 * @param {{ needsTap: boolean, wantsSound: boolean }} state
 * @returns {"tap" | "resume" | "pauseForMe" | "nothing"}
 */
export function mediaSessionDecision(action, state) {
  if (action === "play") return state.needsTap ? "tap" : state.wantsSound ? "nothing" : "resume";
  return state.wantsSound ? "pauseForMe" : "nothing";
}
