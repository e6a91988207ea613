// `npm run bench`: the built site under `wrangler dev` on the bench dataset (.wrangler/bench-state).
// 1. first-load JavaScript per route from the build (gzipped, from React Router's manifest);
// 2. D1 round trips per page, measured: a server with DEBUG_D1_COUNT=1 logs every D1 call (workers/platform/db.ts);
// 3. load: autocannon, 10 connections, ~10 s a scenario, on a fresh server without the counter.
// Prints a table and rewrites docs/benchmarks.md.
// Usage: npm run bench [-- --no-build] [-- --duration 10]
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { root, run } from "../lib.mjs";
import { HOT_POST_ID, MEMBER, postSlug, readMarker, STATE_DIR } from "./dataset.mjs";
import { d1Json } from "./d1.mjs";
import { firstLoadJs, gzipSize } from "./js-size.mjs";
import { writeReport } from "./report.mjs";
import { startServer as startWrangler, stopServer, stopServersOnExit } from "./server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const DURATION = Number(option("--duration", "10"));
const WARMUP = 3;
const CONNECTIONS = 10;

const marker = readMarker(STATE_DIR);
if (!marker) {
  console.error("✗ Нет набора данных для бенчмарка. Сначала выполните npm run bench:seed");
  process.exit(1);
}

if (!args.includes("--no-build")) run("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });

// ─── 1. first-load JS ──────────────────────────────────────────────────────────────────────────────────
const js = { home: firstLoadJs("routes/home/index"), post: firstLoadJs("routes/posts/post") };
console.log(`JS при первой загрузке (gzip): / ${kb(js.home.gzip)} КБ, статья ${kb(js.post.gzip)} КБ`);

// The member's session must be live whatever the seed's age (sessions end after 30 idle days).
// A dataset seeded before the latest migrations gets them now (new tables the pages read).
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR], {
  env: { CI: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});
const now = Date.now();
d1Json(
  STATE_DIR,
  `UPDATE sessions SET last_used_at = ${now}, expires_at = ${now + 180 * 86_400_000} WHERE user_id = ${MEMBER.id}`,
);
// Cached guest pages of earlier runs (maybe of another build) must not answer this one.
rmSync(path.join(STATE_DIR, "v3", "cache"), { recursive: true, force: true });

const hot = `/posts/${postSlug(HOT_POST_ID)}`;
const memberCookie = `sessionid=${MEMBER.token}`;
/** `miss`: a unique query string per request, so the guest page cache never answers (a render each time). */
const SCENARIOS = [
  { id: "floor", title: "static file (no code of ours: the dev server's floor)", path: "/favicon.svg" },
  { id: "guest-home", title: "guest `/`", path: "/", page: true, guest: true },
  { id: "guest-home-miss", title: "guest `/`, page cache missed", path: "/", page: true, guest: true, miss: true },
  { id: "guest-hot", title: "guest hot post (1,000 comments)", path: hot, page: true, guest: true },
  { id: "guest-hot-miss", title: "guest hot post, page cache missed", path: hot, page: true, guest: true, miss: true },
  { id: "guest-bonfire", title: "guest `/bonfire`", path: "/bonfire", page: true, guest: true },
  {
    id: "guest-bonfire-miss",
    title: "guest `/bonfire`, page cache missed",
    path: "/bonfire",
    page: true,
    guest: true,
    miss: true,
  },
  { id: "guest-calendar", title: "guest `/calendar` (5,000 games)", path: "/calendar", page: true, guest: true },
  {
    id: "guest-calendar-miss",
    title: "guest `/calendar`, page cache missed",
    path: "/calendar",
    page: true,
    guest: true,
    miss: true,
  },
  // The yearly recap (decision 0033): figures aggregated once (the first request or the recap job), then read.
  { id: "guest-year", title: "guest `/year`", path: "/year", page: true, guest: true },
  { id: "guest-year-miss", title: "guest `/year`, page cache missed", path: "/year", page: true, guest: true, miss: true },
  { id: "member-year", title: "member `/year` (their own year on top)", path: "/year", page: true, cookie: memberCookie },
  { id: "member-home", title: "member `/`", path: "/", page: true, cookie: memberCookie },
  { id: "member-hot", title: "member hot post (1,000 comments)", path: hot, page: true, cookie: memberCookie },
  { id: "api-posts", title: "`GET /api/v1/post/`", path: "/api/v1/post/" },
  // Search (decision 0031): a common word (every form of «статья»: one comment in six, 166,667) and a rare one.
  {
    id: "search-common",
    title: "search comments, common word «статьи»",
    path: `/api/v1/search?type=comment&q=${encodeURIComponent("статьи")}`,
  },
  {
    id: "search-rare",
    title: "search comments, rare word (one comment)",
    path: "/api/v1/search?type=comment&q=987654",
  },
  {
    id: "search-posts",
    title: "search posts, a word of every post «вступлением»",
    path: `/api/v1/search?type=post&q=${encodeURIComponent("вступлением")}`,
  },
];

// Servers are stopped (their whole process group) however this script ends.
stopServersOnExit();

