// @ts-check
// A call to Spotify's Web API with the listener's own token: a 401 renews it once.

/** @typedef {import("./spotify-login.js").SpotifyLogin} SpotifyLogin */

/**
 * @param {{ spotifyAPIURL: string }} config
 * @param {SpotifyLogin} login
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 */
export async function callSpotify(config, login, method, path, body) {
  const request = async (/** @type {string} */ token) => fetch(config.spotifyAPIURL + path, {
    method, headers: { Authorization: "Bearer " + token, ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  let response = await request(await login.fresh());
  if (response.status === 401) response = await request(await login.refresh());
  return response;
}
