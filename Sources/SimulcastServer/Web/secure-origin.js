// Browsers give what playing needs (EME, which both services' players decrypt with; the
// microphone for calibration; the wake lock) only to secure origins: https://, or this
// machine's own localhost. Elsewhere the page says so before anything else and offers
// nothing that cannot start. Loaded first; the page's other scripts read `simulcastInsecure`.
(function () {
  'use strict';
  window.simulcastInsecure = !window.isSecureContext;
  if (!window.simulcastInsecure) return;
  document.documentElement.classList.add('insecure');
  const notice = document.getElementById('insecure');
  if (notice) notice.hidden = false;
})();
