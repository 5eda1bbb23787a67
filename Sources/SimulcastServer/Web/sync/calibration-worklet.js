// Records the microphone inside the audio graph, stamped with the graph's own frame counter,
// so the clicks played at a known frame can be found in what came back (calibrate.js).
class CalibrationRecorder extends AudioWorkletProcessor {
  constructor() {
    super();
    this.chunk = new Float32Array(4096);
    this.filled = 0;
    this.chunkFrame = 0;
  }

  /** @param {Float32Array[][]} inputs */
  process(inputs) {
    const channel = inputs[0]?.[0];
    const length = channel ? channel.length : 128;
    for (let i = 0; i < length; i++) {
      if (this.filled === 0) this.chunkFrame = currentFrame + i;
      this.chunk[this.filled++] = channel ? channel[i] : 0;
      if (this.filled === this.chunk.length) {
        this.port.postMessage({ frame: this.chunkFrame, samples: this.chunk });
        this.chunk = new Float32Array(4096);
        this.filled = 0;
      }
    }
    return true;
  }
}
registerProcessor("simulcast-calibration-recorder", CalibrationRecorder);
