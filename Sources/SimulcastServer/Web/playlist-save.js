// @ts-check
// "Save as a playlist" on the listener's own service, with their own login: the songs of the
// room's history as they heard them (their matches), in order. Apple Music: a library
// playlist through MusicKit (the Apple Music API's POST /v1/me/library/playlists). Spotify:
// a private playlist (POST /v1/me/playlists, then its items 100 at a time), which needs the
// `playlist-modify-private` scope, asked for only at that moment.
import { callSpotify } from "./spotify-web-api.js";
import * as strings from "./strings.js";
import { withTimeout } from "./timeout.js";

/** @typedef {import("./history-panel.js").HistorySong} HistorySong */

/** What Spotify asks for to make a private playlist. */
export const PLAYLIST_SCOPE = "playlist-modify-private";

/** The playlist's name: the room and the day. @param {string} room */
export const playlistName = (room) => strings.history.playlistName(room, new Date().toLocaleDateString());

/**
 * @param {any} music a MusicKit instance, authorized
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
