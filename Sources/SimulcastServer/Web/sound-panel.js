// "Your sound": this device's output latency (output-latency.js), shown with where it came
// from, a slider (±500 ms, 5 ms steps, in effect at once) and the Calibrate button. The
// listener page asks `SimulcastSound.milliseconds` and hears of changes through `onChange`.
(function (root) {
  "use strict";
  const { choose, describe, storageKey, platformMs } = root.SimulcastOutputLatency;
  const $ = (id) => document.getElementById(id);
  const SLIDER_LIMIT_MS = 500;
  let deviceLabel = null;
  let platform = null;
  let current = choose(null, remembered(), null);
  const subscribers = [];

  function remembered() {
    const text = localStorage.getItem(storageKey(deviceLabel));
    return text === null ? null : Number(text);
  }

  function update(next) {
    const changed = next.milliseconds !== current.milliseconds;
    current = next;
    render();
    if (changed) for (const subscriber of subscribers) subscriber(current.milliseconds);
  }

  function set(milliseconds) {
    localStorage.setItem(storageKey(deviceLabel), String(milliseconds));
    update(choose(milliseconds, null, null));
  }

  function render() {
    $("latency-figure").textContent = describe(current);
    $("latency-hint").hidden = current.source !== "notCalibrated";
    const slider = $("latency-slider");
    const shown = Math.max(-SLIDER_LIMIT_MS, Math.min(SLIDER_LIMIT_MS, Math.round(current.milliseconds / 5) * 5));
    if (Number(slider.value) !== shown) slider.value = String(shown);
    slider.setAttribute("aria-valuetext", Math.round(current.milliseconds) + " milliseconds");
    $("latency-value").textContent = Math.round(current.milliseconds) + " ms";
  }

  // The default output's name, where the browser gives one (labels need a permission).
  async function learnDevice() {
    try {
      const devices = (await navigator.mediaDevices?.enumerateDevices?.()) || [];
      const outputs = devices.filter((device) => device.kind === "audiooutput");
      deviceLabel = (outputs.find((device) => device.deviceId === "default") || outputs[0])?.label || null;
    } catch {
      deviceLabel = null;
    }
  }

  // After a gesture an AudioContext runs and can say its output latency.
  async function learnPlatform() {
    try {
      const context = new AudioContext();
      await context.resume();
      platform = platformMs(context);
      context.close().catch(() => {});
    } catch {
      platform = null;
    }
  }

  async function refresh() {
    await learnDevice();
    update(choose(null, remembered(), platform));
  }

  async function calibrateNow() {
    const button = $("calibrate");
    button.disabled = true;
    $("calibration-result").textContent = "Playing clicks and listening for them: keep the microphone near your speaker or headphones…";
    const result = await root.SimulcastCalibrate.calibrate();
    button.disabled = false;
    sound.lastCalibration = result;
    if (result.refused) {
      const reason = /[.?!]$/.test(result.refused) ? result.refused : result.refused + ".";
      $("calibration-result").textContent = "Not measured: " + reason + " Your setting is unchanged.";
      return;
    }
    await learnDevice();
    set(Math.round(result.outputLatencyMs));
    $("calibration-result").textContent = "Measured " + Math.round(result.outputLatencyMs) + " ms (round trip " + Math.round(result.roundTripMs) +
      " ms less " + Math.round(result.inputLatencyMs) + " ms for the microphone; " + Math.round(result.confidence * 100) + " % sure).";
  }

  const sound = {
    get milliseconds() { return current.milliseconds; },
    get latency() { return current; },
    lastCalibration: null,
    onChange(subscriber) { subscribers.push(subscriber); },
    // Called inside a listener's gesture (choosing a service, a tap).
    async afterGesture() { await learnPlatform(); await refresh(); },
  };
  root.SimulcastSound = sound;

  $("latency-slider").addEventListener("input", (event) => set(Number(event.target.value)));
  $("calibrate").addEventListener("click", calibrateNow);
  render();
  refresh();
})(window);
