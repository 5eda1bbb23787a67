// @ts-check
// MusicKit's media items as the room's tracks: the wire's metadata, and artwork at a size.

/** The artwork's size on the host page's player. */
export const ARTWORK_PX = 600;

/**
 * A MusicKit item's artwork at `size` px, from its URL template, or null.
 * @param {MusicKit.MediaItem | null | undefined} item
 * @param {number} size
 */
export function artworkURL(item, size) {
  const template = item?.attributes?.artwork?.url;
  return typeof template === "string" && template.startsWith("https://") ? template.replace("{w}", String(size)).replace("{h}", String(size)) : null;
}

/**
 * A MusicKit item as the wire's track, or null.
 * @param {MusicKit.MediaItem | null | undefined} item
 * @returns {import("../types/wire").TrackMetadata | null}
 */
export function trackOf(item) {
  if (!item) return null;
  const a = item.attributes || {};
  /** @type {import("../types/wire").TrackMetadata} */
  const metadata = { service: "apple-music", id: String(item.id), title: a.name || item.title || "", artists: [a.artistName || ""].filter(Boolean) };
  if (a.albumName) metadata.album = a.albumName;
  if (a.durationInMillis) metadata.durationMs = a.durationInMillis;
  if (a.isrc) metadata.isrc = a.isrc;
  const art = artworkURL(item, ARTWORK_PX);
  if (art) metadata.artworkURL = art;
  return metadata.title && metadata.artists.length ? metadata : null;
}

/**
 * The items after the one playing, at most ten: the queue the room hears about.
 * @param {MusicKit.Instance} music
 */
export function upcomingItems(music) {
  const items = music.queue?.items || [];
  const index = items.findIndex((item) => item.id === music.nowPlayingItem?.id);
  return items.slice(index + 1, index + 11);
}
