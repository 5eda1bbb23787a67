// @ts-check
// The few DOM helpers every page uses. Text is written only when it changed, so screen
// readers announce changes, not ticks.

/**
 * The element with this id; the pages' markup has every id their scripts ask for, so a
 * missing one is a fault of the page, said at once.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error("the page has no #" + id);
  return element;
}

/**
 * The element with this id where only some pages have it, else null.
 * @param {string} id
 * @returns {HTMLElement | null}
 */
export const maybe = (id) => document.getElementById(id);

/**
 * The element with this id, of the kind the caller names (an input, a select, a details).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} kind
 * @returns {T}
 */
export function element(id, kind) {
  const found = $(id);
  if (!(found instanceof kind)) throw new Error("#" + id + " is not a " + kind.name);
  return found;
}

/**
 * A button a person finds by its name: `text` shown, `label` its accessible name when the
 * text alone would not say what it acts on ("Play" → "Play Solayoh").
 * @param {string} text @param {string} label @param {string} className @param {() => void} act
 */
export function actionButton(text, label, className, act) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.textContent = text;
  button.setAttribute("aria-label", label);
  button.addEventListener("click", act);
  return button;
}

/** @param {string} id @param {string} text */
export function setText(id, text) {
  const element = $(id);
  if (element.textContent !== text) element.textContent = text;
}

/** @param {string} id @param {boolean} hidden */
export function setHidden(id, hidden) {
  const element = $(id);
  if (element.hidden !== hidden) element.hidden = hidden;
}

/**
 * The page's settings, which the server writes into its `simulcast-config` block.
 * @returns {import("../types/page").PageConfig}
 */
export function readConfig() {
  return JSON.parse($("simulcast-config").textContent || "{}");
}

/**
 * A classic script (a service's SDK), loaded once it is needed.
 * @param {string} src
 */
export function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error("could not load " + src));
    document.head.append(script);
  });
}

/**
 * An artwork element's picture and its label, written only when they changed.
 * @param {string} id
 * @param {string} url
 * @param {string} label
 */
export function setArtwork(id, url, label) {
  const element = $(id);
  const background = `url("${url.replace(/"/g, "%22")}")`;
  if (element.style.backgroundImage !== background) element.style.backgroundImage = background;
  if (element.getAttribute("aria-label") !== label) element.setAttribute("aria-label", label);
}
