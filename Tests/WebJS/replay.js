// Replays Tests/Fixtures/follow-decisions.json (recorded from the Swift FollowPolicy) through
// the web page's follow.js and fails on the first decisions that differ.
// Usage: node Tests/WebJS/replay.js Tests/Fixtures/follow-decisions.json
import fs from "node:fs";
import { FollowPolicy } from "../../Sources/SimulcastServer/Web/sync/follow.js";

const table = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const keys = ["kind", "trackId", "positionMs", "play", "atServerTime", "reason"];
const same = (a, b) => a.length === b.length && a.every((command, i) => keys.every((k) => (command[k] ?? null) === (b[i][k] ?? null)));

let decisions = 0, differences = 0;
for (const scenario of table.scenarios) {
  const policy = new FollowPolicy(scenario.configuration);
  scenario.steps.forEach((step, index) => {
    if (step.event) policy[step.event]();
    if (step.outputLatencyMs != null) policy.outputLatencyMs = step.outputLatencyMs;
    if (step.room) policy.roomStateReceived(step.room);
    if (!step.observe) return;
    const commands = policy.playerObserved(step.observe);
    const expected = step.commands ?? [];
    decisions += 1;
    const errorAgrees = (policy.syncErrorMs ?? null) === (step.syncErrorMs ?? null);
    if (!same(commands, expected) || !errorAgrees) {
      differences += 1;
      if (differences <= 5) {
        console.log(`${scenario.name}, step ${index}: follow.js ${JSON.stringify(commands)} (error ${policy.syncErrorMs}), Swift ${JSON.stringify(expected)} (error ${step.syncErrorMs})`);
      }
    }
  });
}
if (differences > 0) {
  console.log(`${differences} of ${decisions} decisions differ`);
  process.exit(1);
}
console.log(`${decisions} decisions agree`);
