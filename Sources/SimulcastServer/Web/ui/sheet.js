// @ts-check
// A sheet a button opens and closes in place (the Sync details, More): the button says whether
// it is open (aria-expanded), and Close gives the focus back to it.
import { $, setHidden } from "./dom.js";

/** @param {string} buttonId @param {string} sheetId @param {string} closeId */
export function mountSheet(buttonId, sheetId, closeId) {
  /** @param {boolean} open */
  function setOpen(open) {
    setHidden(sheetId, !open);
    $(buttonId).setAttribute("aria-expanded", String(open));
    if (open) $(sheetId).scrollIntoView({ block: "nearest" });
  }
  $(buttonId).addEventListener("click", () => setOpen($(sheetId).hidden));
  $(closeId).addEventListener("click", () => { setOpen(false); $(buttonId).focus(); });
  return {
    setOpen,
    get isOpen() { return !$(sheetId).hidden; },
  };
}
