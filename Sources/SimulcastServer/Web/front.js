// The front page: a typed room code, in any case and with spaces or dashes, goes straight to
// its room; without this script the form asks the server (`/join`), which does the same.
(function () {
  'use strict';
  const form = document.getElementById('join');
  const input = document.getElementById('code');
  const error = document.getElementById('code-error');
  const alphabet = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]+$/;
  document.getElementById('origin').textContent = location.origin;

  function normalise(text) {
    const code = text.toUpperCase().replace(/[\s-]/g, '');
    return (code.length === 10 || code.length === 6) && alphabet.test(code) ? code : null;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = normalise(input.value);
    if (!code) {
      error.textContent = input.value.trim() === ''
        ? 'Type the room code first.'
        : 'That is not a room code: ten letters and digits, like K7PQ2 MXR9T.';
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    location.assign('/r/' + code);
  });
  input.addEventListener('input', () => {
    error.hidden = true;
    input.removeAttribute('aria-invalid');
  });
})();
