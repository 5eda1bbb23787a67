// @ts-check
// The timing of a room connection (ConnectionDriver.swift, line for line): which server to
// connect to, when the next clock ping is due (a dense burst, then a steady pace, another
// burst after a clock step), and after a connection ends, how long to back off. Pure: times
// in, waits out (milliseconds). A table recorded from the Swift driver is replayed here.
import { CONNECTION } from "../constants.js";

export class ConnectionDriver {
  /** @param {string[]} urls the room's WebSocket URL on each server, in the order tried */
  constructor(urls, pingIntervalMs = CONNECTION.pingIntervalMs) {
    this.urls = urls;
    this.pingIntervalMs = pingIntervalMs;
    this.serverIndex = 0;
    this.backoffMs = CONNECTION.firstBackoffMs;
    /** Numbers the connections, so a ping scheduled for one that ended is not sent on the next. */
    this.connection = 0;
    this.isOpen = false;
    /** @type {number | null} */
    this.openedAt = null;
    this.pingsSent = 0;
    this.burstPingsOwed = 0;
  }

  /** The server to connect to now. */
  get url() { return this.urls[this.serverIndex % this.urls.length]; }

  /**
   * A connection opened at `nowMs`: its number (its first ping is due at once).
   * @param {number} nowMs
   */
  opened(nowMs) {
    this.connection += 1;
    this.isOpen = true;
    this.openedAt = nowMs;
    this.pingsSent = 0;
    this.burstPingsOwed = 0;
    return this.connection;
  }

  /**
   * A ping of `connection` is due: the wait until the next one, or null (that connection ended).
   * @param {number} connection
   */
  pingDue(connection) {
    if (!this.isOpen || connection !== this.connection) return null;
    this.pingsSent += 1;
    if (this.pingsSent < CONNECTION.burstSize) return CONNECTION.burstSpacingMs;
    if (this.burstPingsOwed > 0) {
      this.burstPingsOwed -= 1;
      return CONNECTION.burstSpacingMs;
    }
    return this.pingIntervalMs;
  }

  /** Clock sync saw a step: the window is rebuilt with another dense burst. */
  clockStepped() { this.burstPingsOwed = CONNECTION.burstSize - 1; }

  /**
   * The connection ended (or could not be made) at `nowMs`: the wait before connecting again,
   * to the next server. `random` gives [0, 1) for the ±20 % jitter.
   * @param {number} nowMs
   * @param {() => number} [random]
   */
  closed(nowMs, random = Math.random) {
    if (this.openedAt !== null && nowMs - this.openedAt > CONNECTION.stableAfterMs) this.backoffMs = CONNECTION.firstBackoffMs;
    this.isOpen = false;
    this.openedAt = null;
    this.serverIndex = (this.serverIndex + 1) % this.urls.length;
    const delay = this.backoffMs * (0.8 + 0.4 * random());
    this.backoffMs = Math.min(this.backoffMs * 2, CONNECTION.maximumBackoffMs);
    return delay;
  }

  /** Back from the background or the network: the next connection starts without a wait. */
  resetBackoff() { this.backoffMs = CONNECTION.firstBackoffMs; }
}
