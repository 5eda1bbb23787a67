// @ts-check
// "Keep screen on": a Screen Wake Lock held while its checkbox is ticked and the page is in
// view (the browser drops it when the page is hidden; `acquire` again when it returns).
import { element } from "../ui/dom.js";

const KEEP_AWAKE_KEY = "simulcast.keepAwake";

export class ScreenWakeLock {
  /**
   * @param {string} checkboxId the "Keep screen on" checkbox
   * @param {boolean} byDefault ticked unless this browser's listener unticked it (on a phone,
   *   where the page plays only while the screen is on)
   */
  constructor(checkboxId, byDefault) {
    this.checkbox = element(checkboxId, HTMLInputElement);
    const stored = localStorage.getItem(KEEP_AWAKE_KEY);
    this.checkbox.checked = stored === null ? byDefault : stored === "1";
    /** @type {WakeLockSentinel | null} */
    this.lock = null;
    this.checkbox.addEventListener("change", () => {
      localStorage.setItem(KEEP_AWAKE_KEY, this.checkbox.checked ? "1" : "0");
      if (this.checkbox.checked) this.acquire(); else this.release();
    });
  }

  async acquire() {
    if (!this.checkbox.checked || !navigator.wakeLock || document.visibilityState !== "visible") return;
    try {
      this.lock = await navigator.wakeLock.request("screen");
      this.lock.addEventListener("release", () => { this.lock = null; });
    } catch {
      this.lock = null;
    }
  }

  release() {
    this.lock?.release();
    this.lock = null;
  }
}
