// `npm run bench:realtime`: the realtime channel under load, for several channel shard counts (1, 2 and 4 shards by
// default) side by side. The built site under `wrangler dev`, one server per shard count (REALTIME_SHARDS), all
// running at once, each on its own copy of a small state (.wrangler/bench-realtime-state: migrations + the demo
// seed, remade each run), their measured rounds alternating; per server 2,000 guest websockets on /ws/
// (opened 50 at a time; like app/realtime/connection.ts each sends its route on open and the bare heartbeat every
// 10 s, which the channel answers with setWebSocketAutoResponse); then two idle heartbeat periods, one with the
// bare heartbeat and one with route pings (which wake the shard, as every heartbeat did before decision 0038), to
// measure what a heartbeat costs the server; then a moderator pins and unpins a post through the API, which
// publishes `post_pinned`/`post_unpinned` to every socket, several rounds. Measures connect time (new WebSocket →
// open), delivery time (just before the PATCH is sent → the event arrives at each socket) and lost events; prints
// them and writes the "Realtime channel" section of docs/benchmarks.md.
// Usage: npm run bench:realtime [-- --sockets 2000] [-- --concurrency 50] [-- --rounds 10] [-- --warmup 2] [-- --gap 1000]
//        [-- --shards 1,2,4] [-- --no-idle] [-- --no-build | --build] [-- --no-write]
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, run } from "../lib.mjs";
import { startServer, stopServer, stopServersOnExit } from "./server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SOCKETS = option("--sockets", 2000);
const CONCURRENCY = option("--concurrency", 50);
/** An even number of rounds leaves the post as it was (pin, unpin, …). */
const ROUNDS = option("--rounds", 10);
/** Unmeasured events first (even: the post ends as it was), as the HTTP bench warms up before measuring. */
const WARMUP = option("--warmup", 2);
const GAP_MS = option("--gap", 1000);
/** The shard counts to run, one server each: `--shards 1,2,4` (the default). */
const SHARD_COUNTS = (() => {
  const i = args.indexOf("--shards");
  const list = (i >= 0 ? args[i + 1] : "1,2,4").split(",").map(Number);
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 1 || n > 64)) {
    throw new Error("--shards: список чисел от 1 до 64 через запятую, например 1,2,4");
  }
  return list;
})();
/** Measure the heartbeat's server CPU over idle periods (bare heartbeat, then route pings). */
const IDLE = !args.includes("--no-idle");
/** Events before any socket is open (even: the post ends as it was), to price an event without its fan-out. */
const EMPTY_ROUNDS = 6;
const TARGET_P99_MS = 300;
const HEARTBEAT_MS = 10_000; // REALTIME.heartbeatMs
/** HEARTBEAT.ping in workers/realtime/constants.ts: byte for byte, or the runtime does not answer it. */
const BARE_PING = '{"type":"ping"}';
const ROUTE_PING = JSON.stringify({ type: "ping", route: "/" });
const CONNECT_TIMEOUT_MS = 10_000; // REALTIME.connectTimeoutMs
const DELIVERY_TIMEOUT_MS = 10_000; // after this, a socket without the event counts as having lost it
const MODERATOR = { username: "Смотритель", password: "moder-demo-2026" };
const STATE_DIR = path.join(root, ".wrangler", "bench-realtime-state");
const SECTION = "## Realtime channel (npm run bench:realtime)";

/** What the sockets send as their heartbeat: the bare one, or (for the idle comparison) a route ping. */
let heartbeatMessage = BARE_PING;
const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  } catch {
    return 10;
  }
})();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const num = (n) => n.toLocaleString("en-US");
const ms = (v) => (v === null || v === undefined ? "—" : v < 10 ? v.toFixed(1) : v.toFixed(0));

/**
 * One guest socket, as app/realtime/connection.ts keeps it: its route on open, then the bare heartbeat every 10 s;
 * expects a pong for each.
 */
