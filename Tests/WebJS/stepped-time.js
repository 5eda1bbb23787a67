// Replays Tests/Fixtures/stepped-time-readings.json (recorded from the Swift SteppedTimeReader)
// through the listener page's stepped-time.js and fails on the first answers that differ.
// Usage: node Tests/WebJS/stepped-time.js Tests/Fixtures/stepped-time-readings.json
import fs from "node:fs";
import { SteppedTime } from "../../Sources/SimulcastServer/Web/players/stepped-time.js";

const scripts = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
let readings = 0, differences = 0;
for (const script of scripts) {
  const time = new SteppedTime(0);
  for (const step of script.steps) {
    if (step.op === "load") time.loaded(step.positionMs, step.at);
    else if (step.op === "sought") time.sought();
    else if (step.op === "state") time.stateChanged(step.at);
    else if (step.op === "read") {
      readings += 1;
      const answer = time.read(step.state, step.seconds, step.at);
      const expected = step.expect;
      const agrees = answer.playing === expected.playing && answer.loading === expected.loading && answer.waiting === expected.waiting
        && Math.abs(answer.positionMs - expected.positionMs) < 1e-6;
      if (!agrees) {
        differences += 1;
        if (differences <= 5) console.log(`${script.name} at ${step.at}: stepped-time.js ${JSON.stringify(answer)}, Swift ${JSON.stringify(expected)}`);
      }
    }
  }
}
if (differences > 0) { console.log(`${differences} of ${readings} readings differ`); process.exit(1); }
console.log(`${readings} readings agree`);
