// Replays Tests/Fixtures/connection-schedule.json (recorded from the Swift ConnectionDriver by
// ConnectionScheduleTableTests) through the web pages' connection-driver.js.
import assert from "node:assert/strict";
import fs from "node:fs";
import test from "node:test";
import { ConnectionDriver } from "../../Sources/SimulcastServer/Web/room/connection-driver.js";

const table = JSON.parse(fs.readFileSync(new URL("../Fixtures/connection-schedule.json", import.meta.url), "utf8"));

test("the web page's connection timing follows the Swift driver's recorded schedule", () => {
  const driver = new ConnectionDriver(table.urls);
  let checked = 0;
  table.steps.forEach((step, index) => {
    const where = `step ${index} (${step.op})`;
    switch (step.op) {
      case "opened":
        assert.equal(driver.opened(step.atMs), step.opened, where);
        break;
      case "pingDue":
        assert.equal(driver.pingDue(step.connection), step.waitMs ?? null, where);
        break;
      case "clockStepped":
        driver.clockStepped();
        break;
      case "closed": {
        // The port's wait without jitter; Swift's is within its ±20 %.
        const base = driver.closed(step.atMs, () => 0.5);
        assert.ok(step.waitMs >= base * 0.8 - 0.001 && step.waitMs <= base * 1.2 + 0.001, `${where}: Swift waited ${step.waitMs} ms, the port's base is ${base} ms`);
        break;
      }
      default:
        assert.fail(`${where}: unknown step`);
    }
    checked += 1;
  });
  assert.ok(checked >= 50, `only ${checked} steps`);
});
