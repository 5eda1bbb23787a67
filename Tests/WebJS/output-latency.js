// Runs output-latency.js's choice on cases given as JSON ([{given, remembered, platform}],
// NaN written as "NaN") and prints [{milliseconds, source, description}] for the Swift test.
import { choose, describe } from "../../Sources/SimulcastServer/Web/sync/output-latency.js";
const value = (v) => (v === "NaN" ? NaN : v ?? null);
const cases = JSON.parse(process.argv[2]);
console.log(JSON.stringify(cases.map((c) => {
  const latency = choose(value(c.given), value(c.remembered), value(c.platform));
  return { ...latency, description: describe(latency) };
})));
