// @ts-check
// "Your sound": this device's output latency (output-latency.js). On the listening screen, in
// words: what the listener hears through (a preset) and Earlier / Later; under the Sync
// details, the figure with where it came from, a slider (±500 ms, 5 ms steps, in effect at
// once) and the Calibrate button. The listener page asks `sound.milliseconds` and hears of
// changes through `onChange`.
import { calibrate } from "../sync/calibrate.js";
import { $, element } from "./dom.js";
import { choose, describe, storageKey, platformMs } from "../sync/output-latency.js";
import * as strings from "../strings.js";

const SLIDER_LIMIT_MS = 500;
/** One press of Earlier or Later. */
const NUDGE_MS = 20;
/**
 * What each kind of output typically adds, player to ear: a speaker or wired headphones next
 * to nothing beyond what the sound system reports; Bluetooth about 200 ms; a speaker over
 * Wi-Fi more than the slider reaches, so its end (calibration measures it better).
 * @type {Readonly<Record<string, number | null>>} null: the sound system's own figure
 */
export const OUTPUT_PRESETS_MS = Object.freeze({ speaker: null, wired: null, bluetooth: 200, air: SLIDER_LIMIT_MS });
const PRESET_KEY = "simulcast.outputKind";

/** @typedef {import("../sync/output-latency.js").Latency} Latency */

/** Mounts the panel on the page's "Your sound" section. */
export function mountSoundPanel() {
  /** @type {string | null} */
  let deviceLabel = null;
  /** @type {number | null} */
  let platform = null;
  /** @type {Latency} */
  let current = choose(null, remembered(), null);
  /** @type {((milliseconds: number) => void)[]} */
  const subscribers = [];

  function remembered() {
    const text = localStorage.getItem(storageKey(deviceLabel));
    return text === null ? null : Number(text);
  }

  /** @param {Latency} next */
  function update(next) {
    const changed = next.milliseconds !== current.milliseconds;
    current = next;
    render();
    if (changed) for (const subscriber of subscribers) subscriber(current.milliseconds);
  }

  /** @param {number} milliseconds */
  function set(milliseconds) {
    localStorage.setItem(storageKey(deviceLabel), String(milliseconds));
    update(choose(milliseconds, null, null));
  }

  /**
   * A preset's figure: its own, or what the sound system reports.
   * @param {string} kind
   */
  function presetMs(kind) {
    const figure = OUTPUT_PRESETS_MS[kind];
    return figure ?? Math.round(platform ?? 0);
  }

  /** @param {string} kind */
  function choosePreset(kind) {
    if (!(kind in OUTPUT_PRESETS_MS)) return;
    set(presetMs(kind));
    localStorage.setItem(PRESET_KEY, kind);
    render();
  }

  /**
   * Earlier: the page plays further ahead of the room, so the ear hears it sooner.
   * @param {number} direction
   */
  function nudge(direction) {
    const next = Math.max(-SLIDER_LIMIT_MS, Math.min(SLIDER_LIMIT_MS, current.milliseconds + direction * NUDGE_MS));
    localStorage.removeItem(PRESET_KEY);
    set(next);
  }

  /** The preset the figure still is, if the listener chose one. */
  function presetShown() {
    const kind = localStorage.getItem(PRESET_KEY);
    return kind && kind in OUTPUT_PRESETS_MS && presetMs(kind) === Math.round(current.milliseconds) ? kind : "";
  }

  function render() {
    const select = element("output-kind", HTMLSelectElement);
    if (select.value !== presetShown()) select.value = presetShown();
    $("latency-figure").textContent = describe(current);
    $("latency-hint").hidden = current.source !== "notCalibrated";
    const slider = element("latency-slider", HTMLInputElement);
    const shown = Math.max(-SLIDER_LIMIT_MS, Math.min(SLIDER_LIMIT_MS, Math.round(current.milliseconds / 5) * 5));
    if (Number(slider.value) !== shown) slider.value = String(shown);
    slider.setAttribute("aria-valuetext", strings.sound.sliderText(current.milliseconds));
    $("latency-value").textContent = strings.listener.milliseconds(current.milliseconds);
  }

  // The default output's name, where the browser gives one (labels need a permission).
  async function learnDevice() {
    try {
      const devices = (await navigator.mediaDevices?.enumerateDevices?.()) || [];
      const outputs = devices.filter((device) => device.kind === "audiooutput");
      deviceLabel = (outputs.find((device) => device.deviceId === "default") || outputs[0])?.label || null;
    } catch {
      deviceLabel = null;
    }
  }

  // After a gesture an AudioContext runs and can say its output latency.
  async function learnPlatform() {
    try {
      const context = new AudioContext();
      await context.resume();
      platform = platformMs(context);
      context.close().catch(() => {});
    } catch {
      platform = null;
    }
  }

  async function refresh() {
    await learnDevice();
    update(choose(null, remembered(), platform));
  }

  async function calibrateNow() {
    const button = element("calibrate", HTMLButtonElement);
    button.disabled = true;
    $("calibration-result").textContent = strings.sound.listening;
    const result = await calibrate();
    button.disabled = false;
    sound.lastCalibration = result;
    if ("refused" in result) {
      $("calibration-result").textContent = strings.sound.notMeasured(result.refused);
      return;
    }
    await learnDevice();
    localStorage.removeItem(PRESET_KEY);
    set(Math.round(result.outputLatencyMs));
    $("calibration-result").textContent = strings.sound.measured(result);
  }

  const sound = {
    get milliseconds() { return current.milliseconds; },
    get latency() { return current; },
    /** @type {import("../sync/calibration.js").Calibration | null} */
    lastCalibration: null,
    /** @param {(milliseconds: number) => void} subscriber */
    onChange(subscriber) { subscribers.push(subscriber); },
    // Called inside a listener's gesture (choosing a service, a tap).
    async afterGesture() { await learnPlatform(); await refresh(); },
  };

  const slider = element("latency-slider", HTMLInputElement);
  slider.addEventListener("input", () => { localStorage.removeItem(PRESET_KEY); set(Number(slider.value)); });
  const outputKind = element("output-kind", HTMLSelectElement);
  outputKind.addEventListener("change", () => choosePreset(outputKind.value));
  $("sound-earlier").addEventListener("click", () => nudge(1));
  $("sound-later").addEventListener("click", () => nudge(-1));
  $("calibrate").addEventListener("click", calibrateNow);
  render();
  refresh();
  return sound;
}