class BenchSocket {
  constructor(i, target) {
    this.i = i;
    this.connectMs = null;
    this.pongMs = null;
    this.openedAt = null;
    this.closedAt = null;
    this.connectError = null;
    this.pings = 0;
    this.missedPongs = 0;
    this.awaitingPong = false;
    this.expected = new Map(); // round index → round
    this.arrivals = new Map(); // round index → ms after the round's t0
    const started = performance.now();
    let settle;
    this.opened = new Promise((resolve) => {
      settle = resolve;
    });
    let pongResolve;
    this.firstPong = new Promise((resolve) => {
      pongResolve = resolve;
    });
    const timer = setTimeout(() => {
      if (this.openedAt !== null) return;
      this.connectError = "time-out";
      this.ws.close();
      settle();
      pongResolve();
    }, CONNECT_TIMEOUT_MS);
    this.ws = new WebSocket(`ws://127.0.0.1:${target.port}/ws/?client=bench-${i}`);
    this.ws.addEventListener("open", () => {
      clearTimeout(timer);
      this.openedAt = performance.now();
      this.connectMs = this.openedAt - started;
      settle();
      const pingAt = performance.now();
      this.ping(ROUTE_PING);
      this.onFirstPong = () => {
        this.pongMs = performance.now() - pingAt;
        pongResolve();
      };
      this.heartbeat = setInterval(() => {
        if (this.awaitingPong) this.missedPongs += 1;
        this.ping(heartbeatMessage);
      }, HEARTBEAT_MS);
    });
    this.ws.addEventListener("message", (e) => {
      const at = performance.now();
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "pong") {
        this.awaitingPong = false;
        if (this.onFirstPong) {
          this.onFirstPong();
          this.onFirstPong = null;
        }
        return;
      }
      for (const [index, round] of this.expected) {
        if (msg.type === round.type && msg.obj?.slug === round.slug && !this.arrivals.has(index)) {
          this.arrivals.set(index, at - round.t0);
          break;
        }
      }
    });
    this.ws.addEventListener("error", (e) => {
      if (this.openedAt === null && !this.connectError) this.connectError = e.message || "error";
    });
    this.ws.addEventListener("close", (e) => {
      clearTimeout(timer);
      clearInterval(this.heartbeat);
      if (this.openedAt === null) {
        this.connectError ??= `closed ${e.code}`;
        settle();
      } else if (!this.stopping) {
        this.closedAt = performance.now();
      }
      pongResolve();
    });
  }

  ping(message) {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.awaitingPong = true;
    this.pings += 1;
    this.ws.send(message);
  }

  isOpen() {
    return this.ws.readyState === WebSocket.OPEN;
  }

  expect(round) {
    this.expected.set(round.index, round);
  }

  arrival(index) {
    return this.arrivals.get(index);
  }

  stop() {
    this.stopping = true;
    clearInterval(this.heartbeat);
    try {
      this.ws.close(1000, "bench done");
    } catch {}
  }
}

stopServersOnExit();
const loadBefore = os.loadavg()[0];

// ─── 0. file descriptors ───────────────────────────────────────────────────────────────────────────────
// Each socket costs an fd here, ~4 in wrangler dev's proxy workerd and ~2 in the Worker's workerd (measured with
// 500 sockets: 522, 2,029 and 1,076 open fds); both inherit this process's limit when started.
const fds = raiseFileLimit(SOCKETS * 5 + 1024);
console.log(
  `Файловые дескрипторы: ${fds.soft} (жёсткий предел ${fds.hard})${fds.raisedFrom ? `, поднято с ${fds.raisedFrom}` : ""}` +
    `${fds.soft < SOCKETS * 5 + 1024 ? ` — меньше ${SOCKETS * 5 + 1024}, часть соединений может не открыться` : ""}`,
);

