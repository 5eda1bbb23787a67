// The two services' SDKs as the pages use them (MusicKit JS v3, the Spotify Web Playback SDK),
// and the audio worklet's scope. For the type check only.

declare global {
  interface Window {
    MusicKit?: any;
    Spotify?: any;
    onSpotifyWebPlaybackSDKReady?: () => void;
    /** The listener page's state, for a look from outside (tests, a curious listener). */
    simulcastPage?: any;
    /** The host page's state, for a look from outside. */
    simulcastHostPage?: any;
  }
  const MusicKit: any;
  // Newer than TypeScript 4.8's DOM library (Debian's): the Screen Wake Lock API, and the
  // input latency a microphone's track reports.
  interface Navigator {
    wakeLock?: { request(type: "screen"): Promise<any> };
    /** Safari 16.4+: how the page's audio behaves (silent switch, locked screen). */
    audioSession?: { type: string };
  }
  interface MediaTrackSettings {
    latency?: number;
  }
  // The audio worklet's global scope (calibration-worklet.js).
  class AudioWorkletProcessor {
    readonly port: MessagePort;
  }
  function registerProcessor(name: string, processor: any): void;
  const currentFrame: number;
}
export {};
