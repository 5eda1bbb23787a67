// @ts-check
// The listener's first screen: each service this server offers, with what it needs. A
// returning listener gets one big button for their last choice (the others small links); on a
// phone the Spotify app comes first. A browser that stops the music in the background (an
// app's own browser, Chrome on iPhone) is told which one to open, with the link to copy.
import { StorageKey } from "../constants.js";
import * as strings from "../strings.js";
import { $, setHidden, setText } from "./dom.js";

/**
 * @param {object} options
 * @param {string[]} options.offered the services this page can play
 * @param {"app" | "browser"} options.spotifyMode
 * @param {(service: string, mode: string | undefined) => void} options.choose
 * @returns {string | null} the service this browser chose before, if still offered
 */
export function mountServiceChooser({ offered, spotifyMode, choose }) {
  const remembered = localStorage.getItem(StorageKey.service);
  const returning = remembered && offered.includes(remembered) ? remembered : null;
  $("chooser").classList.toggle("returning", !!returning);
  for (const choice of document.querySelectorAll("[data-choice]")) {
    const service = /** @type {HTMLElement} */ (choice).dataset.choice || "";
    /** @type {HTMLElement} */ (choice).hidden = !offered.includes(service);
    choice.classList.toggle("remembered", service === returning);
    choice.classList.toggle("other", !!returning && service !== returning);
  }
  for (const button of document.querySelectorAll("[data-service]")) {
    const service = /** @type {HTMLElement} */ (button).dataset.service || "";
    button.addEventListener("click", () => choose(service, /** @type {HTMLElement} */ (button).dataset.mode));
  }
  // On a phone, the Spotify app's button comes first and is the big one.
  const spotifyApp = document.querySelector("[data-mode=app]");
  if (spotifyApp && spotifyMode === "app") {
    spotifyApp.parentElement?.prepend(spotifyApp);
    const inBrowser = document.querySelector("[data-mode=browser]");
    inBrowser?.classList.add("secondary");
    if (inBrowser) inBrowser.textContent = strings.spotify.inThisBrowser;
  }
  setHidden("spotify-help", offered.includes("spotify"));
  return returning;
}

/**
 * Makes one service the big first choice (the others small links), as for a returning
 * listener: YouTube, when Spotify has just refused this listener's account.
 * @param {string} service
 */
export function promoteChoice(service) {
  $("chooser").classList.add("returning");
  for (const choice of document.querySelectorAll("[data-choice]")) {
    const own = /** @type {HTMLElement} */ (choice).dataset.choice === service;
    choice.classList.toggle("remembered", own);
    choice.classList.toggle("other", !own);
    if (own) choice.parentElement?.prepend(choice);
  }
}

/**
 * Where this browser cannot keep the music going, which one can, with the link to copy.
 * @param {{ advice: string | null, browser: string | null }} advice @param {() => string} link
 */
export function showOpenElsewhere(advice, link) {
  if (!advice.advice) return;
  const words = strings.listener;
  setText("open-elsewhere-text", advice.advice === "openInSafari" ? words.openInSafari(advice.browser) : words.openInChrome(advice.browser));
  setHidden("open-elsewhere", false);
  $("copy-page-link").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(link()); setText("open-elsewhere-note", strings.share.copied); } catch { setText("open-elsewhere-note", strings.share.copyByHand(link())); }
  });
}