// ─── 1. build, state, server ───────────────────────────────────────────────────────────────────────────
if (args.includes("--build") || (!args.includes("--no-build") && buildIsStale())) {
  console.log("Сборка (react-router build)…");
  run("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
}
rmSync(STATE_DIR, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR], {
  env: { CI: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});
run("node", ["scripts/seed.mjs", "--persist-to", STATE_DIR], {
  env: { CI: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});

// One server per shard count, all running at once on copies of the seeded state; their rounds alternate, so
// every shard count sees the same load from the rest of the machine (it is shared).
const targets = [];
const results = [];
try {
  for (const shards of SHARD_COUNTS) {
    const dir = `${STATE_DIR}-${shards}`;
    rmSync(dir, { recursive: true, force: true });
    cpSync(STATE_DIR, dir, { recursive: true });
    const started = await startServer(dir, {
      kind: "wrangler",
      vars: { REALTIME_SHARDS: shards },
      extraArgs: ["--log-level", "warn"],
    });
    targets.push({ shards, ...started, pids: null, sockets: [] });
    console.log(`Сервер: ${started.base} (wrangler dev, сборка build/, шардов канала: ${shards})`);
  }
  results.push(...(await bench(targets)));
} finally {
  for (const t of targets) {
    for (const s of t.sockets) s.stop();
    stopServer(t.server);
  }
}
for (const r of results) printResult(r);
if (results.length > 1) printSummary(results);
if (!args.includes("--no-write")) {
  const file = writeSection(results);
  console.log(`✓ Раздел «Realtime channel» записан в ${path.relative(root, file)}`);
}
process.exit(0);

// ─── 2. the run ────────────────────────────────────────────────────────────────────────────────────────
async function bench(targets) {
  for (const t of targets) {
    // One cheap request first, so the isolate is warm before anything is timed.
    await fetch(`${t.base}/api/v1/config/`).then((r) => r.arrayBuffer());
    t.session = await signIn(t.base);
    t.post = await pickPost(t.base, t.session);
    t.pinned = t.post.is_pinned;
    t.rounds = [];
  }
  await emptyRounds(targets);
  for (const t of targets) await connectAll(t);
  const idle = IDLE ? await idleHeartbeats(targets) : null;

  console.log(
    `Событие: PATCH /api/v1/post/…/pin/ от «${MODERATOR.username}», ${ROUNDS} раундов на каждый сервер, по очереди`,
  );
  await sleep(1000);
  for (let w = 0; w < WARMUP; w += 1) {
    for (const t of targets) {
      const res = await fetch(`${t.base}/api/v1/post/${encodeURIComponent(t.post.slug)}/pin/`, {
        method: "PATCH",
        headers: t.session.headers(),
      });
      if (!res.ok) throw new Error(`PATCH pin (разогрев): HTTP ${res.status}`);
      t.pinned = (await res.json()).is_pinned;
      await sleep(GAP_MS);
    }
  }
  if (WARMUP) console.log(`  разогрев: ${WARMUP} события на сервер без замера`);

  for (let r = 0; r < ROUNDS; r += 1) {
    // The order rotates each round, so no shard count always goes first.
    for (let k = 0; k < targets.length; k += 1) {
      await round(targets[(r + k) % targets.length], r);
      await sleep(GAP_MS);
    }
  }
  const loadAfter = os.loadavg()[0];
  return targets.map((t) => summarize(t, idle?.get(t) ?? null, loadAfter));
}

/**
 * The cost of an event without its fan-out: EMPTY_ROUNDS pin/unpin events before any socket is open (the PATCH,
 * local D1, the RPC to each shard), after EMPTY_ROUNDS unmeasured ones. Their median Worker+DO CPU is subtracted
 * from a round's to get the CPU of the broadcast itself per socket.
 */
async function emptyRounds(targets) {
  const once = async (t) => {
    const before = cpuTimes(t);
    const res = await fetch(`${t.base}/api/v1/post/${encodeURIComponent(t.post.slug)}/pin/`, {
      method: "PATCH",
      headers: t.session.headers(),
    });
    if (!res.ok) throw new Error(`PATCH pin (без сокетов): HTTP ${res.status}`);
    t.pinned = (await res.json()).is_pinned;
    await sleep(300); // the broadcast runs after the response (waitUntil)
    return cpuDelta(before, cpuTimes(t)).worker;
  };
  const samples = new Map(targets.map((t) => [t, []]));
  for (let k = 0; k < EMPTY_ROUNDS * 2; k += 1) {
    for (const t of targets) {
      const cpu = await once(t);
      if (k >= EMPTY_ROUNDS && cpu !== null) samples.get(t).push(cpu);
    }
  }
  for (const t of targets) {
    t.emptyCpu = median(samples.get(t));
    console.log(
      `${t.shards} шард(а): CPU Worker+DO на событие без сокетов ${ms(t.emptyCpu)} мс (медиана ${EMPTY_ROUNDS})`,
    );
  }
}

/** Opens the target's sockets, CONCURRENCY at a time, and waits for each one's first pong. */
async function connectAll(t) {
  console.log(`${t.shards} шард(а): открываю ${num(SOCKETS)} сокетов по ${CONCURRENCY} одновременно…`);
  const started = performance.now();
  let next = 0;
  async function opener() {
    while (next < SOCKETS) {
      const s = new BenchSocket(next++, t);
      t.sockets.push(s);
      await s.opened;
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, SOCKETS) }, opener));
  t.connectWallMs = performance.now() - started;
  await Promise.all(t.sockets.map((s) => s.firstPong));
  t.failedSockets = t.sockets.filter((s) => s.connectError);
  console.log(
    `  открыто ${num(t.sockets.filter((s) => s.isOpen()).length)} из ${num(SOCKETS)} за ${(t.connectWallMs / 1000).toFixed(1)} с` +
      `${t.failedSockets.length ? `, не открылись: ${t.failedSockets.length} (${summarizeErrors(t.failedSockets)})` : ""}`,
  );
}

/** One measured event on one server: PATCH the pin, wait for every open socket (or the time-out). */
async function round(t, r) {
  const expected = t.pinned ? "post_unpinned" : "post_pinned";
  const targets = t.sockets.filter((s) => s.isOpen());
  const x = { index: r, type: expected, slug: t.post.slug, t0: 0, sockets: targets.length };
  for (const s of targets) s.expect(x);
  const cpuBefore = cpuTimes(t);
  x.t0 = performance.now();
  const res = await fetch(`${t.base}/api/v1/post/${encodeURIComponent(t.post.slug)}/pin/`, {
    method: "PATCH",
    headers: t.session.headers(),
  });
  x.patchMs = performance.now() - x.t0;
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`PATCH pin: HTTP ${res.status} ${JSON.stringify(body)}`);
  t.pinned = body.is_pinned;
  if ((expected === "post_pinned") !== t.pinned) throw new Error(`PATCH pin: ожидалось is_pinned=${!t.pinned}`);
  const deadline = x.t0 + DELIVERY_TIMEOUT_MS;
  while (performance.now() < deadline && targets.some((s) => s.arrival(r) === undefined && s.isOpen())) {
    await sleep(20);
  }
  x.cpu = cpuDelta(cpuBefore, cpuTimes(t));
  x.wallMs = performance.now() - x.t0;
  const times = targets.map((s) => s.arrival(r)).filter((v) => v !== undefined);
  x.received = times.length;
  x.lost = targets.length - times.length;
  x.times = times;
  x.stats = stats(times);
  t.rounds.push(x);
  console.log(
    `  ${t.shards} шард(а), раунд ${r + 1} (${expected}): PATCH ${ms(x.patchMs)} мс; доставлено ${num(times.length)}/${num(targets.length)}` +
      `; первый ${ms(x.stats.min)}, p50 ${ms(x.stats.p50)}, p99 ${ms(x.stats.p99)}, последний ${ms(x.stats.max)} мс` +
      `; CPU: клиент ${ms(x.cpu.client)}, прокси ${ms(x.cpu.proxy)}, Worker+DO ${ms(x.cpu.worker)} мс`,
  );
}

