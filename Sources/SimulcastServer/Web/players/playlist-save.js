// @ts-check
// "Save as a playlist" on the listener's own service, with their own login: the songs of the
// room's history as they heard them (their matches), in order. Apple Music: a library
// playlist through MusicKit (the Apple Music API's POST /v1/me/library/playlists). Spotify:
// a private playlist (POST /v1/me/playlists, then its items 100 at a time), which needs the
// `playlist-modify-private` scope, asked for only at that moment.
import { StorageKey } from "../constants.js";
import { callSpotify } from "./spotify-web-api.js";
import * as strings from "../strings.js";
import { withTimeout } from "./timeout.js";

/** @typedef {import("../ui/history-panel.js").HistorySong} HistorySong */

/** What Spotify asks for to make a private playlist. */
export const PLAYLIST_SCOPE = "playlist-modify-private";

/**
 * The playlist's name: the room and the day.
 * @param {string} room
 */
export const playlistName = (room) => strings.history.playlistName(room, new Date().toLocaleDateString());

/**
 * @param {MusicKit.Instance} music authorized
 * @param {string} room
 * @param {HistorySong[]} songs
 */
export async function saveToAppleMusic(music, room, songs) {
  const ids = songs.map((song) => song.yours?.id).filter(Boolean);
  const body = { attributes: { name: playlistName(room), description: strings.history.playlistDescription },
    relationships: { tracks: { data: ids.map((id) => ({ id, type: "songs" })) } } };
  await withTimeout(music.api.music("/v1/me/library/playlists", undefined, { fetchOptions: { method: "POST", body: JSON.stringify(body) } }), "Apple Music");
  return strings.history.saved(ids.length, "Apple Music");
}

/**
 * @param {{ spotifyAPIURL: string }} config
 * @param {import("./spotify-login.js").SpotifyLogin} login
 * @param {string} room
 * @param {HistorySong[]} songs
 */
export async function saveToSpotify(config, login, room, songs) {
  const uris = songs.map((song) => song.yours?.id).filter(Boolean).map((id) => "spotify:track:" + id);
  const made = await withTimeout(callSpotify(config, login, "POST", "/v1/me/playlists",
    { name: playlistName(room), public: false, description: strings.history.playlistDescription }), "Spotify");
  if (!made.ok) throw new Error(strings.history.spotifyRefused(made.status));
  const playlist = await made.json();
  for (let start = 0; start < uris.length; start += 100) {
    const added = await withTimeout(callSpotify(config, login, "POST", "/v1/playlists/" + encodeURIComponent(playlist.id) + "/items",
      { uris: uris.slice(start, start + 100) }), "Spotify");
    if (!added.ok) throw new Error(strings.history.spotifyRefused(added.status));
  }
  return strings.history.saved(uris.length, "Spotify");
}

/**
 * "Save as a playlist" for a listener, on the service they listen on, with their own login.
 * Spotify's playlist scope is asked for only now; back from that login the page saves by
 * itself, and a listener who declined is told so, never asked again in a loop.
 * @param {object} deps
 * @param {{ room: string, spotifyAPIURL: string, spotifyAccountsURL: string, spotifyClientId: string | null }} deps.config
 * @param {import("./spotify-login.js").SpotifyLogin} deps.login
 * @param {() => { phase: string, service: string | null }} deps.page
 * @param {() => MusicKit.Instance | null} deps.appleMusic the MusicKit instance, when the listener plays Apple Music
 * @param {(extraScopes: string[]) => Promise<void>} deps.logIn
 */
export function listenerPlaylistSaver({ config, login, page, appleMusic, logIn }) {
  let savingAfterLogin = false;
  /** @param {HistorySong[]} songs @returns {Promise<string>} */
  async function save(songs) {
    const { phase, service } = page();
    if (phase !== "listening") throw new Error(strings.history.noService);
    const music = appleMusic();
    if (service === "apple-music" && music) return saveToAppleMusic(music, config.room, songs);
    if (service !== "spotify") throw new Error(strings.history.noService);
    if (!login.grants(PLAYLIST_SCOPE)) {
      if (savingAfterLogin) { savingAfterLogin = false; throw new Error(strings.history.notAllowed); }
      sessionStorage.setItem(StorageKey.pendingSave, "1");
      await logIn([PLAYLIST_SCOPE]);
      return strings.history.loggingIn;
    }
    return saveToSpotify(config, login, config.room, songs);
  }
  /**
   * Back from the login that asked for the scope: saves once.
   * @param {() => Promise<unknown>} saveNow
   */
  function resumeAfterLogin(saveNow) {
    if (!sessionStorage.getItem(StorageKey.pendingSave)) return;
    sessionStorage.removeItem(StorageKey.pendingSave);
    savingAfterLogin = true;
    saveNow().finally(() => { savingAfterLogin = false; });
  }
  return { save, resumeAfterLogin };
}
