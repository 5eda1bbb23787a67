// The Spotify Web API's answers as the pages read them (developer.spotify.com/documentation/
// web-api): only the fields used, each optional, since the pages check every one.

/** A device of `GET /v1/me/player/devices` (and `device` of `GET /v1/me/player`). */
export interface WebAPIDevice {
  id?: string | null;
  name?: string;
  type?: string;
  is_active?: boolean;
  is_restricted?: boolean;
}

/** `GET /v1/me/player`: what the account plays, where. */
export interface WebAPIPlayback {
  device?: WebAPIDevice;
  progress_ms?: number | null;
  is_playing?: boolean;
  currently_playing_type?: "track" | "episode" | "ad" | "unknown";
  item?: { id?: string; duration_ms?: number } | null;
}
