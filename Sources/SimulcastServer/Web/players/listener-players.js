// @ts-check
// The listener page's players, each made once and kept for the evening (a phone lets a player
// make sound only after a tap, and a new player would need a new one): Apple Music (MusicKit),
// Spotify in the page (Web Playback SDK) or through the listener's own app (Spotify Connect),
// and YouTube (the IFrame API) in the listening screen's frame.
import { AppleMusicPlayer } from "./apple-music-player.js";
import { SpotifyConnectPlayer } from "./spotify-connect-player.js";
import { SpotifyPlayer } from "./spotify-player.js";
import { YouTubePlayer } from "./youtube-player.js";

/**
 * @param {object} deps
 * @param {import("../types/page").PageConfig} deps.config
 * @param {import("./spotify-login.js").SpotifyLogin} deps.spotifyLogin
 * @param {import("./apple-music-player.js").PlayerEvents} deps.events
 * @param {import("./youtube-player.js").YouTubeEvents} deps.youtubeEvents
 * @param {HTMLElement} deps.youtubePlace where YouTube's player goes
 * @param {() => string} deps.spotifyMode "app" or "browser"
 * @param {boolean} deps.onPhone
 */
export function listenerPlayers({ config, spotifyLogin, events, youtubeEvents, youtubePlace, spotifyMode, onPhone }) {
  /** @type {Record<string, Promise<import("../types/page").ListenerPlayer>>} */
  const prepared = {};
  /** @type {AppleMusicPlayer | null} */
  let appleMusic = null;
  return {
    /** The Apple Music player, once made. */
    get appleMusic() { return appleMusic; },
    /**
     * The player for `service` (Spotify: in the listener's chosen mode), made on first use.
     * @param {string} service
     */
    prepare(service) {
      const app = service === "spotify" && spotifyMode() === "app";
      const make = app ? () => SpotifyConnectPlayer.prepare(config, spotifyLogin, events, { onPhone })
        : service === "spotify" ? () => SpotifyPlayer.prepare(config, spotifyLogin, events)
          : service === "youtube" ? () => YouTubePlayer.prepare(config, { ...events, ...youtubeEvents }, youtubePlace)
            : async () => (appleMusic = await AppleMusicPlayer.prepare(config, events));
      const key = app ? "spotify-app" : service;
      return (prepared[key] ||= make().catch((error) => { delete prepared[key]; throw error; }));
    },
  };
}
