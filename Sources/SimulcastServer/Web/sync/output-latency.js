// @ts-check
// This device's output latency, player to ear (OutputLatency.swift): what the listener set or
// measured, remembered per output device where the browser names it (else per browser); else
// what the browser's AudioContext reports; else zero, "not measured". Pure, but for reading
// storage and the AudioContext, which are passed in.
import { OUTPUT_LATENCY_LIMIT_MS } from "../constants.js";

/** @typedef {{ milliseconds: number, source: "set" | "remembered" | "platform" | "notCalibrated" }} Latency */

/** @param {unknown} value @returns {number | null} */
const usable = (value) => (typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= OUTPUT_LATENCY_LIMIT_MS ? value : null);

// The first of: given now, remembered, the platform's report; otherwise zero.
/** @param {number | null} given @param {number | null} remembered @param {number | null} platform @returns {Latency} */
function choose(given, remembered, platform) {
  if (given !== null && usable(given) !== null) return { milliseconds: given, source: "set" };
  if (remembered !== null && usable(remembered) !== null) return { milliseconds: remembered, source: "remembered" };
  if (platform !== null && usable(platform) !== null && platform >= 0) return { milliseconds: platform, source: "platform" };
  return { milliseconds: 0, source: "notCalibrated" };
}

/** @param {Latency} latency */
function describe(latency) {
  const figure = Math.round(latency.milliseconds) + " ms";
  switch (latency.source) {
    case "set": return figure + " (set by you)";
    case "remembered": return figure + " (remembered for this output)";
    case "platform": return figure + " (reported by the sound system)";
    default: return figure + " (not measured)";
  }
}

// Where a figure is remembered: per output device when the browser names it.
/** @param {string | null} deviceLabel */
function storageKey(deviceLabel) {
  return deviceLabel ? "simulcast.outputLatency." + deviceLabel : "simulcast.outputLatency";
}

// AudioContext.outputLatency plus baseLatency, in ms, where the browser gives it (seconds).
/** @param {{ outputLatency?: number, baseLatency?: number } | null} context */
function platformMs(context) {
  const output = context?.outputLatency;
  if (!context || typeof output !== "number" || !(output > 0)) return null;
  return (output + (context.baseLatency || 0)) * 1000;
}

export { choose, describe, storageKey, platformMs };
