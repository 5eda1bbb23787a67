// @ts-check
// The song's progress bar (panels/progress.html), on the room's timeline: what the host hears.
import { targetPosition } from "../sync/follow-target.js";
import { $, setHidden, setText } from "./dom.js";
import { formatTime, remainingTime } from "./format.js";

/**
 * Elapsed and remaining at `serverNow`, or the bar hidden while either is unknown.
 * @param {import("../types/wire").RoomState | null} room
 * @param {number | null} serverNow server microseconds
 * @param {number} durationMs the song's length as this page plays it
 */
export function renderProgress(room, serverNow, durationMs) {
  setHidden("progress", !(room?.track && serverNow !== null && durationMs > 0));
  if (!room?.track || serverNow === null || durationMs <= 0) return;
  const elapsedMs = Math.min(durationMs, Math.max(0, targetPosition(room, serverNow)));
  setText("elapsed", formatTime(elapsedMs));
  setText("remaining", remainingTime(elapsedMs, durationMs));
  const percent = String(Math.round((elapsedMs / durationMs) * 1000) / 10);
  const bar = $("progress-bar");
  if (bar.getAttribute("aria-valuenow") !== percent) {
    bar.setAttribute("aria-valuenow", percent);
    bar.setAttribute("aria-valuetext", formatTime(elapsedMs) + " of " + formatTime(durationMs));
    $("progress-fill").style.width = percent + "%";
  }
}
