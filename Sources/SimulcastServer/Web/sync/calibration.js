// @ts-check
// Output-latency calibration (issue 25): the page plays a train of clicks through the current
// output, records it with the microphone, and finds the round trip by normalised
// cross-correlation; the output latency is the round trip less the input latency the browser
// reports. Pure: arrays of samples in, a figure with its confidence (or a refusal) out.

// Irregular spacing, so no shift of the train lines most clicks up with other clicks.
const CLICK_OFFSETS_MS = [0, 170, 290, 530, 610, 880, 1030, 1270];
const CLICK_MS = 3;
const CLICK_HZ = 3000;
const MAXIMUM_DELAY_MS = 600;
// A found delay must correlate at least this well and stand this far above any other.
const MINIMUM_PEAK = 0.3;
const MINIMUM_RATIO = 1.5;

// The reference: Hann-windowed 3 kHz bursts at the offsets.
/** @param {number} sampleRate */
function clickTrain(sampleRate) {
  const clickLength = Math.round(CLICK_MS / 1000 * sampleRate);
  const length = Math.round(CLICK_OFFSETS_MS[CLICK_OFFSETS_MS.length - 1] / 1000 * sampleRate) + clickLength;
  const samples = new Float32Array(length);
  for (const offsetMs of CLICK_OFFSETS_MS) {
    const start = Math.round(offsetMs / 1000 * sampleRate);
    for (let i = 0; i < clickLength; i++) {
      const window = 0.5 - 0.5 * Math.cos(2 * Math.PI * i / (clickLength - 1));
      samples[start + i] = 0.8 * window * Math.sin(2 * Math.PI * CLICK_HZ * i / sampleRate);
    }
  }
  return samples;
}

/**
 * A calibration's outcome: the figures, or why there are none.
 * @typedef {{ roundTripMs: number, outputLatencyMs: number, confidence: number, inputLatencyMs?: number } | { refused: string }} Calibration
 */

// Where `reference` sits in `recording` (both from the moment playback was asked to start):
// { roundTripMs, outputLatencyMs, confidence } or { refused: reason }.
/** @param {Float32Array} recording @param {number} sampleRate @param {number} inputLatencyMs @returns {Calibration} */
function measureRoundTrip(recording, sampleRate, inputLatencyMs) {
  const reference = clickTrain(sampleRate);
  // Only the clicks' samples matter: the reference is silent elsewhere.
  const taps = [];
  for (let i = 0; i < reference.length; i++) if (reference[i] !== 0) taps.push(i);
  let referenceEnergy = 0;
  for (const i of taps) referenceEnergy += reference[i] * reference[i];
  const maximumLag = Math.min(Math.round(MAXIMUM_DELAY_MS / 1000 * sampleRate), recording.length - reference.length);
  if (maximumLag < 0) return { refused: 'the recording is shorter than the clicks' };
  // The raw correlation ranks the lags (a quieter copy, an echo, ranks lower); the peak's
  // correlation normalised by what was heard there says whether it is the clicks at all.
  const products = new Float64Array(maximumLag + 1);
  const energies = new Float64Array(maximumLag + 1);
  for (let lag = 0; lag <= maximumLag; lag++) {
    let product = 0;
    let energy = 0;
    for (const i of taps) {
      const heard = recording[i + lag];
      product += reference[i] * heard;
      energy += heard * heard;
    }
    products[lag] = product;
    energies[lag] = energy;
  }
  let best = 0;
  for (let lag = 1; lag <= maximumLag; lag++) if (products[lag] > products[best]) best = lag;
  // The strongest other candidate, away from the peak's own lobe.
  const lobe = Math.round(CLICK_MS / 1000 * sampleRate);
  let second = 0;
  for (let lag = 0; lag <= maximumLag; lag++) if (Math.abs(lag - best) > lobe) second = Math.max(second, products[lag]);
  const peak = energies[best] > 0 ? products[best] / Math.sqrt(referenceEnergy * energies[best]) : 0;
  const ratio = second > 0 ? products[best] / second : Infinity;
  if (!(peak >= MINIMUM_PEAK) || products[best] <= 0) {
    return { refused: 'the clicks were not heard: is the microphone near the speaker, and the volume up?' };
  }
  if (ratio < MINIMUM_RATIO) return { refused: 'the clicks were heard more than once alike (echo or noise): try again somewhere quieter' };
  const roundTripMs = best / sampleRate * 1000;
  return {
    roundTripMs: roundTripMs,
    outputLatencyMs: Math.max(0, roundTripMs - (inputLatencyMs || 0)),
    // 1 for clean clicks found once; towards 0 as the peak weakens or a rival nears it.
    confidence: Math.min(1, peak) * (1 - 1 / ratio),
  };
}

export { CLICK_OFFSETS_MS, MAXIMUM_DELAY_MS, clickTrain, measureRoundTrip };