function summarize(t, idle, loadAfter) {
  const rounds = t.rounds;
  const sockets = t.sockets;
  const all = rounds.flatMap((x) => x.times);
  return {
    date: new Date(),
    shards: t.shards,
    fds,
    loadBefore,
    loadAfter,
    connectWallMs: t.connectWallMs,
    opened: sockets.filter((s) => s.openedAt !== null).length,
    failed: t.failedSockets.length,
    failedSummary: summarizeErrors(t.failedSockets),
    connect: stats(sockets.filter((s) => s.connectMs !== null).map((s) => s.connectMs)),
    pong: stats(sockets.filter((s) => s.pongMs !== null).map((s) => s.pongMs)),
    post: t.post,
    rounds,
    delivery: stats(all),
    deliveries: all.length,
    expectedDeliveries: rounds.reduce((n, x) => n + x.sockets, 0),
    lost: rounds.reduce((n, x) => n + x.lost, 0),
    socketsMissing: sockets.filter((s) =>
      rounds.some((x) => x.times && s.expected.has(x.index) && s.arrival(x.index) === undefined),
    ).length,
    closedDuringRun: sockets.filter((s) => s.openedAt !== null && s.closedAt !== null).length,
    perRound: {
      p99: stats(rounds.map((x) => x.stats.p99).filter((v) => v !== null)),
      first: stats(rounds.map((x) => x.stats.min).filter((v) => v !== null)),
      spread: stats(rounds.filter((x) => x.stats.n).map((x) => x.stats.max - x.stats.min)),
      under: rounds.filter((x) => x.stats.p99 !== null && x.stats.p99 < TARGET_P99_MS && !x.lost).length,
    },
    cpu: Object.fromEntries(
      ["client", "proxy", "worker"].map((k) => [k, median(rounds.map((x) => x.cpu[k]).filter((v) => v !== null))]),
    ),
    idle,
    emptyCpu: t.emptyCpu,
    heartbeats: sockets.reduce((n, s) => n + s.pings, 0),
    missedPongs: sockets.reduce((n, s) => n + s.missedPongs, 0),
  };
}

/**
 * The server CPU a heartbeat costs: one heartbeat period (every socket beats once) with the bare heartbeat that
 * the runtime answers for the channel, then one with route pings, which the shard handles itself (its
 * `webSocketMessage`: wake, parse, attachment, pong). Alternated in one run, as the machine is shared; each
 * server's own workerd processes are counted. Returns target → { bare, route }.
 */
async function idleHeartbeats(targets) {
  const measure = async (message) => {
    if (heartbeatMessage !== message) {
      // Let the period under the other message finish before counting.
      heartbeatMessage = message;
      await sleep(HEARTBEAT_MS);
    }
    const pings = targets.map((t) => t.sockets.reduce((n, s) => n + s.pings, 0));
    const before = targets.map((t) => cpuTimes(t));
    await sleep(HEARTBEAT_MS);
    return targets.map((t, i) => {
      const cpu = cpuDelta(before[i], cpuTimes(t));
      const beats = t.sockets.reduce((n, s) => n + s.pings, 0) - pings[i];
      return { beats, cpu, perThousand: beats ? (cpu.worker ?? 0) / (beats / 1000) : null };
    });
  };
  console.log(
    `Холостой ход: ${HEARTBEAT_MS / 1000} с голого heartbeat, затем ${HEARTBEAT_MS / 1000} с ping с маршрутом…`,
  );
  const bare = await measure(BARE_PING);
  const route = await measure(ROUTE_PING);
  heartbeatMessage = BARE_PING;
  const out = new Map();
  targets.forEach((t, i) => {
    out.set(t, { bare: bare[i], route: route[i] });
    console.log(
      `  ${t.shards} шард(а): CPU Worker+DO на 1 000 heartbeat: голый ${ms(bare[i].perThousand)} мс, с маршрутом ${ms(route[i].perThousand)} мс ` +
        `(${num(bare[i].beats)} и ${num(route[i].beats)} ping; прокси wrangler ${ms(bare[i].cpu.proxy)} и ${ms(route[i].cpu.proxy)} мс)`,
    );
  });
  return out;
}

