// A listener link's first visit and return visit, as a phone's Chromium makes them: the bytes
// over the wire (static files apart), what the return visit asks the server, and the time from
// the navigation to the first visible control that starts the sound, on a throttled connection
// (Chromium's network emulation with DevTools' "Fast 3G" figures). Runs `simulcast serve` from
// each binary given, one after the other on the same machine, so a table compares them.
//
//   node --experimental-websocket scripts/page-load-bench.mjs --server .build/release/simulcast \
//        [--baseline /path/to/older/simulcast] [--runs 5] [--via-caddy]
//
// Directly the browser speaks HTTP/1.1 to `serve` (six connections, a round trip per file);
// `--via-caddy` puts Caddy in front with TLS (its own local authority) as docs/Caddyfile
// deploys it, so the browser speaks HTTP/2 to it, every file on one connection.
// Needs Debian's chromium (and caddy for --via-caddy) and node 20 (its WebSocket behind
// --experimental-websocket); nothing from npm. Prints a Markdown table, and JSON with --json.
import { execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const servers = [["this build", option("--server", ".build/release/simulcast")]];
if (option("--baseline")) servers.unshift(["baseline", option("--baseline")]);
const runs = Number(option("--runs", "3"));
const viaCaddy = args.includes("--via-caddy");
// DevTools' "Fast 3G": 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up.
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 / 8) * 0.9, uploadThroughput: (750 * 1024 / 8) * 0.9 };

// The moment a control that starts the sound is on the screen, by its visible name.
const WATCH = `(() => {
  const look = () => {
    if (window.__firstPlayControl) return;
    for (const b of document.querySelectorAll("button, a[href]")) {
      if (/listen|play|start/i.test(b.textContent || "") && b.checkVisibility && b.checkVisibility() && b.getClientRects().length) {
        window.__firstPlayControl = performance.now(); return;
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

async function waitFor(check, seconds, what) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out: " + what);
    await sleep(50);
  }
}

function startServer(binary, folder) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(binary, ["serve", "--port", String(port), "--offline", "--database", join(folder, "bench.sqlite"), "--log-level", "error",
    "--spotify-web-client-id", "page-load-bench"], { stdio: "ignore" });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Caddy in front of `base` on a free port, TLS from its own local authority; returns its https origin. */
async function startCaddy(base, folder) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const config = join(folder, "Caddyfile");
  writeFileSync(config, `{
\tadmin off
\tauto_https disable_redirects
\tskip_install_trust
\thttp_port ${port + 1}
\thttps_port ${port}
}
localhost:${port} {
\ttls internal
\treverse_proxy ${base.replace("http://", "")}
}
`);
  const child = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], { stdio: "ignore", env: { ...process.env, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder } });
  return { child, origin: `https://localhost:${port}` };
}

/**
 * The SHA-256 of the public key Caddy serves for `origin`, base64: Chromium takes a certificate
 * with it as valid (and so caches what it sends), where ignoring certificate errors would
 * disable its cache.
 * @param {string} origin
 */
function servedKeyHash(origin) {
  const { hostname, port } = new URL(origin);
  return execSync(`openssl s_client -connect ${hostname}:${port} -servername ${hostname} </dev/null 2>/dev/null | openssl x509 -pubkey -noout | ` +
    "openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64", { encoding: "utf8" }).trim();
}

/** @param {string} folder @param {string | null} trustedKey */
function startChromium(folder, trustedKey) {
  const profile = join(folder, "profile");
  const child = spawn("chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-port=0", `--user-data-dir=${profile}`,
    ...(trustedKey ? [`--ignore-certificate-errors-spki-list=${trustedKey}`] : []),
    "--autoplay-policy=no-user-gesture-required", "about:blank"], { stdio: "ignore" });
  return { child, profile };
}

class Tab {
  static async open(port) {
    const target = await (await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: "PUT" })).json();
    const tab = new Tab(new WebSocket(target.webSocketDebuggerUrl));
    await new Promise((resolve, reject) => { tab.socket.onopen = resolve; tab.socket.onerror = reject; });
    return tab;
  }
  constructor(socket) {
    this.socket = socket; this.id = 0; this.waiting = new Map(); this.requests = new Map();
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      if (message.id) { const w = this.waiting.get(message.id); this.waiting.delete(message.id); return message.error ? w.reject(new Error(message.error.message)) : w.resolve(message.result); }
      const p = message.params;
      if (message.method === "Network.requestWillBeSent") this.requests.set(p.requestId, { url: p.request.url, bytes: 0, status: 0, cached: false, done: false });
      const r = this.requests.get(p?.requestId);
      if (!r) return;
      if (message.method === "Network.responseReceived") { r.status = p.response.status; r.cached ||= !!(p.response.fromDiskCache || p.response.fromMemoryCache); }
      if (message.method === "Network.requestServedFromCache") r.cached = true;
      if (message.method === "Network.loadingFinished") { r.bytes = p.encodedDataLength; r.done = true; }
      if (message.method === "Network.loadingFailed") r.done = true;
    };
  }
  send(method, params = {}) {
    const id = ++this.id;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }
  async evaluate(expression) {
    const result = await this.send("Runtime.evaluate", { expression, returnByValue: true });
    return result.result.value;
  }
  close() { this.socket.close(); }
}

