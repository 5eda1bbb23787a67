// PKCE, finished two ways. A listener's code is traded here for their own tokens, which never
// reach our server (sessionStorage only), and the page returns to the clean room link. A
// host's code goes to our server with the room's host token: the server trades it and follows
// the host's Spotify, so the host's tokens never reach the page.
(async () => {
  const config = JSON.parse(document.getElementById("simulcast-config").textContent);
  const status = document.getElementById("status");
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem("simulcast.pkce") || "null"); } catch { saved = null; }
  const query = new URLSearchParams(location.search);
  history.replaceState(null, "", location.pathname);  // the code is single-use; keep it out of history
  const fail = (text) => {
    status.textContent = text;
    if (saved?.room) { document.getElementById("back-link").href = "/r/" + encodeURIComponent(saved.room); }
    document.getElementById("back").hidden = false;
  };
  if (!saved || !query.get("code")) return fail("The Spotify login did not finish (" + (query.get("error") || "no code") + ").");
  if (query.get("state") !== saved.state) return fail("This Spotify login was not started here; start it again from the room.");
  if (saved.purpose === "host") {
    document.getElementById("back-link").textContent = "Back to the host page";
    const hostPage = "/r/" + encodeURIComponent(saved.room) + "/host";
    const hostToken = localStorage.getItem("simulcast.host." + saved.room);
    sessionStorage.removeItem("simulcast.pkce");
    const failHost = (text) => { fail(text); document.getElementById("back-link").href = hostPage; };
    if (!hostToken) return failHost("This browser does not hold the room's host token; start a room again from the front page.");
    try {
      const response = await fetch("/v1/rooms/" + encodeURIComponent(saved.room) + "/hosting", { method: "POST",
        headers: { "Content-Type": "application/json", "Authorization": "Bearer " + hostToken },
        body: JSON.stringify({ service: "spotify", code: query.get("code"), codeVerifier: saved.verifier, redirectUri: location.origin + "/r/callback" }) });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        return failHost(body?.error?.message ? "The server could not finish the login: " + body.error.message + "." : "The server could not finish the login (" + response.status + ").");
      }
      location.replace(hostPage);
    } catch (error) {
      failHost("Could not reach the server to finish the login.");
    }
    return;
  }
  try {
    const response = await fetch(config.spotifyAccountsURL + "/api/token", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: query.get("code"), redirect_uri: location.origin + "/r/callback", client_id: config.spotifyClientId, code_verifier: saved.verifier }) });
    if (!response.ok) return fail("Spotify refused the login (" + response.status + ").");
    const body = await response.json();
    sessionStorage.setItem("simulcast.spotify", JSON.stringify({ access: body.access_token, refresh: body.refresh_token || null, expiresAt: Date.now() + (body.expires_in || 3600) * 1000 }));
    sessionStorage.removeItem("simulcast.pkce");
    sessionStorage.setItem("simulcast.returning", "spotify");
    location.replace("/r/" + encodeURIComponent(saved.room));
  } catch (error) {
    fail("Could not reach Spotify to finish the login.");
  }
})();
