// @ts-check
// The listener page's follow loop: ten times a second it reads the player, asks the follow
// policy (follow.js) what to do at the server's time, carries the commands out and reports to
// the room. What the listener wants (sound, or a pause for themselves) is the page's; the
// follower is asked only while they want sound and no tap is pending.
import { MessageType, SPOTIFY_CONNECT } from "../constants.js";
import { nowMicros } from "./clock-sync.js";
import { FollowPolicy } from "./follow.js";
import { FollowTarget, matchFor } from "./follow-target.js";

/** @typedef {import("../types/page").ListenerPage} ListenerPage */
/** @typedef {import("../types/page").ListenerPlayer} ListenerPlayer */
/** @typedef {import("../types/page").FollowCommand} FollowCommand */
/** @typedef {import("../types/page").PlayerReading} PlayerReading */
/** @typedef {import("../types/wire").RoomState} RoomState */

/**
 * What the follower needs of the page.
 * @typedef {object} FollowerDeps
 * @property {ListenerPage} page
 * @property {{ send(message: object): boolean, clock: { serverTime(localMicros: number): number | null } }} connection
 * @property {() => number} outputLatencyMs this device's sound delay now
 * @property {(room: RoomState) => RoomState} roomForMe the room with this listener's own choice of version
 * @property {() => void} render
 * @property {() => void} playingStarted the player plays where it did not (the lock screen's controls go again)
 * @property {(error: unknown) => void} failed a command failed: the page says why or asks for a tap
 * @property {() => void} succeeded the commands went through: a failure's message may go
 */


export class ListenerFollower {
  /** @param {FollowerDeps} deps */
  constructor(deps) {
    this.deps = deps;
    /** @type {ListenerPlayer | null} */
    this.player = null;
    /** @type {FollowPolicy | null} */
    this.policy = null;
    /** Whether this player's commands go through Spotify's servers (Spotify Connect). */
    this.remote = false;
    this.busy = false;
    this.lastReport = 0;
    this.waited = false;
  }

  /**
   * The room's next songs, as this listener's matches.
   * @param {RoomState | null} room
   */
  upNext(room) {
    const { page } = this.deps;
    return (room?.queue || []).map((entry) => matchFor(entry, this.service, page.storefront))
      .flatMap((match) => (match?.status === "matched" && match.track ? [match.track.id] : []));
  }

  /** The service the player plays from: the listener's own, or their fallback for this song. */
  get service() { return this.deps.page.playingFrom ?? this.deps.page.service; }

  // A fresh policy for a listener coming back (a tap, Resume): what it learned of this
  // player's latencies carries over; what it was waiting for does not.
  renewPolicy() {
    const { page } = this.deps;
    const previous = this.policy;
    // A Connect device's commands go through Spotify's servers: the figures SpotifyConnectPlayer.followConfiguration sets.
    const figures = this.player?.followFigures ?? (this.remote ? SPOTIFY_CONNECT : { seekThresholdMs: 35, defaultStartLatencyMs: 100, defaultSeekLatencyMs: 100 });
    const next = new FollowPolicy({ service: this.service, storefront: page.storefront, canScheduleStart: false, outputLatencyMs: this.deps.outputLatencyMs(), ...figures });
    if (previous) { next.latency.start = previous.latency.start; next.latency.seek = previous.latency.seek; }
    if (page.room) next.roomStateReceived(this.deps.roomForMe(page.room));
    this.policy = next;
  }

  async tick() {
    const { page, connection } = this.deps;
    const player = this.player;
    if (!player || !this.policy || this.busy) return;
    Promise.resolve(player.renewIfDue?.()).catch(() => {});
    const serverNow = connection.clock.serverTime(nowMicros());
    if (serverNow === null || !page.room) { this.deps.render(); return; }
    const reading = player.read();
    if (reading.playing && !page.reading?.playing) this.deps.playingStarted();
    page.reading = reading;
    // Not wanted (paused by the listener) or waiting for their tap: the policy is not asked,
    // so nothing is undone and nothing is left pending for when they come back.
    // A player busy with something of its own (YouTube's ad, a stall) is waited for, not chased;
    // when it plays again, what the policy was waiting for is dropped (an ad is no latency to
    // learn) and what it learned carries over.
    if (reading.waiting) this.waited = true;
    else if (this.waited) { this.waited = false; this.renewPolicy(); }
    const policy = this.policy;
    if (!policy) return;
    const following = page.wantsSound && !page.needsTap && !reading.waiting;
    const commands = following ? policy.playerObserved({ trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs, serverTime: serverNow }) : [];
    page.syncErrorMs = following && reading.playing ? policy.syncErrorMs : null;
    const now = performance.now();
    if (now - this.lastReport > 1000 && reading.trackId) {
      this.lastReport = now;
      connection.send({ type: MessageType.listenerReport, trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs,
        measuredAt: Math.round(serverNow), syncErrorMs: page.syncErrorMs ?? undefined, seq: page.room?.seq,
        outputLatencyMs: policy.outputLatencyMs || undefined });
    }
    this.deps.render();
    if (commands.length > 0) await this.perform(commands, reading);
  }

  /** @param {FollowCommand[]} commands @param {PlayerReading} reading */
  async perform(commands, reading) {
    const { page } = this.deps;
    const player = this.player;
    if (!player) return;
    this.busy = true;
    try {
      for (const command of commands) {
        page.commands.push({ ...command, at: performance.timeOrigin + performance.now() });
        if (page.commands.length > 200) page.commands.splice(0, page.commands.length - 200);
        // Positions include this player's learned latency from the seek to audio; the SDK's
        // own steps before the seek take time while the room moves on.
        const decidedAt = performance.now();
        const moving = command.play !== false && command.kind !== "pause";
        const aim = () => (command.positionMs ?? 0) + (moving ? performance.now() - decidedAt : 0);
        if ((command.kind === "load" || command.kind === "start") && command.trackId) await player.load(command.trackId, aim, command.play ?? true, this.upNext(page.room));
        else if (command.kind === "seek") await (command.play && !reading.playing ? player.play(aim) : player.seek(aim));
        else if (command.kind === "pause" || command.kind === "stop") { if (reading.playing) await player.pause(); }
      }
      this.deps.succeeded();
    } catch (error) {
      this.deps.failed(error);
    } finally {
      this.busy = false;
    }
  }

  /** Inside the listener's tap: the room's song at the live position, then a fresh policy. */
  async startLive() {
    const { page, connection } = this.deps;
    const policy = this.policy, player = this.player;
    if (!player) return;
    const serverNow = connection.clock.serverTime(nowMicros());
    const target = page.room && serverNow !== null && policy ? policy.targetMatch : null;
    if (policy && page.room && serverNow !== null && target?.status === "matched" && target.track && page.room.playing) {
      const position = new FollowTarget(page.room, serverNow, policy.outputLatencyMs).positionMs;
      await this.perform([{ kind: "load", trackId: target.track.id, positionMs: position + policy.startLatency.predictedMs, play: true }], player.read());
    }
    this.renewPolicy();
  }

  /** Pauses the player now, whatever it last reported (pause, leave, switch service). */
  silence() {
    if (this.player) this.perform([{ kind: "pause" }], { ...this.player.read(), playing: true });
  }
}