// ─── API: the moderator's session and a post ──────────────────────────────────────────────────────────
async function signIn(base) {
  const jar = new Map();
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const headers = (extra = {}) => ({
    Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    "X-CSRFTOKEN": jar.get("csrftoken") ?? "",
    ...extra,
  });
  const csrf = await fetch(`${base}/api/v1/user/csrf/`);
  keep(csrf);
  await csrf.arrayBuffer();
  if (!jar.get("csrftoken")) throw new Error("GET /api/v1/user/csrf/ не поставил cookie csrftoken");
  const res = await fetch(`${base}/api/v1/auth/sign-in/`, {
    method: "POST",
    headers: headers({ "Content-Type": "application/json" }),
    body: JSON.stringify(MODERATOR),
  });
  keep(res);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`Вход модератора: HTTP ${res.status} ${JSON.stringify(body)}`);
  return { headers };
}

async function pickPost(base, session) {
  const res = await fetch(`${base}/api/v1/post/`, { headers: session.headers() });
  const body = await res.json();
  const post = body.results?.[0];
  if (!res.ok || !post) throw new Error(`GET /api/v1/post/: HTTP ${res.status}, статей нет`);
  return { slug: post.slug, id: post.id, title: post.title, is_pinned: post.is_pinned };
}

// ─── numbers ───────────────────────────────────────────────────────────────────────────────────────────
function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentiles. */
function stats(values) {
  if (!values.length) return { n: 0, min: null, p50: null, p90: null, p99: null, max: null, mean: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return {
    n: sorted.length,
    min: sorted[0],
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: sorted[sorted.length - 1],
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

function summarizeErrors(list) {
  const counts = {};
  for (const s of list) counts[s.connectError] = (counts[s.connectError] ?? 0) + 1;
  return Object.entries(counts)
    .map(([k, v]) => `${k} × ${v}`)
    .join(", ");
}

function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    model: cpus[0]?.model.trim() ?? "?",
    ramGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    wrangler: JSON.parse(readFileSync(path.join(root, "node_modules", "wrangler", "package.json"), "utf8")).version,
  };
}

// ─── output ────────────────────────────────────────────────────────────────────────────────────────────
function printResult(r) {
  const m = machine();
  const row = (name, s) =>
    `  ${name.padEnd(34)} n=${String(s.n).padStart(6)}  p50 ${ms(s.p50).padStart(6)}  p99 ${ms(s.p99).padStart(6)}  max ${ms(s.max).padStart(6)} мс`;
  console.log("");
  console.log(`Шардов канала: ${r.shards}`);
  console.log(`Машина: ${m.cores} ядра (${m.model}), ${m.ramGb} ГБ; Node ${m.node}, wrangler ${m.wrangler}`);
  console.log(
    `Сокеты: открыто ${num(r.opened)} из ${num(SOCKETS)}, не открылись ${r.failed}, закрылись во время замера ${r.closedDuringRun}`,
  );
  console.log(row("соединение (new WebSocket → open)", r.connect));
  console.log(row("первый ping → pong", r.pong));
  console.log(row(`доставка, ${r.rounds.length} раундов`, r.delivery));
  console.log(
    `  потеряно событий: ${r.lost} из ${num(r.expectedDeliveries)} (сокетов, пропустивших событие: ${r.socketsMissing}); ` +
      `heartbeat: ${num(r.heartbeats)} ping, без ответа ${r.missedPongs}`,
  );
  console.log(
    `  по раундам (медиана / худший): p99 ${ms(r.perRound.p99.p50)} / ${ms(r.perRound.p99.max)} мс, первый сокет ${ms(r.perRound.first.p50)} / ${ms(r.perRound.first.max)} мс, ` +
      `разброс первый→последний ${ms(r.perRound.spread.p50)} / ${ms(r.perRound.spread.max)} мс; p99 < ${TARGET_P99_MS} мс в ${r.perRound.under} из ${r.rounds.length} раундов`,
  );
  console.log(
    `  CPU на одно событие (медиана по раундам): клиенты ${ms(r.cpu.client)}, прокси wrangler ${ms(r.cpu.proxy)}, Worker+DO ${ms(r.cpu.worker)} мс`,
  );
  const ok = verdict(r);
  console.log(`Цель p99 < ${TARGET_P99_MS} мс: ${ok ? "выполнена" : "НЕ выполнена"} (p99 ${ms(r.delivery.p99)} мс)`);
}

/** The Worker+DO CPU of the broadcast itself per 1,000 sockets: a round's median minus an event without sockets. */
function fanoutPerThousand(r) {
  const sockets = median(r.rounds.map((x) => x.sockets));
  if (r.cpu.worker === null || r.emptyCpu === null || r.emptyCpu === undefined || !sockets) return null;
  return (r.cpu.worker - r.emptyCpu) / (sockets / 1000);
}

function verdict(r) {
  return r.delivery.p99 !== null && r.delivery.p99 < TARGET_P99_MS && r.lost === 0 && r.opened === SOCKETS;
}

function printSummary(results) {
  console.log("");
  console.log(
    "Шарды  подключено  потеряно  p50 мс  p99 мс  CPU Worker+DO на событие (без сокетов), мс  рассылка на 1 000 сокетов, мс  CPU на 1 000 heartbeat (голый / с маршрутом), мс",
  );
  for (const r of results) {
    console.log(
      `${String(r.shards).padStart(5)}  ${num(r.opened).padStart(10)}  ${String(r.lost).padStart(8)}  ${ms(r.delivery.p50).padStart(6)}  ${ms(r.delivery.p99).padStart(6)}  ${`${ms(r.cpu.worker)} (${ms(r.emptyCpu)})`.padStart(40)}  ${ms(fanoutPerThousand(r)).padStart(29)}  ${ms(r.idle?.bare.perThousand)} / ${ms(r.idle?.route.perThousand)}`,
    );
  }
}

function writeSection(results) {
  const m = machine();
  const yes = (ok) => (ok ? "**met**" : "**not met**");
  const first = results[0];
  const counts = results.map((r) => r.shards).join(", ");
  const out = [];
  out.push(SECTION, "");
  out.push(
    "Generated by `npm run bench:realtime` (scripts/bench/realtime.mjs), which replaces only this section; `npm run bench`",
    "regenerates the rest of the file and keeps this section. One server per channel shard count (`REALTIME_SHARDS`,",
    "decision 0038), all running at once on copies of the same state, each with its own sockets; the measured rounds",
    "alternate between them (the order rotating each round), so every shard count meets the same load from the rest",
    "of this shared machine.",
    "",
  );
  out.push("| Run | |", "|---|---|");
  out.push(`| Date | ${first.date.toISOString().slice(0, 16).replace("T", " ")} UTC |`);
  out.push(
    `| Machine | ${m.cores} cores (${m.model}), ${m.ramGb} GB RAM, 1-min load average ${loadBefore.toFixed(2)} when the script started and ${first.loadAfter.toFixed(2)} after the rounds (the run itself adds ~1.5); the clients run on the same cores |`,
  );
  out.push(
    `| Software | Node ${m.node} (its built-in \`WebSocket\` for the clients), wrangler ${m.wrangler} (\`wrangler dev\` on the production build), channel shards (\`REALTIME_SHARDS\`): ${counts} |`,
  );
  out.push(
    `| Sockets | ${num(SOCKETS)} per server (${num(SOCKETS * results.length)} in all), guests on \`ws://127.0.0.1:PORT/ws/?client=bench-N\` from one Node process, opened ${CONCURRENCY} at a time (a guest lands on a random shard); each sends its route on open (\`{"type":"ping","route":"/"}\`, answered by the shard) and the bare heartbeat \`{"type":"ping"}\` every ${HEARTBEAT_MS / 1000} s (answered by the runtime's auto-response) |`,
  );
  out.push(
    `| Event | \`PATCH /api/v1/post/${first.post.slug}/pin/\` signed in as the moderator «${MODERATOR.username}» (demo seed): \`post_pinned\` / \`post_unpinned\` to audience \`all\`, i.e. one RPC to each shard; ${WARMUP} unmeasured warm-up events, then ${first.rounds.length} rounds, ${GAP_MS / 1000} s apart |`,
  );
  out.push(
    `| File descriptors | \`ulimit -n\` ${first.fds.soft} (hard ${first.fds.hard})${first.fds.raisedFrom ? `, raised by the script from ${first.fds.raisedFrom}` : ""}; the script asks for sockets × 5 + 1,024 = ${num(SOCKETS * 5 + 1024)} and raises the soft limit when it is lower (measured per socket: 1 fd in the client, ~4 in wrangler's proxy workerd, ~2 in the Worker's workerd, so a hard limit of 1,024 would fail; Node itself lifts the soft limit to the hard one, and workerd inherits it) |`,
    "",
  );

  out.push(
    `| Shards | Target: p99 < ${TARGET_P99_MS} ms to ${num(SOCKETS)} sockets, nothing lost | connected | lost | delivery p50 ms | p90 ms | p99 ms | max ms | per-round p99 median / worst ms | first → last socket median ms | CPU per event, Worker+DO / proxy ms | Worker+DO CPU of an event without sockets ms | broadcast CPU per 1,000 sockets ms | CPU per 1,000 heartbeats, Worker+DO: bare / route ping ms |`,
    "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  );
  for (const r of results) {
    out.push(
      `| ${r.shards} | ${yes(verdict(r))} | ${num(r.opened)}/${num(SOCKETS)} | ${r.lost} | ${ms(r.delivery.p50)} | ${ms(r.delivery.p90)} | ${ms(r.delivery.p99)} | ${ms(r.delivery.max)} | ${ms(r.perRound.p99.p50)} / ${ms(r.perRound.p99.max)} | ${ms(r.perRound.spread.p50)} | ${ms(r.cpu.worker)} / ${ms(r.cpu.proxy)} | ${ms(r.emptyCpu)} | ${ms(fanoutPerThousand(r))} | ${r.idle ? `${ms(r.idle.bare.perThousand)} / ${ms(r.idle.route.perThousand)}` : "—"} |`,
    );
  }
  out.push("");
  out.push(
    "Delivery: from just before the `PATCH` is sent to the event's arrival at each socket (nearest-rank percentiles over",
    `all rounds; each round is ${num(SOCKETS)} samples, so the p99 is set by the slowest round or two). CPU per event: median over`,
    "the rounds, from /proc while the round lasted (10 ms resolution), of the Worker's workerd (the PATCH, local D1 and",
    "every shard, all on one thread) and of wrangler's proxy workerd, which relays every frame. An event without sockets:",
    `the median of ${EMPTY_ROUNDS} pin/unpin events sent before any socket opened (the PATCH, local D1, one RPC per shard); the`,
    "broadcast CPU per 1,000 sockets is the round median minus that, divided by the sockets. CPU per heartbeat: one",
    `idle heartbeat period (${HEARTBEAT_MS / 1000} s, every socket beats once) with the bare heartbeat, then one in which the sockets send`,
    "route pings instead — what every heartbeat was before the auto-response: the shard wakes, parses, rewrites the",
    "socket's attachment and answers — alternated in the same run.",
    "",
  );

  for (const r of results) {
    out.push(`### ${r.shards} shard${r.shards === 1 ? "" : "s"}`, "");
    out.push("| Measure | n | p50 ms | p90 ms | p99 ms | max ms |", "|---|--:|--:|--:|--:|--:|");
    const line = (name, s) => `| ${name} | ${num(s.n)} | ${ms(s.p50)} | ${ms(s.p90)} | ${ms(s.p99)} | ${ms(s.max)} |`;
    out.push(line("connect (`new WebSocket` → `open`)", r.connect));
    out.push(line("route ping on open → pong", r.pong));
    out.push(line(`delivery, all ${r.rounds.length} rounds`, r.delivery));
    out.push(line("`PATCH …/pin/` response", stats(r.rounds.map((x) => x.patchMs))));
    out.push("");
    out.push(
      `Sockets: ${num(r.opened)} of ${num(SOCKETS)} connected${r.failed ? ` (${r.failed} failed: ${r.failedSummary})` : ", none failed"}, ` +
        `all opened in ${(r.connectWallMs / 1000).toFixed(1)} s; ${r.closedDuringRun} closed during the run. ` +
        `Events lost: ${r.lost} of ${num(r.expectedDeliveries)} (${r.socketsMissing} sockets missed one). ` +
        `Heartbeats: ${num(r.heartbeats)} pings, ${r.missedPongs} unanswered by the next one.` +
        (r.idle
          ? ` Idle periods: ${num(r.idle.bare.beats)} bare heartbeats cost the Worker's workerd ${ms(r.idle.bare.cpu.worker)} ms (proxy ${ms(r.idle.bare.cpu.proxy)} ms), ${num(r.idle.route.beats)} route pings ${ms(r.idle.route.cpu.worker)} ms (proxy ${ms(r.idle.route.cpu.proxy)} ms).`
          : ""),
      "",
    );
    out.push(
      "| Round | Event | PATCH ms | delivered | lost | first ms | p50 ms | p99 ms | last ms | CPU ms: clients / proxy / Worker+DO |",
    );
    out.push("|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|");
    for (const x of r.rounds) {
      out.push(
        `| ${x.index + 1} | \`${x.type}\` | ${ms(x.patchMs)} | ${num(x.received)} | ${x.lost} | ${ms(x.stats.min)} | ${ms(x.stats.p50)} | ${ms(x.stats.p99)} | ${ms(x.stats.max)} | ${ms(x.cpu.client)} / ${ms(x.cpu.proxy)} / ${ms(x.cpu.worker)} |`,
      );
    }
    out.push("");
  }

  out.push(
    "Where the time goes (investigated on 2026-11-22 with `perf` and the isolate's CPU profile for one shard; not re-measured by each run):",
    "",
    "- Everything shares the 2 cores: the clients (Node's WebSocket; `permessage-deflate` is negotiated with wrangler's",
    "  proxy, so each message is also inflated in libuv's thread pool) use about as much CPU as the server, and `wrangler",
    "  dev` relays every frame through a second, proxy workerd. A broadcast saturates both cores for its whole duration.",
    "- In the Worker's workerd the Worker, local D1 and every channel shard share one thread, so more shards cannot",
    "  deliver in parallel here: locally they only add an RPC each. On Cloudflare each shard is its own object on its own",
    "  thread (often its own machine), so the send loop of N shards runs side by side and a shard's CPU per event falls",
    "  with its socket count; that is what the per-socket CPU above is for (decision 0038 turns it into a shard count).",
    "- The Worker's CPU per event is mostly per socket and native (kj WebSocket frames, socket writes, wrangler's log tail",
    "  stream); the JavaScript of `deliver` (`getWebSockets`, `deserializeAttachment`, `ws.send`) was ~25 ms of ~170 ms",
    "  with 2,000 sockets.",
    "- The moderator's own `PATCH` waits for the broadcast on that thread: ~30–60 ms with 1 socket, ~230 ms with 2,000.",
    "- Run to run, on this shared machine, the all-round p99 of the same code varied by ±40 % (10 runs on 2026-11-22:",
    "  232–455 ms); slow rounds start late or spread wider when other work shares the machine. Compare shard counts within",
    "  one run of this script, not across runs.",
    "",
    "```sh",
    "npm run bench:realtime   # ~5 min for 1, 2 and 4 shards; builds if build/ is older than the sources (-- --no-build / -- --build)",
    "# options: -- --shards 1,2,4 --sockets 2000 --concurrency 50 --rounds 10 --warmup 2 --gap 1000 --no-idle --no-write",
    "```",
    "",
  );

  const file = path.join(root, "docs", "benchmarks.md");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === SECTION);
  let next;
  if (start < 0) {
    next = `${text.replace(/\n*$/, "")}\n\n${out.join("\n")}`;
  } else {
    let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
    if (end < 0) end = lines.length;
    const before = lines.slice(0, start).join("\n").replace(/\n*$/, "");
    const after = lines.slice(end).join("\n");
    next = `${before}\n\n${out.join("\n")}${after ? `\n${after}` : ""}`;
  }
  writeFileSync(file, next.replace(/\n*$/, "\n"));
  return file;
}

// ─── helpers ───────────────────────────────────────────────────────────────────────────────────────────
/**
 * RLIMIT_NOFILE of this process, which the server inherits. Node itself raises the soft limit to the hard one on
 * start; when that is still short, util-linux `prlimit` raises both on this process (the hard limit only as root).
 */
function raiseFileLimit(want) {
  const read = () => {
    try {
      const line = readFileSync("/proc/self/limits", "utf8")
        .split("\n")
        .find((l) => l.startsWith("Max open files"));
      const [soft, hard] = line
        .trim()
        .split(/\s{2,}/)
        .slice(1, 3);
      const n = (v) => (v === "unlimited" ? Number.POSITIVE_INFINITY : Number(v));
      return { soft: n(soft), hard: n(hard) };
    } catch {
      return null;
    }
  };
  const now = read();
  if (!now) return { soft: Number.NaN, hard: Number.NaN, raisedFrom: null };
  if (now.soft >= want) return { ...now, raisedFrom: null };
  try {
    execFileSync("prlimit", ["--pid", String(process.pid), `--nofile=${want}:${Math.max(want, now.hard)}`], {
      stdio: "ignore",
    });
  } catch {
    console.warn(
      `! Не удалось поднять ulimit -n до ${want}: выполните ulimit -n ${want} (или под root) перед запуском.`,
    );
    return { ...now, raisedFrom: null };
  }
  const after = read() ?? now;
  return { ...after, raisedFrom: after.soft > now.soft ? now.soft : null };
}

/** build/ is stale when missing or older than any source file that goes into it. */
function buildIsStale() {
  const built = path.join(root, "build", "server", "index.js");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const newer = (p) => {
    if (!existsSync(p)) return false;
    const st = statSync(p);
    if (!st.isDirectory()) return st.mtimeMs > builtAt;
    return readdirSync(p).some((name) => newer(path.join(p, name)));
  };
  return [
    "app",
    "workers",
    "drizzle",
    "package.json",
    "vite.config.ts",
    "react-router.config.ts",
    "wrangler.toml",
  ].some((p) => newer(path.join(root, p)));
}

/** CPU ms used so far: this process (the clients), wrangler's proxy workerd and the Worker's workerd (Linux /proc). */
function cpuTimes(t) {
  const own = process.cpuUsage();
  const out = { client: (own.user + own.system) / 1000, proxy: null, worker: null };
  try {
    t.pids ??= findServerPids(t);
    for (const [role, pid] of Object.entries(t.pids)) {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out[role] = (Number(f[11]) + Number(f[12])) * TICK_MS;
    }
  } catch {}
  return out;
}
function cpuDelta(a, b) {
  const d = (k) => (a[k] === null || b[k] === null ? null : b[k] - a[k]);
  return { client: d("client"), proxy: d("proxy"), worker: d("worker") };
}
/** The two workerd processes in the server's process group: the one on our port is wrangler's proxy. */
function findServerPids({ server, port }) {
  const pids = {};
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== server.pid) continue;
      const cmd = readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (!cmd.includes("workerd")) continue;
      pids[cmd.includes(`entry=127.0.0.1:${port}`) ? "proxy" : "worker"] = Number(name);
    } catch {}
  }
  return pids;
}
