// @ts-check
// "Keep screen on": a Screen Wake Lock held while its checkbox is ticked and the page is in
// view (the browser drops it when the page is hidden; `acquire` again when it returns).
import { $ } from "./dom.js";

export class ScreenWakeLock {
  /** @param {string} checkboxId the "Keep screen on" checkbox */
  constructor(checkboxId) {
    this.checkbox = $(checkboxId);
    /** @type {any} */
    this.lock = null;
    this.checkbox.addEventListener("change", () => (this.checkbox.checked ? this.acquire() : this.release()));
  }

  async acquire() {
    if (!this.checkbox.checked || !navigator.wakeLock || document.visibilityState !== "visible") return;
    try {
      this.lock = await navigator.wakeLock.request("screen");
      this.lock.addEventListener?.("release", () => { this.lock = null; });
    } catch {
      this.lock = null;
    }
  }

  release() {
    this.lock?.release?.();
    this.lock = null;
  }
}
