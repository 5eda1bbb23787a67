// Feeds the exchanges in a JSON file (written by ClockSyncParityTests from the Swift
// ClockSync) through follow.js's ClockSync and fails on the first estimate that differs.
// Usage: node Tests/WebJS/clocksync.js FILE
import fs from "node:fs";
import { ClockSync } from "../../Sources/SimulcastServer/Web/sync/clock-sync.js";

const table = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const sync = new ClockSync(table.window);
let differences = 0;
table.steps.forEach((step, index) => {
  const [t0, t1, t2, t3] = step.sample;
  sync.add(t0, t1, t2, t3);
  const got = { offset: sync.offset, uncertainty: sync.uncertainty, serverTime: sync.serverTime(step.probe), localTime: sync.localTime(step.serverProbe), stepsDetected: sync.stepsDetected };
  const differs = Object.keys(got).filter((key) => got[key] !== step[key]);
  if (differs.length > 0) {
    differences += 1;
    if (differences <= 5) console.log(`step ${index}: follow.js ${JSON.stringify(got)}, Swift ${JSON.stringify(step)}`);
  }
});
if (differences > 0) {
  console.log(`${differences} of ${table.steps.length} estimates differ`);
  process.exit(1);
}
console.log(`${table.steps.length} estimates agree`);
