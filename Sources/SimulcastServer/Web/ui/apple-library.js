// @ts-check
// The Apple Music host's library: search the catalog (songs and albums), the host's own
// playlists, and the queue, each a list of buttons with a thumbnail; a click plays it.
import { artworkURL } from "../players/apple-music-items.js";
import * as strings from "../strings.js";
import { $, element, maybe, setHidden } from "./dom.js";
import { generatedCoverURL } from "./format.js";

const THUMBNAIL_PX = 96;

/**
 * @param {object} deps
 * @param {() => MusicKit.Instance | null} deps.music
 * @param {(intent: string, action: (music: MusicKit.Instance) => Promise<unknown>) => Promise<void>} deps.act plays, then the room hears it
 * @param {(text: string) => void} deps.note
 */
export function mountAppleLibrary({ music, act, note }) {
  /**
   * A list of buttons, each with its thumbnail.
   * @param {HTMLElement} list
   * @param {MusicKit.MediaItem[]} entries
   * @param {(entry: MusicKit.MediaItem, index: number) => void} play
   */
  function list(list, entries, play) {
    const title = maybe(list.id + "-title");
    if (title) title.hidden = entries.length === 0;
    list.replaceChildren(...entries.map((entry, index) => {
      const row = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary result";
      button.append(thumbnail(entry));
      const a = entry.attributes || {};
      const label = document.createElement("span");
      label.textContent = (a.name || "?") + (a.artistName ? " · " + a.artistName : "");
      button.append(label);
      button.addEventListener("click", () => play(entry, index));
      row.append(button);
      return row;
    }));
  }

  /** @param {MusicKit.MediaItem} entry */
  function thumbnail(entry) {
    const image = document.createElement("img");
    image.className = "thumb";
    image.alt = "";
    image.width = 40;
    image.height = 40;
    image.loading = "lazy";
    const a = entry.attributes || {};
    image.src = artworkURL(entry, THUMBNAIL_PX) || generatedCoverURL(a.name || "?", a.artistName || "");
    return image;
  }

  /** @param {SubmitEvent} event */
  async function search(event) {
    event.preventDefault();
    const term = element("apple-term", HTMLInputElement).value.trim().slice(0, 100);
    const player = music();
    if (!term || !player) return;
    try {
      const found = await player.api.music("/v1/catalog/{{storefrontId}}/search", { term, types: "songs,albums", limit: 10 });
      /** @type {MusicKit.MediaItem[]} */
      const songs = found?.data?.results?.songs?.data || [];
      /** @type {MusicKit.MediaItem[]} */
      const albums = found?.data?.results?.albums?.data || [];
      list($("apple-songs"), songs, (_, index) =>
        act("play", (m) => m.setQueue({ songs: songs.slice(index).map((song) => song.id), startPlaying: true })));
      list($("apple-albums"), albums, (entry) => act("play", (m) => m.setQueue({ album: entry.id, startPlaying: true })));
      note(songs.length + albums.length ? "" : strings.appleHost.nothingFound(term));
    } catch {
      note(strings.appleHost.searchFailed);
    }
  }

  async function loadPlaylists() {
    const player = music();
    if (!player) return;
    try {
      const found = await player.api.music("/v1/me/library/playlists", { limit: 25 });
      /** @type {MusicKit.MediaItem[]} */
      const playlists = found?.data?.data || [];
      setHidden("apple-playlists-line", playlists.length === 0);
      list($("apple-playlists"), playlists, (entry) => act("play", (m) => m.setQueue({ playlist: entry.id, startPlaying: true })));
    } catch {
      setHidden("apple-playlists-line", true);
    }
  }

  return { list, search, loadPlaylists };
}
