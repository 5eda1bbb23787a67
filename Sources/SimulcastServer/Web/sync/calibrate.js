// @ts-check
// The Calibrate button's flow: plays the click train (calibration.js) through the current
// output, records the microphone with echo cancellation, noise suppression and gain control
// off, and finds the round trip. Both happen in one audio graph, so the frame the clicks were
// played at and the frames they came back at are on one counter; the input latency the
// browser reports is then taken off. Resolves to measureRoundTrip's answer or { refused }.
import { clickTrain, measureRoundTrip, MAXIMUM_DELAY_MS } from "./calibration.js";
import { errorFields } from "../ui/format.js";

const LEAD_S = 0.3;
const GIVE_UP_MS = 10000;

/** @returns {Promise<import("./calibration.js").Calibration>} */
export async function calibrate() {
  if (!navigator.mediaDevices?.getUserMedia) return { refused: "this browser cannot use a microphone on this page" };
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
  } catch (error) {
    return { refused: error?.name === "NotAllowedError" ? "the microphone was not allowed" : "no microphone could be opened" };
  }
  const context = new AudioContext();
  try {
    await context.resume();
    await context.audioWorklet.addModule(new URL("./calibration-worklet.js", import.meta.url).href);
    const sampleRate = context.sampleRate;
    /** @type {{ frame: number, samples: Float32Array }[]} */
    const chunks = [];
    const recorder = new AudioWorkletNode(context, "simulcast-calibration-recorder");
    recorder.port.onmessage = (event) => chunks.push(event.data);
    context.createMediaStreamSource(stream).connect(recorder);
    // A worklet runs only while something pulls it: a muted path to the speakers.
    const muted = context.createGain();
    muted.gain.value = 0;
    recorder.connect(muted).connect(context.destination);

    const train = clickTrain(sampleRate);
    const buffer = context.createBuffer(1, train.length, sampleRate);
    buffer.copyToChannel(train, 0);
    const clicks = context.createBufferSource();
    clicks.buffer = buffer;
    clicks.connect(context.destination);
    const startFrame = Math.round((context.currentTime + LEAD_S) * sampleRate);
    clicks.start(startFrame / sampleRate);

    // From the clicks' frame: the train, the longest delay looked for, and a margin.
    const needed = train.length + Math.round((MAXIMUM_DELAY_MS + 200) / 1000 * sampleRate);
    await recorded(chunks, startFrame + needed);
    const recording = new Float32Array(needed);
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.samples.length; i++) {
        const index = chunk.frame + i - startFrame;
        if (index >= 0 && index < needed) recording[index] = chunk.samples[i];
      }
    }
    const settings = stream.getAudioTracks()[0]?.getSettings?.() || {};
    const inputLatencyMs = typeof settings.latency === "number" ? settings.latency * 1000 : 0;
    return { ...measureRoundTrip(recording, sampleRate, inputLatencyMs), inputLatencyMs };
  } catch (error) {
    return { refused: "the clicks could not be played and recorded (" + (errorFields(error).message || String(error)) + ")" };
  } finally {
    stream.getTracks().forEach((track) => track.stop());
    context.close().catch(() => {});
  }
}

// Resolves once the recording reaches `frame`, or fails after GIVE_UP_MS.
/** @param {{ frame: number, samples: Float32Array }[]} chunks @param {number} frame @returns {Promise<void>} */
function recorded(chunks, frame) {
  const deadline = performance.now() + GIVE_UP_MS;
  return new Promise((resolve, reject) => {
    const check = () => {
      const last = chunks[chunks.length - 1];
      if (last && last.frame + last.samples.length >= frame) resolve();
      else if (performance.now() > deadline) reject(new Error("the microphone sent nothing"));
      else setTimeout(check, 100);
    };
    check();
  });
}
