// @ts-check
// Browsers give what playing needs (EME, which both services' players decrypt with; the
// microphone for calibration; the wake lock) only to secure origins: https://, or this
// machine's own localhost. Elsewhere the page says so before anything else and offers
// nothing that cannot start.

/** Whether this page may play; when not, the page's notice is shown. */
export function secureOrigin() {
  if (window.isSecureContext) return true;
  document.documentElement.classList.add("insecure");
  const notice = document.getElementById("insecure");
  if (notice) notice.hidden = false;
  return false;
}
