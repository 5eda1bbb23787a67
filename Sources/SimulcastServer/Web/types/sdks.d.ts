// The two services' SDKs as the pages use them (MusicKit JS v3, the Spotify Web Playback SDK),
// newer browser APIs than TypeScript 4.8's DOM library (Debian's) knows, and the audio
// worklet's scope. For the type check only. Only what the pages call is declared; a service's
// JSON answers (the Apple Music API's through MusicKit) stay loosely typed here, where the
// pages read them field by field with optional chaining.

declare global {
  namespace MusicKit {
    /** A song (or another media item) as MusicKit gives it. */
    interface MediaItem {
      id: string;
      title?: string;
      attributes?: {
        name?: string;
        artistName?: string;
        albumName?: string;
        durationInMillis?: number;
        isrc?: string;
        contentRating?: string;
        artwork?: { url?: string };
      };
    }
    interface Queue {
      items: MediaItem[];
      position?: number;
    }
    /** The Apple Music API through MusicKit: its JSON answer under `data`. */
    interface API {
      music(path: string, parameters?: Record<string, unknown>, options?: { fetchOptions?: RequestInit }): Promise<{ data: any }>;
    }
    /** MusicKit.PlaybackStates: numbers by name. */
    type PlaybackStates = Record<string, number>;
    interface Instance {
      readonly api: API;
      readonly isAuthorized: boolean;
      readonly storefrontCountryCode?: string;
      readonly nowPlayingItem?: MediaItem | null;
      readonly currentPlaybackTime: number;
      readonly playbackState: number;
      readonly queue?: Queue;
      developerToken: string;
      volume: number;
      authorize(): Promise<string | void>;
      setQueue(options: { songs?: string[]; song?: string; album?: string; playlist?: string; startWith?: number; startTime?: number; startPlaying?: boolean }): Promise<unknown>;
      playLater(options: { song: string }): Promise<unknown>;
      seekToTime(seconds: number): Promise<unknown>;
      play(): Promise<unknown>;
      pause(): Promise<unknown>;
      skipToNextItem(): Promise<unknown>;
      skipToPreviousItem(): Promise<unknown>;
      addEventListener(name: string, listener: (event?: unknown) => void): void;
    }
    function configure(options: { developerToken: string; app: { name: string; build: string } }): Promise<Instance>;
    function getInstance(): Instance;
    const PlaybackStates: PlaybackStates;
  }

  namespace Spotify {
    /** The Web Playback SDK's state of its player. */
    interface PlaybackState {
      paused: boolean;
      position: number;
      duration: number;
      timestamp?: number;
      loading?: boolean;
      track_window: { current_track: { id: string | null; uri: string; name?: string } | null };
    }
    interface PlayerOptions {
      name: string;
      volume?: number;
      getOAuthToken(callback: (token: string) => void): void;
    }
    class Player {
      constructor(options: PlayerOptions);
      connect(): Promise<boolean>;
      activateElement(): Promise<void>;
      getCurrentState(): Promise<PlaybackState | null>;
      setVolume(volume: number): Promise<void>;
      seek(positionMs: number): Promise<void>;
      resume(): Promise<void>;
      pause(): Promise<void>;
      addListener(event: "ready", listener: (device: { device_id: string }) => void): boolean;
      addListener(event: "player_state_changed", listener: (state: PlaybackState | null) => void): boolean;
      addListener(event: string, listener: () => void): boolean;
    }
  }

  /** The YouTube IFrame Player API, as the listener page uses it. */
  namespace YT {
    interface PlayerOptions {
      width?: number;
      height?: number;
      videoId?: string;
      playerVars?: Record<string, string | number>;
      events?: Record<string, (event: { data: number; target: Player }) => void>;
    }
    class Player {
      constructor(element: HTMLElement | string, options: PlayerOptions);
      loadVideoById(spec: { videoId: string; startSeconds?: number }): void;
      cueVideoById(spec: { videoId: string; startSeconds?: number }): void;
      playVideo(): void;
      pauseVideo(): void;
      seekTo(seconds: number, allowSeekAhead: boolean): void;
      getCurrentTime(): number;
      getPlayerState(): number;
      setVolume(volume: number): void;
      unMute?(): void;
      getIframe(): HTMLIFrameElement;
    }
  }

  interface Window {
    YT?: typeof YT;
    onYouTubeIframeAPIReady?: () => void;
    MusicKit?: typeof MusicKit;
    Spotify?: typeof Spotify;
    onSpotifyWebPlaybackSDKReady?: () => void;
    /** The listener page's state, for a look from outside (tests, a curious listener). */
    simulcastPage?: object;
    /** The host page's state, for a look from outside. */
    simulcastHostPage?: object;
  }
  // Newer than TypeScript 4.8's DOM library (Debian's): the Screen Wake Lock API, and the
  // input latency a microphone's track reports.
  interface Navigator {
    wakeLock?: { request(type: "screen"): Promise<WakeLockSentinel> };
    /** Safari 16.4+: how the page's audio behaves (silent switch, locked screen). */
    audioSession?: { type: string };
  }
  /** The Screen Wake Lock API's lock, held until released (or the page is hidden). */
  interface WakeLockSentinel extends EventTarget {
    readonly released: boolean;
    release(): Promise<void>;
  }
  interface MediaTrackSettings {
    latency?: number;
  }
  // The audio worklet's global scope (calibration-worklet.js).
  class AudioWorkletProcessor {
    readonly port: MessagePort;
  }
  function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;
  const currentFrame: number;
}
export {};
