// @ts-check
// One room connection for every page (the listener, the Apple Music host): the hello, the
// clock sync (ClockSync, on ConnectionDriver's ping schedule), reconnecting with backoff to
// the next server, and stopping on a final refusal. The same timing and the same final
// refusals as the Swift RoomConnection; the values come from constants.js.
import { ClockSync, nowMicros } from "../sync/clock-sync.js";
import { CONNECTION, FINAL_CLOSE_CODES, PROTOCOL_VERSION, MessageType } from "../constants.js";
import { ConnectionDriver } from "./connection-driver.js";

/**
 * The WebSocket URLs of the room's servers: this page's own first, then the other nodes named
 * in `?server=URL1,URL2` (several nodes without a load balancer). Only the server's own
 * origins may be named: a link naming another server would otherwise move the page there,
 * playing what it says on the listener's account.
 * @param {{ protocol: string, host: string, origin: string, search: string }} location
 * @param {string[]} ownOrigins the server's public origins (the page's configuration)
 */
export function roomServers(location, ownOrigins) {
  const allowed = new Set([location.origin].concat(ownOrigins));
  const named = (new URLSearchParams(location.search).get("server") || "").split(",").map((url) => url.trim().replace(/\/+$/, ""))
    .filter((url) => /^(https?|wss?):\/\/[^/]+$/.test(url))
    .filter((url) => { try { return allowed.has(new URL(url.replace(/^ws/, "http")).origin); } catch { return false; } })
    .map((url) => url.replace(/^http/, "ws"));
  return [(location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host].concat(named);
}

/**
 * @typedef {object} RoomConnectionOptions
 * @property {string[]} servers WebSocket origins, tried in turn (`roomServers`)
 * @property {string} path the server's WebSocket path
 * @property {() => object} hello the hello to send on each connection
 * @property {(message: import("../types/wire").ServerMessage) => void} [onMessage] every message but the clock's
 * @property {() => void} [onChange] connected, synchronised or closed
 * @property {() => void} [onSynchronised] the first burst of clock samples is in
 * @property {() => void} [onClockStep] the clock was seen to step
 * @property {(code: number) => void} [onFinalClose] refused for good (or left): nothing reconnects
 * @property {new (url: string) => import("../types/page").SocketLike} [WebSocket] for tests
 * @property {{ setTimeout: typeof setTimeout, clearTimeout: typeof clearTimeout }} [timers] for tests
 * @property {() => number} [nowMs] a monotonic clock in ms
 * @property {() => number} [nowMicros] the client's clock in µs (ClockSync's)
 * @property {() => number} [random] [0, 1), for the backoff's jitter
 */

export class RoomConnection {
  /** @param {RoomConnectionOptions} options */
  constructor(options) {
    this.options = options;
    // The browser's WebSocket is one of these: only what SocketLike names is used.
    this.WebSocket = options.WebSocket ?? /** @type {new (url: string) => import("../types/page").SocketLike} */ (/** @type {unknown} */ (globalThis.WebSocket));
    this.timers = options.timers ?? { setTimeout: globalThis.setTimeout.bind(globalThis), clearTimeout: globalThis.clearTimeout.bind(globalThis) };
    this.nowMs = options.nowMs ?? (() => performance.now());
    this.nowMicros = options.nowMicros ?? nowMicros;
    this.random = options.random ?? Math.random;
    this.clock = new ClockSync(32);
    this.driver = new ConnectionDriver(options.servers);
    /** @type {import("../types/page").SocketLike | null} */
    this.socket = null;
    this.connected = false;
    this.synchronised = false;
    /** @type {number | null} */
    this.finalCode = null;
    this.samplesSinceConnect = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.pingTimer = undefined;
  }

  /** Connects now, unless connected, connecting or closed for good. */
  connect() {
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.finalCode !== null || this.socket) return;
    const socket = new this.WebSocket(this.driver.url + this.options.path);
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.connected = true;
      this.samplesSinceConnect = 0;
      this.send(this.options.hello());
      this.schedulePing(this.driver.opened(this.nowMs()), 0);
      this.options.onChange?.();
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      /** @type {unknown} */
      let parsed;
      try { parsed = JSON.parse(String(event.data)); } catch { return; }  // not ours to act on
      if (!parsed || typeof parsed !== "object" || typeof (/** @type {{ type?: unknown }} */ (parsed)).type !== "string") return;
      // The server's own message, as docs/PROTOCOL.md gives it.
      const message = /** @type {import("../types/wire").ServerMessage} */ (parsed);
      if (message.type === MessageType.timePong) this.pong(message);
      else this.options.onMessage?.(message);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.connected = false;
      this.synchronised = false;
      this.timers.clearTimeout(this.pingTimer);
      const wait = this.driver.closed(this.nowMs(), this.random);
      if (this.finalCode !== null || FINAL_CLOSE_CODES.includes(event.code)) {
        const code = (this.finalCode ??= event.code);
        this.options.onChange?.();
        this.options.onFinalClose?.(code);
        return;
      }
      this.options.onChange?.();
      this.retryTimer = this.timers.setTimeout(() => this.connect(), wait);
    };
  }

  /**
   * Sends a message now, when connected (else it is dropped: the state is sent afresh on reconnect).
   * @param {object} message
   */
  send(message) {
    if (this.socket?.readyState !== 1) return false;
    this.socket.send(JSON.stringify({ v: PROTOCOL_VERSION, ...message }));
    return true;
  }

  /** Back from the background, a bfcache restore or the network: reconnect at once, or measure the clock afresh. */
  comeBack() {
    if (this.finalCode !== null) return;
    if (!this.socket) {
      this.driver.resetBackoff();
      this.connect();
    } else if (this.connected) {
      this.burst();
    }
  }

  /** Rejoins now with a fresh hello (a new name): the old connection closes, the new one opens without a wait. */
  restart() {
    if (!this.socket || this.finalCode !== null) return;
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    this.synchronised = false;
    this.timers.clearTimeout(this.pingTimer);
    socket.close(1000);
    this.connect();
  }

  /**
   * Leaves for good with `code` (1000: the listener left).
   * @param {number} code
   */
  close(code) {
    this.finalCode = code;
    this.timers.clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close(code);
    else this.options.onFinalClose?.(code);
  }

  /** @private @param {number} connection @param {number} delayMs */
  schedulePing(connection, delayMs) {
    this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = this.timers.setTimeout(() => {
      const next = this.driver.pingDue(connection);
      if (next === null) return;
      this.send({ type: MessageType.timePing, t0: this.nowMicros() });
      this.schedulePing(connection, next);
    }, delayMs);
  }

  /** @private A dense burst again, from now. */
  burst() {
    this.driver.clockStepped();
    this.schedulePing(this.driver.connection, 0);
  }

  /** @private @param {{ t0: number, t1: number, t2: number }} pong */
  pong(pong) {
    if (this.clock.add(pong.t0, pong.t1, pong.t2, this.nowMicros())) {
      this.burst();
      this.options.onClockStep?.();
    }
    this.samplesSinceConnect += 1;
    if (this.samplesSinceConnect === CONNECTION.burstSize) {
      this.synchronised = true;
      this.options.onSynchronised?.();
      this.options.onChange?.();
    }
  }
}
