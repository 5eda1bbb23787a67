// @ts-check
// The server's follow, on the listener page: "Keep my Spotify app in sync when I close this
// page" starts it (a Spotify login the server keeps); opened again, the page says the server
// follows for this listener and offers Stop. The follow's status is read again every 10 s
// while it is shown, and it goes when the server has ended it.
import * as strings from "../strings.js";
import { beginLogin } from "../players/spotify-login.js";
import { followStatus, forgetFollow, stopFollow, storedFollow } from "../room/server-follow.js";
import { setHidden, setText } from "./dom.js";

/** @typedef {import("../types/page").ListenerPage} ListenerPage */
/** @typedef {import("../types/page").PageConfig} PageConfig */

/**
 * @param {object} deps
 * @param {ListenerPage} deps.page
 * @param {PageConfig} deps.config
 * @param {() => void} deps.render
 * @param {(text: string, kind?: string, clears?: string) => void} deps.say
 * @param {() => { id: string, name: string } | null} deps.device the listener's Spotify app this page plays on, if any
 * @param {() => string | null} deps.name the listener's name
 */
export function mountServerFollowPanel({ page, config, render, say, device, name }) {
  const words = strings.follow;

  function renderPanel() {
    const follow = page.serverFollow;
    setHidden("server-follow", !follow);
    // The sound delay is the app's own while the server follows: nothing here to set.
    setHidden("sound", !!follow);
    if (!follow) return;
    const text = follow.status === "following" ? words.following(follow.deviceName) : follow.status === "starting" ? words.starting(follow.deviceName)
      : follow.status === "refused" ? words.refused : words.unknown;
    setText("server-follow-text", text);
    setText("stop-server-follow", follow.status === "refused" ? words.dismiss : words.stop);
  }

  /** Asks Spotify for a login the server keeps: the page's own player hands over as the page goes. */
  function keepFollowingAfterClose() {
    const app = device();
    if (!app) return;
    beginLogin({ config, room: config.room, purpose: "follow",
      follow: { deviceId: app.id, deviceName: app.name, storefront: page.storefront || "us", name: name() } });
  }

  /** The stored follow's status, again every 10 s while it is shown; gone when the server ended it. */
  async function check() {
    const follow = storedFollow(config.room);
    const status = follow ? await followStatus(config.room, follow) : null;
    if (!follow || status === null) {
      if (page.serverFollow) { page.serverFollow = null; page.phase = "choosing"; render(); }
      return;
    }
    page.serverFollow = { status, deviceName: follow.deviceName };
    page.phase = "serverFollowing";
    render();
    setTimeout(check, 10000);
  }

  async function stop() {
    const follow = storedFollow(config.room);
    if (follow && !(await stopFollow(config.room, follow))) return say(words.couldNotStop, "error", "soon");
    forgetFollow(config.room);
    const refused = page.serverFollow?.status === "refused";
    page.serverFollow = null;
    page.phase = "choosing";
    if (!refused) say(words.stopped, "info", "soon");
    render();
    /** @type {HTMLElement | null} */ (document.querySelector("[data-choice]:not([hidden]) [data-service]"))?.focus();
  }

  /** The server follows for this listener already: say so, and offer to stop, instead of a second player. */
  function resumeIfStored() {
    const followed = storedFollow(config.room);
    if (!followed) return;
    page.phase = "serverFollowing";
    page.serverFollow = { status: "unknown", deviceName: followed.deviceName || "" };
    check();
  }

  return { render: renderPanel, keepFollowingAfterClose, stop, resumeIfStored };
}