/** `wrangler dev` on the bench dataset (scripts/bench/server.mjs). */
function startServer(extraArgs, onLine) {
  return startWrangler(STATE_DIR, extraArgs, onLine);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let missCounter = 0;
const missPath = (p) => `${p}?bench=${Date.now().toString(36)}-${++missCounter}`;

// ─── 2. D1 round trips ─────────────────────────────────────────────────────────────────────────────────
const lines = [];
const counting = await startServer(["--var", "DEBUG_D1_COUNT:1"], (line) => lines.push(line));
const d1 = {};
const html = {};
try {
  /** One request at a time: every d1_call line between its start and wrangler's access log line is its own. */
  async function countCalls(scenario, urlPath) {
    const from = lines.length;
    const t0 = performance.now();
    const res = await fetch(counting.base + urlPath, { headers: scenario.cookie ? { Cookie: scenario.cookie } : {} });
    const body = await res.text();
    const ms = performance.now() - t0;
    const pathOnly = urlPath.split("?")[0];
    for (let waited = 0; waited < 3000; waited += 50) {
      if (
        lines
          .slice(from)
          .some((l) => l.includes("GET ") && l.includes(pathOnly) && /\b\d{3}\b/.test(l) && !l.startsWith("d1_call"))
      )
        break;
      await sleep(50);
    }
    await sleep(100);
    const calls = lines.slice(from).filter((l) => l.startsWith("d1_call "));
    return { status: res.status, cache: res.headers.get("X-Page-Cache"), calls, body, ms };
  }
  for (const s of SCENARIOS) {
    await countCalls(s, s.miss ? missPath(s.path) : s.path); // warm (first render of the isolate; fills the cache)
    const measured = await countCalls(s, s.miss ? missPath(s.path) : s.path);
    d1[s.id] = {
      ms: measured.ms,
      count: measured.calls.length,
      cache: measured.cache,
      status: measured.status,
      queries: measured.calls.map(describeCall),
    };
    if (s.page && !html[s.path + (s.cookie ? "#m" : "")]) {
      html[s.path + (s.cookie ? "#m" : "")] = {
        bytes: Buffer.byteLength(measured.body),
        gzip: gzipSize(Buffer.from(measured.body)),
        preload: modulePreloads(measured.body),
      };
    }
    console.log(
      `D1 за запрос — ${s.title}: ${measured.calls.length} (HTTP ${measured.status}${measured.cache ? `, кэш ${measured.cache}` : ""}, один запрос ${measured.ms.toFixed(0)} мс)`,
    );
  }
} finally {
  stopServer(counting.server);
}
await sleep(1000);

// ─── 3. load ───────────────────────────────────────────────────────────────────────────────────────────
const loadAvg = os.loadavg()[0];
const load = {};
const serving = await startServer(["--log-level", "warn"]);
try {
  for (const s of SCENARIOS) {
    const headers = s.cookie ? { Cookie: s.cookie } : {};
    const caches = {};
    const requests = [
      {
        method: "GET",
        path: s.path,
        headers,
        ...(s.miss ? { setupRequest: (req) => ({ ...req, path: missPath(s.path) }) } : {}),
        onResponse: (_status, _body, _ctx, h) => {
          const name = Object.keys(h ?? {}).find((k) => k.toLowerCase() === "x-page-cache");
          const c = name ? String(h[name]) : "—";
          caches[c] = (caches[c] ?? 0) + 1;
        },
      },
    ];
    // Cached guest pages: one request first stores the page, so the run measures the steady state (HITs).
    if (s.guest && !s.miss) {
      await fetch(serving.base + s.path).then((r) => r.arrayBuffer());
      await sleep(500);
    }
    await autocannon({ url: serving.base, connections: CONNECTIONS, duration: WARMUP, requests });
    for (const k of Object.keys(caches)) delete caches[k];
    const r = await autocannon({ url: serving.base, connections: CONNECTIONS, duration: DURATION, requests });
    load[s.id] = {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      total: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      caches: { ...caches },
    };
    const l = load[s.id];
    await drain(serving.base);
    console.log(
      `${s.title.padEnd(40)} ${l.rps.toFixed(1).padStart(7)} req/s  p50 ${String(l.p50).padStart(5)} ms  p99 ${String(l.p99).padStart(5)} ms` +
        `${l.non2xx || l.errors ? `  (не 2xx: ${l.non2xx}, ошибок: ${l.errors})` : ""}`,
    );
  }
} finally {
  stopServer(serving.server);
  // Pages stored by the miss scenarios (one per unique URL) are of no further use.
  await sleep(1000);
  rmSync(path.join(STATE_DIR, "v3", "cache"), { recursive: true, force: true });
}

const loadAvgEnd = os.loadavg()[0];
const file = writeReport({
  scenarios: SCENARIOS,
  load,
  d1,
  js,
  html,
  marker,
  hot,
  duration: DURATION,
  connections: CONNECTIONS,
  loadAvg,
  loadAvgEnd,
});
console.log(`✓ Результаты записаны в ${path.relative(root, file)}`);

/** Waits until requests still queued from the last scenario are done (a cheap request answers fast again). */
async function drain(base) {
  for (let i = 0; i < 60; i += 1) {
    const t0 = Date.now();
    await fetch(`${base}/api/v1/config/`)
      .then((r) => r.arrayBuffer())
      .catch(() => {});
    if (Date.now() - t0 < 100) break;
    await sleep(500);
  }
  await sleep(500);
}

// ─── helpers ───────────────────────────────────────────────────────────────────────────────────────────
function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

/** "d1_call db=3 n=2 raw select … from "posts" …" → "raw posts". */
function describeCall(line) {
  const m = /^d1_call db=\d+ n=\d+ (\S+) (.*)$/.exec(line);
  if (!m) return line;
  const tables = (sql) =>
    [...new Set([...sql.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/gi)].map((t) => t[1]))].join("+") || "?";
  if (m[1].startsWith("batch")) return `${m[1]}: ${m[2].split(" | ").map(tables).join(", ")}`;
  return `${m[1]}: ${tables(m[2])}`;
}

function modulePreloads(body) {
  return [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]).sort();
}
