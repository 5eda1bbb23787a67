// @ts-check
// Spotify's Authorization Code with PKCE, for every page: begun here (the verifier and a
// `state` stay in sessionStorage, the browser goes to Spotify's authorize page), finished by
// /r/callback, and for a listener, the tokens kept in sessionStorage (never in a URL, a log or
// our server) and renewed before they expire. `purpose` says who finishes the login: "listen"
// (the page trades the code for the listener's own tokens), "host" (the server trades it and
// follows the host's Spotify; the token never reaches the page) or "follow" (the server trades
// it and keeps the listener's Spotify app in sync after the page closes; `follow` says which
// device and how they join).
import { SPOTIFY_CONNECT_SCOPES, SPOTIFY_HOST_SCOPES, SPOTIFY_LISTENER_SCOPES, StorageKey } from "../constants.js";
import { readJSON } from "../room/storage.js";
import * as strings from "../strings.js";
import { withTimeout } from "./timeout.js";

const hex = (/** @type {Uint8Array} */ bytes) => Array.from(bytes, (b) => ("0" + b.toString(16)).slice(-2)).join("");

/** @typedef {{ spotifyClientId: string | null, spotifyAccountsURL: string }} SpotifyConfig */
/** @typedef {{ access: string, refresh: string | null, expiresAt: number, lifetimeMs?: number, scope?: string }} SpotifyTokens */

/** The login needs doing (again). `expired`: the listener had logged in and the login ended. */
export class LoginNeeded extends Error {
  /** @param {string} text */
  constructor(text, expired = true) {
    super(text);
    this.kind = "login";
    this.expired = expired;
  }
}

/** @typedef {{ deviceId: string, deviceName: string, storefront: string, name: string | null }} FollowChoice */

/**
 * Sends the browser to Spotify's login.
 * @param {{ config: SpotifyConfig, room: string, purpose: "listen" | "host" | "follow", follow?: FollowChoice, extraScopes?: readonly string[] }} login
 */
export async function beginLogin({ config, room, purpose, follow, extraScopes = [] }) {
  const verifier = hex(crypto.getRandomValues(new Uint8Array(48)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  // `state` ties the answer to this login (the callback checks it).
  const state = hex(crypto.getRandomValues(new Uint8Array(16)));
  sessionStorage.setItem(StorageKey.pkce, JSON.stringify({ verifier, state, room, purpose, follow, extraScopes }));
  // Each login asks only for what its purpose uses.
  const scopes = [...(purpose === "host" ? SPOTIFY_HOST_SCOPES : purpose === "follow" ? SPOTIFY_CONNECT_SCOPES : SPOTIFY_LISTENER_SCOPES), ...extraScopes];
  const query = new URLSearchParams({ client_id: config.spotifyClientId || "", response_type: "code", redirect_uri: location.origin + "/r/callback", state,
    code_challenge_method: "S256", code_challenge: challenge, scope: scopes.join(" ") });
  location.assign(config.spotifyAccountsURL + "/authorize?" + query);
}

/**
 * Whether tokens are due for renewal: a minute before expiry, or by 80 % of a shorter lifetime.
 * @param {SpotifyTokens} tokens
 * @param {number} nowMs
 */
export const renewalDue = (tokens, nowMs) => nowMs >= tokens.expiresAt - Math.min(60000, 0.2 * (tokens.lifetimeMs || 3600000));

/**
 * Spotify's token endpoint's answer, as the tokens kept.
 * @param {{ access_token: string, refresh_token?: string, expires_in?: number, scope?: string }} body
 * @param {string | null} previousRefresh
 * @param {number} nowMs
 * @param {string} [previousScope] kept when a renewal's answer names none
 * @returns {SpotifyTokens}
 */
export function tokensFrom(body, previousRefresh, nowMs, previousScope) {
  const lifetimeMs = (body.expires_in || 3600) * 1000;
  const scope = body.scope ?? previousScope;
  return { access: body.access_token, refresh: body.refresh_token || previousRefresh, expiresAt: nowMs + lifetimeMs, lifetimeMs, ...(scope ? { scope } : {}) };
}

/** A listener's own Spotify login. `fresh()` always gives a token that is not about to expire. */
export class SpotifyLogin {
  /** @param {SpotifyConfig} config */
  constructor(config) {
    this.config = config;
    this.renewals = 0;
    /** @type {Promise<string> | null} */
    this.refreshing = null;
  }

  /** @returns {SpotifyTokens | null} */
  stored() { return readJSON(sessionStorage, StorageKey.spotifyTokens); }
  /** @param {SpotifyTokens} tokens */
  store(tokens) { sessionStorage.setItem(StorageKey.spotifyTokens, JSON.stringify(tokens)); }
  forget() { sessionStorage.removeItem(StorageKey.spotifyTokens); }
  /**
   * Whether the login granted `scope` (Spotify's token answer lists what it granted).
   * @param {string} scope
   */
  grants(scope) { return (this.stored()?.scope || "").split(" ").includes(scope); }

  async fresh() {
    const tokens = this.stored();
    if (!tokens) throw new LoginNeeded(strings.spotify.logIn, false);
    if (!renewalDue(tokens, Date.now())) return tokens.access;
    return this.refresh();
  }

  /**
   * Renews in the background when due; a refusal goes to `failed`.
   * @param {(error: unknown) => void} failed
   */
  refreshIfDue(failed) {
    const tokens = this.stored();
    if (tokens?.refresh && renewalDue(tokens, Date.now())) this.refresh().catch(failed);
  }

  /** @returns {Promise<string>} */
  async refresh() {
    const tokens = this.stored();
    if (!tokens?.refresh || !this.config.spotifyClientId) { this.forget(); throw new LoginNeeded(strings.spotify.expired); }
    if (this.refreshing) return this.refreshing;
    const clientId = this.config.spotifyClientId;
    const refresh = tokens.refresh;
    this.refreshing = (async () => {
      try {
        const response = await withTimeout(fetch(this.config.spotifyAccountsURL + "/api/token", {
          method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId }),
        }), "Spotify's login");
        if (!response.ok) { this.forget(); throw new LoginNeeded(strings.spotify.ended); }
        const next = tokensFrom(await response.json(), refresh, Date.now(), tokens.scope);
        this.store(next);
        this.renewals += 1;
        return next.access;
      } finally { this.refreshing = null; }
    })();
    return this.refreshing;
  }
}
