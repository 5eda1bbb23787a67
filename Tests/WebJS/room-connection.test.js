// The room connection on a virtual clock and a fake socket: the hello, the ping schedule,
// backoff, failover to the next server, final refusals and hostile ?server= links.
import assert from "node:assert/strict";
import test from "node:test";
import { CONNECTION, FINAL_CLOSE_CODES } from "../../Sources/SimulcastServer/Web/constants.js";
import { RoomConnection, roomServers } from "../../Sources/SimulcastServer/Web/room/room-connection.js";

/** Timers on a virtual clock: `advance(ms)` runs what falls due, in order. */
function virtualTimers() {
  let now = 0, next = 1;
  const due = new Map();
  return {
    now: () => now,
    setTimeout: (callback, ms) => { const id = next++; due.set(id, { at: now + Math.max(0, ms), callback }); return id; },
    clearTimeout: (id) => { due.delete(id); },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const [id, timer] = [...due.entries()].sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0] || [];
        if (!timer || timer.at > end) break;
        due.delete(id);
        now = timer.at;
        timer.callback();
      }
      now = end;
    },
  };
}

function rig() {
  const timers = virtualTimers();
  const sockets = [];
  class FakeSocket {
    constructor(url) { this.url = url; this.sent = []; this.readyState = 0; sockets.push(this); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close(code) { this.readyState = 3; this.onclose?.({ code }); }
    open() { this.readyState = 1; this.onopen?.(); }
    drop(code = 1006) { this.readyState = 3; this.onclose?.({ code }); }
    receive(message) { this.onmessage?.({ data: JSON.stringify(message) }); }
  }
  const events = [];
  const connection = new RoomConnection({
    servers: ["ws://a", "ws://b"], path: "/v1/ws", hello: () => ({ type: "hello", role: "listener" }),
    WebSocket: FakeSocket, timers, nowMs: timers.now, nowMicros: () => timers.now() * 1000, random: () => 0.5,
    onMessage: (message) => events.push(["message", message.type]), onFinalClose: (code) => events.push(["final", code]),
  });
  return { timers, sockets, connection, events };
}

test("a connection sends the hello, then a burst of pings 40 ms apart, then one every 2 s", () => {
  const { timers, sockets, connection } = rig();
  connection.connect();
  sockets[0].open();
  const pings = () => sockets[0].sent.filter((m) => m.type === "time.ping").length;
  assert.deepEqual(sockets[0].sent[0], { v: 1, type: "hello", role: "listener" });
  timers.advance(0);
  assert.equal(pings(), 1);
  timers.advance(CONNECTION.burstSpacingMs * (CONNECTION.burstSize - 1));
  assert.equal(pings(), CONNECTION.burstSize);
  timers.advance(CONNECTION.pingIntervalMs - 1);
  assert.equal(pings(), CONNECTION.burstSize);
  timers.advance(1);
  assert.equal(pings(), CONNECTION.burstSize + 1);
});

test("a dropped connection backs off 250 ms doubling to 5 s, each time to the next server", () => {
  const { timers, sockets, connection } = rig();
  connection.connect();
  const waits = [];
  for (let attempt = 0; attempt < 7; attempt += 1) {
    const socket = sockets[sockets.length - 1];
    socket.drop();
    const before = timers.now(), count = sockets.length;
    while (sockets.length === count) timers.advance(1);
    waits.push(timers.now() - before);
  }
  assert.deepEqual(waits, [250, 500, 1000, 2000, 4000, 5000, 5000]);
  assert.deepEqual(sockets.slice(0, 4).map((s) => s.url), ["ws://a/v1/ws", "ws://b/v1/ws", "ws://a/v1/ws", "ws://b/v1/ws"]);
});

test("a connection that lasted starts the backoff over", () => {
  const { timers, sockets, connection } = rig();
  connection.connect();
  sockets[0].drop();
  timers.advance(250);
  sockets[1].drop();
  timers.advance(500);
  sockets[2].open();
  timers.advance(CONNECTION.stableAfterMs + 1);
  sockets[2].drop();
  const count = sockets.length, before = timers.now();
  while (sockets.length === count) timers.advance(1);
  assert.equal(timers.now() - before, CONNECTION.firstBackoffMs);
});

test("every final refusal stops the connection; nothing reconnects", () => {
  for (const code of FINAL_CLOSE_CODES) {
    const { timers, sockets, connection, events } = rig();
    connection.connect();
    sockets[0].open();
    sockets[0].drop(code);
    timers.advance(60000);
    assert.equal(sockets.length, 1, `reconnected after ${code}`);
    assert.deepEqual(events.at(-1), ["final", code]);
  }
});

test("leaving closes with 1000 and nothing reconnects", () => {
  const { timers, sockets, connection, events } = rig();
  connection.connect();
  sockets[0].open();
  connection.close(1000);
  timers.advance(60000);
  assert.equal(sockets.length, 1);
  assert.deepEqual(events.at(-1), ["final", 1000]);
});

test("coming back reconnects at once, without the backoff's wait", () => {
  const { timers, sockets, connection } = rig();
  connection.connect();
  sockets[0].drop();
  timers.advance(250);
  sockets[1].drop();
  connection.comeBack();
  assert.equal(sockets.length, 3);
});

test("pongs synchronise the clock after one burst; other messages go to the page; garbage is ignored", () => {
  const { sockets, connection, events } = rig();
  connection.connect();
  sockets[0].open();
  for (let i = 0; i < CONNECTION.burstSize - 1; i += 1) sockets[0].receive({ type: "time.pong", t0: 0, t1: 5000, t2: 5000, t3: 0 });
  assert.equal(connection.synchronised, false);
  sockets[0].receive({ type: "time.pong", t0: 0, t1: 5000, t2: 5000, t3: 0 });
  assert.equal(connection.synchronised, true);
  assert.equal(connection.clock.offset, 5000);
  sockets[0].onmessage({ data: "not json" });
  sockets[0].receive({ type: "room.state" });
  assert.deepEqual(events, [["message", "room.state"]]);
});

test("?server= may name only the server's own origins", () => {
  const location = { protocol: "https:", host: "listen.example", origin: "https://listen.example", search: "" };
  const servers = (search, origins = ["https://node2.example"]) => roomServers({ ...location, search }, origins);
  assert.deepEqual(servers(""), ["wss://listen.example"]);
  assert.deepEqual(servers("?server=https://node2.example"), ["wss://listen.example", "wss://node2.example"]);
  assert.deepEqual(servers("?server=wss://node2.example/"), ["wss://listen.example", "wss://node2.example"]);
  assert.deepEqual(servers("?server=https://evil.example,https://node2.example.evil.example"), ["wss://listen.example"]);
  assert.deepEqual(servers("?server=https://node2.example/path"), ["wss://listen.example"]);
  assert.deepEqual(servers("?server=javascript:alert(1)"), ["wss://listen.example"]);
});

test("a restart (a new name) rejoins at once with a fresh hello, to the same server", () => {
  const { sockets, connection } = rig();
  let name = "Ana";
  connection.options.hello = () => ({ type: "hello", role: "listener", name });
  connection.connect();
  sockets[0].open();
  name = "Bo";
  connection.restart();
  assert.equal(sockets.length, 2);
  assert.equal(sockets[0].readyState, 3);
  sockets[1].open();
  assert.equal(sockets[1].sent[0].name, "Bo");
  assert.equal(connection.connected, true);
});
