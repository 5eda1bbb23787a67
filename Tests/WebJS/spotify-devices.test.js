// Replays Tests/Fixtures/spotify-device-choice.json (recorded from the Swift
// SpotifyConnectDeviceChoice by SpotifyConnectDeviceChoiceTests) through the listener page's
// spotify-devices.js: the same device, or the same problem, in every case.
import assert from "node:assert/strict";
import fs from "node:fs";
import test from "node:test";
import { chooseDevice, deviceFrom } from "../../Sources/SimulcastServer/Web/players/spotify-devices.js";

const table = JSON.parse(fs.readFileSync(new URL("../Fixtures/spotify-device-choice.json", import.meta.url), "utf8"));

test("the page chooses the Spotify device the Swift rule chooses", () => {
  assert.ok(table.length >= 10);
  for (const row of table) {
    const devices = row.devices.map(deviceFrom);
    const choice = chooseDevice(devices, { asked: row.asked ?? null, onPhone: row.onPhone });
    if (row.chosen) assert.equal("device" in choice ? choice.device.id : choice.problem, row.chosen, row.name);
    else assert.equal("problem" in choice ? choice.problem : choice.device.id, row.problem, row.name);
  }
});

test("a device without an id is left out", () => {
  assert.equal(deviceFrom({ id: null, name: "Kitchen", type: "Speaker" }), null);
  assert.deepEqual(deviceFrom({ id: "x", name: "Phone", type: "Smartphone", is_active: true }),
    { id: "x", name: "Phone", kind: "Smartphone", isActive: true, isRestricted: false });
});
