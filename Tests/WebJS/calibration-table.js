// The calibration's table on synthetic recordings: delays from 0 to 500 ms, white noise at
// 10 dB below the clicks, a room echo, clipping, and recordings without the clicks. Prints
// one JSON line per case; CalibrationTableTests checks them.
// Usage: node Tests/WebJS/calibration-table.js
import { clickTrain, measureRoundTrip } from "../../Sources/SimulcastServer/Web/sync/calibration.js";

// A small deterministic generator (mulberry32) and Gaussian noise from it.
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function gaussian(random) {
  return Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
}

const sampleRate = 48000;
const reference = clickTrain(sampleRate);
let burstPower = 0;
let burstCount = 0;
for (const x of reference) if (x !== 0) { burstPower += x * x; burstCount += 1; }
burstPower /= burstCount;

// The clicks `delayMs` late, with what a room and a microphone add.
function recording({ delayMs, snrDb, echo, clip, clicks = true, seed }) {
  const random = generator(seed);
  const samples = new Float32Array(reference.length + Math.round(0.8 * sampleRate));
  const delay = Math.round(delayMs / 1000 * sampleRate);
  if (clicks) {
    for (let i = 0; i < reference.length; i++) {
      samples[i + delay] += 0.6 * reference[i];
      // A wall 4 m away: the same clicks 23 ms later at half the level.
      if (echo) samples[i + delay + Math.round(0.023 * sampleRate)] += 0.3 * reference[i];
    }
  }
  if (snrDb !== undefined) {
    const noise = Math.sqrt(0.36 * burstPower / Math.pow(10, snrDb / 10));
    for (let i = 0; i < samples.length; i++) samples[i] += noise * gaussian(random);
  }
  if (clip) for (let i = 0; i < samples.length; i++) samples[i] = Math.max(-clip, Math.min(clip, samples[i]));
  return samples;
}

const cases = [];
const delays = [0, 5, 37, 120, 180, 250, 333, 420, 500];
delays.forEach((delayMs, index) => {
  cases.push({ name: `clean ${delayMs} ms`, delayMs, snrDb: undefined });
  cases.push({ name: `10 dB noise and an echo, ${delayMs} ms`, delayMs, snrDb: 10, echo: true, seed: 100 + index });
  cases.push({ name: `clipped, 10 dB noise, ${delayMs} ms`, delayMs, snrDb: 10, clip: 0.2, seed: 200 + index });
});
cases.push({ name: "only noise", expectRefusal: true, clicks: false, snrDb: 10, seed: 7 });
cases.push({ name: "silence", expectRefusal: true, clicks: false });
cases.push({ name: "a hum and noise, no clicks", expectRefusal: true, clicks: false, snrDb: 0, seed: 8, hum: true });

for (const c of cases) {
  const samples = recording(c);
  if (c.hum) for (let i = 0; i < samples.length; i++) samples[i] += 0.3 * Math.sin(2 * Math.PI * 50 * i / sampleRate);
  const inputLatencyMs = 12;
  const result = measureRoundTrip(samples, sampleRate, inputLatencyMs);
  console.log(JSON.stringify({ name: c.name, delayMs: c.delayMs ?? null, expectRefusal: !!c.expectRefusal, inputLatencyMs, result }));
}
