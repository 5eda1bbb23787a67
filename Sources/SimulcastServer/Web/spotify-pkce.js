// Spotify's Authorization Code with PKCE, begun in the page: the verifier and a `state` stay
// in sessionStorage, the browser goes to Spotify's authorize page, and /r/callback finishes.
// `purpose` says how: "listen" (the page trades the code for the listener's own tokens) or
// "host" (the server trades it and follows the host's Spotify; the token never reaches the page).
(function (root) {
  "use strict";
  const hex = (bytes) => Array.from(bytes, (b) => ("0" + b.toString(16)).slice(-2)).join("");

  async function begin({ config, room, purpose, scopes }) {
    const verifier = hex(crypto.getRandomValues(new Uint8Array(48)));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
    const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    // `state` ties the answer to this login (the callback checks it).
    const state = hex(crypto.getRandomValues(new Uint8Array(16)));
    sessionStorage.setItem("simulcast.pkce", JSON.stringify({ verifier, state, room, purpose }));
    const query = new URLSearchParams({ client_id: config.spotifyClientId, response_type: "code", redirect_uri: location.origin + "/r/callback", state,
      code_challenge_method: "S256", code_challenge: challenge, scope: scopes.join(" ") });
    location.assign(config.spotifyAccountsURL + "/authorize?" + query);
  }

  root.SimulcastSpotifyPKCE = {
    begin,
    // The host's: read what plays, nothing more.
    hostScopes: ["user-read-playback-state", "user-read-currently-playing"],
    listenerScopes: ["streaming", "user-read-email", "user-read-private", "user-modify-playback-state", "user-read-playback-state"],
  };
})(window);
