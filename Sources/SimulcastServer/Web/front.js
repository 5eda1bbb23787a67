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

  // Host tokens of rooms that have ended go (they are no use, and a token is a secret).
  for (let index = localStorage.length - 1; index >= 0; index -= 1) {
    const key = localStorage.key(index);
    const code = key && key.startsWith('simulcast.host.') ? key.slice('simulcast.host.'.length) : null;
    if (!code || !/^[A-Z0-9]{6,10}$/.test(code)) continue;
    fetch('/v1/rooms/' + code).then((response) => {
      if (response.status === 404) {
        localStorage.removeItem(key);
        localStorage.removeItem('simulcast.hostMode.' + code);
      }
    }).catch(() => {});
  }

  // Starting a room with Spotify: the room is made here, its host token kept in this
  // browser's storage (the host page needs it), then the Spotify login; /r/callback hands the
  // code to the server, which follows the host's player from then on.
  const config = JSON.parse(document.getElementById('simulcast-config').textContent);
  document.getElementById('host-name').value = localStorage.getItem('simulcast.hostName') || '';
  const start = document.getElementById('start-with-spotify');
  const startError = document.getElementById('start-error');
  // Makes the room and keeps its host token here; then `next(code)`.
  function startRoom(button, next) {
    button.addEventListener('click', async () => {
      button.disabled = true;
      startError.hidden = true;
      try {
        const hostName = document.getElementById('host-name').value.trim();
        localStorage.setItem('simulcast.hostName', hostName);
        const response = await fetch('/v1/rooms', hostName
          ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ hostName }) }
          : { method: 'POST' });
        const body = await response.json().catch(() => null);
        if (!response.ok || !body?.code) throw new Error(body?.error?.message || 'the server could not make a room (' + response.status + ')');
        localStorage.setItem('simulcast.host.' + body.code, body.hostToken);
        await next(body.code);
      } catch (failure) {
        startError.textContent = 'No room was started: ' + failure.message + '.';
        startError.hidden = false;
        button.disabled = false;
      }
    });
  }
  if (config.hostingOffered && config.spotifyClientId) {
    document.getElementById('start-spotify').hidden = false;
    startRoom(start, (code) => SimulcastSpotifyPKCE.begin({ config, room: code, purpose: 'host', scopes: SimulcastSpotifyPKCE.hostScopes }));
  }
  // Apple Music: the host plays in the host page itself (MusicKit JS), which publishes the room.
  if ((config.services || []).includes('apple-music')) {
    document.getElementById('start-apple').hidden = false;
    startRoom(document.getElementById('start-with-apple-music'), (code) => {
      localStorage.setItem('simulcast.hostMode.' + code, 'apple-music');
      location.assign('/r/' + code + '/host');
    });
  }
})();
