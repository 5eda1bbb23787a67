// @ts-check
// Sharing the room: the link through the Web Share API where the browser has one (phones),
// else copied to the clipboard, else shown to copy by hand; the QR code is the server's.
import { $, maybe } from "./dom.js";
import * as strings from "../strings.js";

/**
 * Mounts the Share button. The link is the server's for this room (its https public origin),
 * never a plain http:// one to another machine: a friend could not play there. Without one the
 * page says why.
 * @param {{ shareLink: string | null, shareRefusal: string | null, spotifyClientId?: string | null, services?: string[] }} config
 * @returns {{ link: string | null }}
 */
export function mountShare(config) {
  const button = $("share-link");
  const note = $("share-note");
  const link = config.shareLink;
  if (!link) {
    button.hidden = true;
    $("qr").hidden = true;
    note.textContent = config.shareRefusal || "";
    return { link: null };
  }

  async function share() {
    if (!link) return;
    // A listener shares the host's room ("Listen along with Ana"); the host shares their own.
    const headline = maybe("headline")?.textContent;
    const title = headline ? strings.share.title(headline) : strings.share.fallbackTitle;
    // Spotify friends must be on the app's list first; YouTube needs nothing.
    const spotifyNote = config.spotifyClientId && config.services?.includes("youtube") ? " " + strings.share.spotifyGuests : "";
    const data = { title, text: strings.share.text + spotifyNote, url: link };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        note.textContent = "";
        return;
      } catch (error) {
        // Closing the share sheet is an answer, not a failure.
        if (error?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      note.textContent = strings.share.copied;
    } catch {
      note.textContent = strings.share.copyByHand(link);
    }
  }

  button.addEventListener("click", share);
  return { link };
}
