// @ts-check
// The listener's Apple Music player: the follow policy's verbs (load, seek, play, pause, read)
// over MusicKit JS v3.
import { MusicKitSession } from "./musickit.js";
import * as strings from "../strings.js";

/**
 * What a player tells the page.
 * @typedef {object} PlayerEvents
 * @property {(text: string, kind?: string, clears?: string) => void} say
 * @property {() => void} needTap
 * @property {(error: unknown) => void} loginNeeded
 * @property {() => void} playing the player plays again: a failure's message may go
 * @property {() => boolean} wantsSound
 * @property {() => number} volume 0 to 1
 */

export class AppleMusicPlayer {
  /**
   * Loaded and configured before the click, so sign-in and the first play run in it.
   * @param {{ musicKitURL: string }} config
   * @param {PlayerEvents} events
   */
  static async prepare(config, events) {
    return new AppleMusicPlayer(await MusicKitSession.start(config.musicKitURL), events);
  }

  /** @param {MusicKitSession} session @param {PlayerEvents} events */
  constructor(session, events) {
    this.session = session;
    this.music = session.music;
    const music = this.music;
    music.addEventListener?.("mediaPlaybackError", () => events.say(strings.appleMusic.couldNotPlay, "error", "success"));
    music.addEventListener?.("authorizationStatusDidChange", () => { if (!music.isAuthorized && events.wantsSound()) events.say(strings.appleMusic.signedOut, "error", "success"); });
    music.addEventListener?.("playbackStateDidChange", () => { if (this.read().playing) events.playing(); });
    this.events = events;
  }

  get storefront() { return (this.music.storefrontCountryCode || "us").toLowerCase(); }
  get renewals() { return this.session.renewals; }
  renewIfDue() { return this.session.renewIfDue(); }

  async begin() {
    await this.session.authorize();
    this.music.volume = this.events.volume();
  }

  /**
   * MusicKit v3's instance volume, 0 to 1 (the device's own buttons still rule on iPhone).
   * @param {number} fraction
   */
  async setVolume(fraction) { this.music.volume = fraction; }

  /**
   * Starts at the position (MusicKit v3 `startTime`), never the song's opening then a jump, and
   * queues the room's next matched songs so a suspended page plays on into them.
   * @param {string} trackId @param {() => number} aim @param {boolean} play @param {string[]} upNext
   */
  load(trackId, aim, play, upNext) {
    const songs = [trackId].concat(upNext.filter((id) => id !== trackId)).slice(0, 10);
    return this.session.call("Apple Music", () => this.music.setQueue({ songs, startWith: 0, startTime: Math.max(0, aim()) / 1000, startPlaying: play }));
  }
  /** @param {() => number} aim */
  seek(aim) { return this.session.call("Apple Music", () => this.music.seekToTime(Math.max(0, aim()) / 1000)); }
  /** @param {() => number} aim */
  async play(aim) { await this.session.call("Apple Music", () => this.music.play()); await this.seek(aim); }
  pause() { return this.session.call("Apple Music", () => this.music.pause()); }

  read() {
    const states = this.session.states;
    const state = this.music.playbackState;
    return {
      trackId: this.music.nowPlayingItem?.id ?? null,
      playing: state === states.playing,
      loading: [states.loading, states.waiting, states.stalled, states.seeking].includes(state),
      positionMs: (this.music.currentPlaybackTime || 0) * 1000,
    };
  }
}
