// A page's real markup in a DOM under node (Debian's jsdom), for the panels' rendering tests:
// the template's placeholders filled and its panels included as the server does
// (WebListenerRoutes.page, WebAssets.withPanels), and the DOM's globals set so the page's own
// modules run against it. Each test file runs in its own process, so one page per file.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// jsdom is a CommonJS package in /usr/share/nodejs (scripts/check-web.sh sets NODE_PATH).
const require = createRequire(import.meta.url);
const { JSDOM } = require("jsdom");
const WEB = new URL("../../Sources/SimulcastServer/Web/", import.meta.url);

export const ROOM = "K7PQ2MXR9T";

/**
 * Loads `name` ("listener.html", "host.html") with `config` as its page configuration.
 * @param {string} name
 * @param {object} [config]
 */
export function loadPage(name, config = {}) {
  const read = (path) => readFileSync(new URL(path, WEB), "utf8");
  const fullConfig = { room: ROOM, webSocketPath: `/v1/rooms/${ROOM}/ws`, services: ["apple-music", "spotify"], spotifyClientId: null, hostingOffered: false,
    shareLink: `https://listen.example/r/${ROOM}`, shareRefusal: null, origins: [], ...config };
  const html = read(name)
    .replace(/\{\{> ([\w/.-]+\.html)\}\}/g, (_, panel) => read(panel).trim())
    .replace("{{CONFIG}}", JSON.stringify(fullConfig).replace(/</g, "\\u003c"))
    .replace(/\{\{ROOM_GROUPED\}\}/g, ROOM.slice(0, 5) + " " + ROOM.slice(5))
    .replace(/\{\{ROOM\}\}/g, ROOM)
    .replace(/\{\{(TITLE|HEADLINE)\}\}/g, "Listen along")
    .replace("{{HEAD}}", "");
  const dom = new JSDOM(html, { url: `https://listen.example/r/${ROOM}`, pretendToBeVisual: true });
  const window = dom.window;
  // jsdom lays nothing out: scrolling into view has nothing to do.
  window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
  for (const key of ["window", "document", "localStorage", "sessionStorage", "location", "history", "HTMLElement", "HTMLInputElement",
    "HTMLSelectElement", "HTMLButtonElement", "HTMLAnchorElement", "Event", "MouseEvent", "SubmitEvent", "requestAnimationFrame"]) {
    Object.defineProperty(globalThis, key, { value: window[key], configurable: true, writable: true });
  }
  Object.defineProperty(globalThis, "navigator", { value: window.navigator, configurable: true, writable: true });
  return window;
}

/** The words a person reads in `element` (jsdom has no layout, so hidden is the `hidden` attribute, up the tree). */
export function shownText(element) {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === 3) { parts.push(node.textContent); return; }
    if (node.nodeType !== 1 || node.hidden || node.tagName === "SCRIPT" || node.tagName === "TEMPLATE") return;
    if (node.tagName === "DETAILS" && !node.open) {
      const summary = node.querySelector(":scope > summary");
      if (summary) walk(summary);
      return;
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(element);
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/** Whether `element` and every element above it are shown. */
export function isShown(element) {
  for (let node = element; node && node.nodeType === 1; node = node.parentElement) if (node.hidden) return false;
  return true;
}

/** The shown buttons, by their words (an aria-label wins, as a screen reader says it). */
export function buttons(root) {
  return [...root.querySelectorAll("button")].filter(isShown).map((button) => button.getAttribute("aria-label") || shownText(button));
}
