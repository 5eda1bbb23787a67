// @ts-check
// Reads a player that reports its time in steps (YouTube's iframe: a few times a second): the
// port of SimulcastCore's SteppedTimeReader, held to it by Tests/Fixtures/stepped-time-readings.json.
// A reading that differs from the one before bounds the video's offset from the page's clock on
// both sides; the bounds narrow change after change, and the position is their middle carried
// to now (started afresh at a jump). "Playing" counts once the time is seen to move: a player
// that says "playing" while its time stands still is showing an ad or stalled (`waiting`).

/** The IFrame API's states (`YT.PlayerState`). */
export const State = Object.freeze({ unstarted: -1, ended: 0, playing: 1, paused: 2, buffering: 3, cued: 5 });
/**
 * How long a "playing" player's time may stand still before it counts as an ad or a stall: the
 * iframe reports its time about four times a second, so half a second without a change is not
 * a report that is late.
 */
export const STILL_MS = 500;
/** A change this far outside the bounds is a jump (a seek, a load): start afresh. */
export const JUMP_MS = 700;

export class SteppedTime {
  /** @param {number} at page ms */
  constructor(at) {
    this.reportedSeconds = 0;
    /** When the reported time last changed (page ms). */
    this.changedAt = at;
    /** When the player was last read (page ms). */
    this.readAt = at;
    /** Video position minus page time (ms): what the changes seen since the last jump allow; null before one. */
    this.offset = /** @type {{ low: number, high: number } | null} */ (null);
    /** Whether the time has moved since the player last changed state (or was moved). */
    this.moving = false;
  }

  /**
   * The player changed state: what was learned of its time is dropped.
   * @param {number} at page ms
   */
  stateChanged(at) {
    this.changedAt = at;
    this.offset = null;
    this.moving = false;
  }

  /**
   * A video was loaded from `positionMs`.
   * @param {number} positionMs @param {number} at page ms
   */
  loaded(positionMs, at) {
    this.reportedSeconds = Math.max(0, positionMs) / 1000;
    this.changedAt = at;
    this.offset = null;
    this.moving = false;
  }

  /** The video was moved (a seek, a play from a pause). */
  sought() {
    this.offset = null;
    this.moving = false;
  }

  /**
   * One reading: the player's state and `getCurrentTime()` at page time `at`.
   * @param {number} state @param {number} seconds @param {number} at
   * @returns {{ playing: boolean, loading: boolean, waiting: boolean, positionMs: number }}
   */
  read(state, seconds, at) {
    if (seconds !== this.reportedSeconds) {
      // Reached after the last reading and by now: the offset lies between these two.
      if (state === State.playing) this.narrow(seconds * 1000 - at, seconds * 1000 - this.readAt);
      this.reportedSeconds = seconds;
      this.changedAt = at;
      if (state === State.playing) this.moving = true;
    }
    this.readAt = at;
    const stalled = state === State.playing && at - this.changedAt > STILL_MS;
    const playing = state === State.playing && this.moving && !stalled;
    let positionMs = seconds * 1000;
    if (playing && this.offset) positionMs = (this.offset.low + this.offset.high) / 2 + at;
    else if (!playing) this.offset = null;
    // Buffering after a load or seek is the policy's to time; only an ad or a stall is waited out.
    return { playing, loading: stalled || state === State.buffering || state === State.unstarted, waiting: stalled, positionMs };
  }

  /**
   * Narrows the offset to what one more change allows; a change that contradicts it by more
   * than a jump starts it again.
   * @private @param {number} low @param {number} high
   */
  narrow(low, high) {
    const known = this.offset;
    if (!known || low > known.high + JUMP_MS || high < known.low - JUMP_MS) { this.offset = { low, high }; return; }
    const narrowed = { low: Math.max(known.low, low), high: Math.min(known.high, high) };
    this.offset = narrowed.low <= narrowed.high ? narrowed : { low, high };
  }
}