/** One visit in a new tab of the same browser (its cache is the browser's). */
async function visit(port, url, throttled) {
  const tab = await Tab.open(port);
  await tab.send("Network.enable");
  await tab.send("Page.enable");
  await tab.send("Runtime.enable");
  await tab.send("Emulation.setDeviceMetricsOverride", { width: 390, height: 844, deviceScaleFactor: 2, mobile: true });
  if (throttled) await tab.send("Network.emulateNetworkConditions", FAST_3G);
  await tab.send("Page.addScriptToEvaluateOnNewDocument", { source: WATCH });
  await tab.send("Page.navigate", { url });
  const firstPlayMs = await waitFor(() => tab.evaluate("window.__firstPlayControl"), 120, "a play control");
  // Everything the page asked for in its first seconds has ended.
  await waitFor(async () => tab.requests.size > 0 && [...tab.requests.values()].every((r) => r.done || r.url.startsWith("ws")), 60, "requests to end");
  await sleep(throttled ? 2000 : 500);
  const all = [...tab.requests.values()].filter((r) => r.url.startsWith("http"));
  const statics = all.filter((r) => /\.(js|css)(\?|$)/.test(new URL(r.url).pathname));
  tab.close();
  return {
    firstPlayMs: Math.round(firstPlayMs),
    bytes: all.reduce((sum, r) => sum + r.bytes, 0),
    staticFiles: statics.length,
    staticBytes: statics.reduce((sum, r) => sum + r.bytes, 0),
    staticFromCache: statics.filter((r) => r.cached).length,
    static304: statics.filter((r) => r.status === 304).length,
    staticAsked: statics.filter((r) => !r.cached).length,
  };
}

const median = (values) => { const s = [...values].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };

async function measure(label, binary) {
  if (!existsSync(binary)) throw new Error(`no server at ${binary}: build it first (swift build -c release --product simulcast)`);
  const folder = mkdtempSync(join(tmpdir(), "simulcast-page-load-"));
  const server = startServer(binary, folder);
  /** @type {(() => void)[]} */
  const stops = [];
  try {
    await waitFor(async () => (await fetch(server.base + "/healthz")).ok, 30, "the server");
    const room = await (await fetch(server.base + "/v1/rooms", { method: "POST" })).json();
    const caddy = viaCaddy ? await startCaddy(server.base, folder) : null;
    if (caddy) stops.push(() => caddy.child.kill("SIGKILL"));
    const origin = caddy ? caddy.origin : server.base;
    const url = `${origin}/r/${room.code}`;
    const trustedKey = caddy ? await waitFor(async () => servedKeyHash(origin), 30, "caddy") : null;
    const rows = { loopbackFirst: [], loopbackReturn: [], throttledFirst: [], throttledReturn: [] };
    for (let run = 0; run < runs; run++) {
      for (const throttled of [false, true]) {
        const browser = startChromium(folder + "/run" + run + throttled, trustedKey);
        try {
          const port = await waitFor(async () => Number(readFileSync(join(browser.profile, "DevToolsActivePort"), "utf8").split("\n")[0]), 30, "chromium");
          rows[throttled ? "throttledFirst" : "loopbackFirst"].push(await visit(port, url, throttled));
          rows[throttled ? "throttledReturn" : "loopbackReturn"].push(await visit(port, url, throttled));
        } finally {
          browser.child.kill("SIGKILL");
        }
      }
    }
    const summary = {};
    for (const [name, list] of Object.entries(rows)) {
      summary[name] = Object.fromEntries(Object.keys(list[0]).map((key) => [key, median(list.map((row) => row[key]))]));
      summary[name].firstPlayRange = [Math.min(...list.map((r) => r.firstPlayMs)), Math.max(...list.map((r) => r.firstPlayMs))];
    }
    return { label, binary, runs, summary };
  } finally {
    for (const stop of stops) stop();
    server.child.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  }
}

const results = [];
for (const [label, binary] of servers) results.push(await measure(label, binary));
if (args.includes("--json")) { console.log(JSON.stringify(results, null, 2)); process.exit(0); }
console.log(viaCaddy ? "Through Caddy (HTTP/2, TLS):\n" : "Directly (HTTP/1.1):\n");
console.log(`| build | visit | bytes (all) | static files: bytes | asked of the server | 304 | from cache | first play control (median, min-max of ${runs}) |`);
console.log("|---|---|---:|---:|---:|---:|---:|---:|");
for (const result of results) {
  for (const [name, label] of [["loopbackFirst", "first, loopback"], ["loopbackReturn", "return, loopback"], ["throttledFirst", "first, Fast 3G"], ["throttledReturn", "return, Fast 3G"]]) {
    const s = result.summary[name];
    console.log(`| ${result.label} | ${label} | ${s.bytes} | ${s.staticBytes} | ${s.staticAsked} of ${s.staticFiles} | ${s.static304} | ${s.staticFromCache} | ${s.firstPlayMs} ms (${s.firstPlayRange[0]}-${s.firstPlayRange[1]}) |`);
  }
}
