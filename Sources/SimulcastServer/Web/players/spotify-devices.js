// @ts-check
// Which of a listener's Spotify devices follows the room: SpotifyConnectDeviceChoice.swift's
// rule, held to it by the table in Tests/Fixtures/spotify-device-choice.json. Pure.

/**
 * @typedef {{ id: string, name: string, kind: string, isActive: boolean, isRestricted: boolean }} ConnectDevice
 * @typedef {{ device: ConnectDevice } | { problem: "noDevices" | "onlyRestricted" | "notFound", names: string[] }} DeviceChoice
 */

/**
 * A device from `GET /v1/me/player/devices`, or null for one without an id.
 * @param {import("../types/spotify-web-api").WebAPIDevice | null | undefined} object
 * @returns {ConnectDevice | null}
 */
export function deviceFrom(object) {
  if (!object || typeof object.id !== "string" || !object.id) return null;
  return { id: object.id, name: String(object.name || "Spotify"), kind: String(object.type || "Unknown"), isActive: !!object.is_active,
    isRestricted: !!object.is_restricted };
}

/**
 * Asked for one (an id, or a name: whole, then a beginning, ignoring case), that one.
 * Otherwise the active device unless it refuses commands; on a phone, the phone's own app
 * first; elsewhere a computer before a phone, a phone before a speaker.
 * @param {ConnectDevice[]} devices
 * @param {{ asked?: string | null, onPhone?: boolean }} options
 * @returns {DeviceChoice}
 */
export function chooseDevice(devices, options) {
  const onPhone = !!options.onPhone;
  if (devices.length === 0) return { problem: "noDevices", names: [] };
  const wanted = (options.asked || "").trim();
  if (wanted) {
    const lower = wanted.toLowerCase();
    const found = devices.find((d) => d.id === wanted) || devices.find((d) => d.name.toLowerCase() === lower)
      || devices.find((d) => d.name.toLowerCase().startsWith(lower));
    if (!found) return { problem: "notFound", names: devices.map((d) => d.name) };
    return found.isRestricted ? { problem: "onlyRestricted", names: [found.name] } : { device: found };
  }
  const controllable = devices.filter((d) => !d.isRestricted);
  if (controllable.length === 0) return { problem: "onlyRestricted", names: devices.map((d) => d.name) };
  const isPhone = (/** @type {ConnectDevice} */ d) => d.kind.toLowerCase() === "smartphone";
  const rank = (/** @type {ConnectDevice} */ d) => [onPhone && !isPhone(d) ? 1 : 0, d.isActive ? 0 : 1,
    d.kind.toLowerCase() === "computer" ? 0 : isPhone(d) ? 1 : 2];
  let best = controllable[0];
  for (const device of controllable.slice(1)) {
    const a = rank(device), b = rank(best);
    const better = a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
    if (better) best = device;
  }
  return { device: best };
}
