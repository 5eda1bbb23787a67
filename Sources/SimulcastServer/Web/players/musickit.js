// @ts-check
// MusicKit JS for both pages that play Apple Music (the listener, the Apple Music host): the
// SDK loaded and configured with the server's developer token, and that token renewed by the
// same rule everywhere: by 80 % of its lifetime and a fifth of it before `exp`, at once after
// an authorization error, without stopping the music.
import { loadScript } from "../ui/dom.js";
import * as strings from "../strings.js";
import { withTimeout } from "./timeout.js";
import { errorFields } from "../ui/format.js";

/**
 * JWT payload claims, without checking the signature (the server made it).
 * @param {string} jwt
 */
export function claims(jwt) {
  try { return JSON.parse(atob(jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))); } catch { return {}; }
}

/**
 * How long a developer token may be used before it is renewed, from its claims.
 * @param {{ iat?: number, exp?: number }} c the token's claims (seconds)
 * @param {number} nowMs this device's wall clock
 */
export function renewalDelayMs(c, nowMs) {
  const lifetimeMs = Math.max(1, (c.exp || 0) - (c.iat || 0)) * 1000;
  return Math.max(0, Math.min(lifetimeMs * 0.8, (c.exp || 0) * 1000 - nowMs - lifetimeMs * 0.2));
}

/** The server's developer token (GET /v1/apple-music/developer-token). */
export async function fetchDeveloperToken() {
  const response = await fetch("/v1/apple-music/developer-token", { credentials: "same-origin" });
  const body = await response.json().catch(() => null);
  if (!response.ok || !body?.token) throw new Error(strings.appleMusic.notAvailable);
  return /** @type {string} */ (body.token);
}

export class MusicKitSession {
  /**
   * Loads and configures MusicKit: before any click, so sign-in and the first play run inside it.
   * @param {string} scriptURL
   */
  static async start(scriptURL) {
    const loaded = new Promise((resolve) => document.addEventListener("musickitloaded", resolve, { once: true }));
    await loadScript(scriptURL);
    if (!window.MusicKit?.configure) await withTimeout(loaded, "MusicKit");
    const token = await fetchDeveloperToken();
    const music = await withTimeout(window.MusicKit.configure({ developerToken: token, app: { name: "Simulcast", build: "1" } }), "MusicKit");
    return new MusicKitSession(music, token);
  }

  /** @param {MusicKit.Instance} music @param {string} token */
  constructor(music, token) {
    this.music = music;
    /** @type {MusicKit.PlaybackStates} */
    this.states = window.MusicKit?.PlaybackStates || {};
    this.renewals = 0;
    this.renewAt = 0;
    this.renewAtWall = 0;
    /** @type {Promise<void> | null} */
    this.renewing = null;
    this.schedule(token);
  }

  /** @private @param {string} token */
  schedule(token) {
    const wait = renewalDelayMs(claims(token), Date.now());
    this.renewAt = performance.now() + wait;
    this.renewAtWall = Date.now() + wait;  // performance.now() stands still while a laptop sleeps
  }

  /** A new token when due (or `force`d), once at a time. */
  async renewIfDue(force = false) {
    if (!force && performance.now() < this.renewAt && Date.now() < this.renewAtWall) return;
    if (this.renewing) return this.renewing;
    this.renewing = (async () => {
      try {
        const token = await withTimeout(fetchDeveloperToken(), "the developer token");
        this.music.developerToken = token;
        this.schedule(token);
        this.renewals += 1;
      } finally { this.renewing = null; }
    })();
    return this.renewing;
  }

  /** Signs in when needed (inside the user's gesture). */
  async authorize() {
    if (!this.music.isAuthorized) await withTimeout(this.music.authorize(), strings.appleMusic.signIn, 120000);
  }

  /**
   * An SDK call that ends; an authorization error renews the developer token once and tries again.
   * @template T
   * @param {string} what
   * @param {() => Promise<T>} action
   * @returns {Promise<T>}
   */
  async call(what, action) {
    try { return await withTimeout(action(), what); } catch (error) {
      const { code, message } = errorFields(error);
      if (!/AUTHORIZATION|UNAUTHORIZED|TOKEN/i.test(String(code || message))) throw error;
      await this.renewIfDue(true);
      return await withTimeout(action(), what);
    }
  }

  get playing() { return this.music.playbackState === this.states.playing; }
}
