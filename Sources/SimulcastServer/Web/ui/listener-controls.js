// @ts-check
// What the listener does with their own sound, apart from the room: the tap a browser asks
// for, Pause for me and Resume live, Leave, another service, the volume, and the lock
// screen's and headphones' buttons (Media Session). None of it changes what the room plays.
import { StorageKey } from "../constants.js";
import { mediaSessionDecision } from "../players/browser-support.js";
import * as strings from "../strings.js";
import { $ } from "./dom.js";

/** @typedef {import("../types/page").ListenerPage} ListenerPage */

/**
 * @param {object} deps
 * @param {ListenerPage} deps.page
 * @param {import("../sync/listener-follower.js").ListenerFollower} deps.follower
 * @param {{ acquire(): unknown, release(): unknown }} deps.wakeLock
 * @param {{ afterGesture(): Promise<void> }} deps.sound
 * @param {{ close(code: number): void }} deps.connection
 * @param {() => void} deps.render
 * @param {(text: string, kind?: string, clears?: string) => void} deps.say
 * @param {() => void} deps.closeSheets
 * @param {() => void} deps.forgetMediaMetadata
 * @param {(error: unknown) => boolean} deps.isGestureRefusal
 */
export function mountListenerControls({ page, follower, wakeLock, sound, connection, render, say, closeSheets, forgetMediaMetadata, isGestureRefusal }) {
  const words = strings.listener;

  function needTap() {
    if (page.needsTap) return;
    page.needsTap = true;
    render();
    $("tap").focus();
  }

  // The tap: runs inside the listener's gesture, so the browser lets the audio start; it
  // starts at the live position.
  async function tapToListen() {
    page.wantsSound = true;
    page.needsTap = false;
    render();
    try {
      // Inside the tap: MusicKit's sign-in if it lapsed, Spotify's activateElement.
      await follower.player?.begin();
      sound.afterGesture();
      await follower.startLive();
    } catch (error) {
      if (isGestureRefusal(error)) needTap(); else say(String((error instanceof Error && error.message) || error), "error", "success");
    }
  }

  function pauseForMe() {
    page.wantsSound = false;
    follower.silence();
    wakeLock.release();
    render();
    $("resume").focus();
  }

  // Rejoins at the live position: the policy sees a paused player in a playing room.
  function resume() {
    page.wantsSound = true;
    if (follower.policy) follower.renewPolicy();
    wakeLock.acquire();
    render();
    $("pause").focus();
  }

  // Leaving stops this listener's sound and its place in the room; nothing reconnects.
  function leave() {
    page.wantsSound = false;
    follower.silence();
    wakeLock.release();
    page.finalClose = { code: 1000, text: words.finalClose[1000] };
    connection.close(1000);
    closeSheets();
    render();
    $("reload").focus();
  }

  // Media Session: the lock screen, headphones and media keys speak for the listener. Only
  // play and pause (more handlers hide the system's own controls on iPhone); a pause the
  // listener did not ask for (WebKit calls it for a phone call) is a pause for them alone.
  // Applied again at every start: WebKit clears the handlers and metadata when playing starts.
  function mediaSession() {
    const session = navigator.mediaSession;
    if (!session) return;
    const act = { tap: tapToListen, resume, pauseForMe, nothing: () => {} };
    for (const action of /** @type {const} */ (["play", "pause"])) {
      try { session.setActionHandler(action, () => act[mediaSessionDecision(action, page)]()); } catch { /* not supported */ }
    }
    forgetMediaMetadata();
  }

  $("tap").addEventListener("click", tapToListen);
  $("pause").addEventListener("click", pauseForMe);
  $("resume").addEventListener("click", resume);
  $("leave").addEventListener("click", leave);
  $("reload").addEventListener("click", () => location.reload());
  // Another service: this one stops, and the page starts again at the choice.
  $("switch-service").addEventListener("click", () => { follower.silence(); localStorage.removeItem(StorageKey.service); location.reload(); });
  const volume = /** @type {HTMLInputElement} */ ($("volume"));
  volume.value = String(Math.round(page.volume * 100));
  volume.addEventListener("input", () => {
    page.volume = Number(volume.value) / 100;
    localStorage.setItem(StorageKey.volume, String(page.volume));
    follower.player?.setVolume?.(page.volume).catch(() => {});
  });
  return { needTap, mediaSession };
}

/** The volume this browser last chose, 0 to 1. */
export function storedVolume() {
  const stored = localStorage.getItem(StorageKey.volume);
  const fraction = stored === null ? NaN : Number(stored);
  return fraction >= 0 && fraction <= 1 ? fraction : 0.8;
}
