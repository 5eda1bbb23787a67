// Token renewal rules, the same on every page: MusicKit's developer token and Spotify's tokens.
import assert from "node:assert/strict";
import test from "node:test";
import { claims, renewalDelayMs } from "../../Sources/SimulcastServer/Web/players/musickit.js";
import { renewalDue, tokensFrom } from "../../Sources/SimulcastServer/Web/players/spotify-login.js";

test("a developer token is renewed by 80 % of its lifetime, and a fifth of it before exp by this device's clock", () => {
  const iat = 1_000_000, exp = iat + 3600;
  assert.equal(renewalDelayMs({ iat, exp }, iat * 1000), 2880 * 1000);
  // A device clock 30 minutes fast: renewed sooner, by the token's own exp.
  assert.equal(renewalDelayMs({ iat, exp }, (iat + 1800) * 1000), 1080 * 1000);
  // Already past: now.
  assert.equal(renewalDelayMs({ iat, exp }, (exp + 10) * 1000), 0);
});

test("a JWT's claims are read without its signature; garbage gives none", () => {
  const payload = Buffer.from(JSON.stringify({ iat: 1, exp: 2 })).toString("base64url");
  assert.deepEqual(claims(`header.${payload}.signature`), { iat: 1, exp: 2 });
  assert.deepEqual(claims("not a token"), {});
});

test("Spotify tokens are renewed a minute before expiry, or by 80 % of a shorter lifetime", () => {
  const tokens = tokensFrom({ access_token: "a", expires_in: 3600 }, "r", 0);
  assert.deepEqual(tokens, { access: "a", refresh: "r", expiresAt: 3600000, lifetimeMs: 3600000 });
  assert.equal(renewalDue(tokens, 3539999), false);
  assert.equal(renewalDue(tokens, 3540000), true);
  const short = tokensFrom({ access_token: "b", refresh_token: "r2", expires_in: 10 }, "r", 0);
  assert.equal(short.refresh, "r2");
  assert.equal(renewalDue(short, 7999), false);
  assert.equal(renewalDue(short, 8000), true);
});

test("the scope Spotify granted is kept through a renewal that names none", () => {
  const first = tokensFrom({ access_token: "a", scope: "streaming playlist-modify-private" }, null, 0);
  assert.equal(first.scope, "streaming playlist-modify-private");
  assert.equal(tokensFrom({ access_token: "b" }, "r", 0, first.scope).scope, "streaming playlist-modify-private");
  assert.equal(tokensFrom({ access_token: "c", scope: "streaming" }, "r", 0, first.scope).scope, "streaming");
});
