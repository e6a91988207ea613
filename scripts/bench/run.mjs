// `npm run bench`: the production build served by scripts/serve.mjs (miniflare's API, no dev proxy) on the bench
// dataset (.wrangler/bench-state), docs/decisions/0039-bench-server.md.
// 1. first-load JavaScript per route from the build (gzipped, from React Router's client manifest);
// 2. the servers compared: the static floor and a cached page through `wrangler dev`, miniflare's entry worker
//    and the direct socket, one after the other in this run;
// 3. D1 round trips per page, measured: a server with DEBUG_D1_COUNT=1 logs every D1 call (workers/platform/db.ts);
// 4. load: autocannon, 10 connections, ~10 s a scenario; CPU time of the server's processes (from /proc) per
//    request, beside the static floor measured on the same server. Guest pages as served (page cache on), then
//    full renders on a server started with PAGE_CACHE=off (workers/platform/page-cache.ts).
// Prints a table and rewrites the sections it owns in docs/benchmarks.md.
// Usage: npm run bench [-- --no-build] [--duration 10] [--server direct|entry|wrangler] [--no-compare]
//        [--only id,id…] (those scenarios only, printed, docs untouched) [--profile] [--state DIR]
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { root, toolEnv } from "../lib.mjs";
import { d1Json } from "./d1.mjs";
import { HOT_POST_ID, MEDIUM_POST_ID, MEMBER, postSlug, readMarker, STATE_DIR } from "./dataset.mjs";
import { firstLoadJs, gzipSize } from "./js-size.mjs";
import { benchPages } from "./pages.mjs";
import { profileRequests } from "./profile.mjs";
import { writeReport } from "./report.mjs";
import { cpuSince, SERVER_KINDS, startServer, stopServer, stopServersOnExit } from "./server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const DURATION = Number(option("--duration", "10"));
const WARMUP = 3;
const CONNECTIONS = 10;
const SERVER = option("--server", "direct");
const STATE = path.resolve(option("--state", STATE_DIR));
const ONLY = option("--only")?.split(",");
const PROFILE = args.includes("--profile");
const COMPARE = !args.includes("--no-compare") && !ONLY;
/** The bench serves its own copy of the build: build/ is shared with the browser tests (their lock). */
const BUILD = path.join(root, ".wrangler", "bench-build");
const PROFILE_DIR = path.join(root, ".wrangler", "bench-profiles");
if (!SERVER_KINDS.includes(SERVER)) {
  console.error(`✗ --server: одно из ${SERVER_KINDS.join(", ")}`);
  process.exit(1);
}

const marker = readMarker(STATE);
if (!marker) {
  console.error(`✗ Нет набора данных для бенчмарка в ${STATE}. Сначала выполните npm run bench:seed`);
  process.exit(1);
}

// ─── 0. the build ──────────────────────────────────────────────────────────────────────────────────────
const copy = `rm -rf '${BUILD}' && mkdir -p '${BUILD}' && cp -r build/client build/server '${BUILD}/'`;
const built = spawnSync(
  "flock",
  [
    "/tmp/kostyor-e2e.lock",
    "sh",
    "-c",
    args.includes("--no-build") ? copy : `react-router build >/dev/null && ${copy}`,
  ],
  { cwd: root, env: toolEnv(), stdio: ["ignore", "inherit", "inherit"] },
);
if (built.status !== 0) process.exit(built.status ?? 1);

// ─── 1. first-load JS ──────────────────────────────────────────────────────────────────────────────────
const client = path.join(BUILD, "client");
const js = { home: firstLoadJs("routes/home/index", client), post: firstLoadJs("routes/posts/post", client) };
console.log(`JS при первой загрузке (gzip): / ${kb(js.home.gzip)} КБ, статья ${kb(js.post.gzip)} КБ`);

// The member's session must be live whatever the seed's age (sessions end after 30 idle days).
// A dataset seeded before the latest migrations gets them now (new tables the pages read).
const migrated = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], {
  cwd: root,
  env: toolEnv({ CI: "true" }),
  stdio: ["ignore", "ignore", "inherit"],
});
if (migrated.status !== 0) process.exit(migrated.status ?? 1);
const now = Date.now();
d1Json(
  STATE,
  `UPDATE sessions SET last_used_at = ${now}, expires_at = ${now + 180 * 86_400_000} WHERE user_id = ${MEMBER.id}`,
);
// Pages of the dataset that need a look-up: the busiest tag, the most prolific author, the newest shout with a picture.
const [picked] = d1Json(
  STATE,
  `SELECT (SELECT slug FROM tags ORDER BY posts_count DESC LIMIT 1) AS tag,
          (SELECT user_id FROM posts WHERE is_published = 1 GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1) AS author,
          (SELECT s.id FROM shouts s JOIN shout_media m ON m.shout_id = s.id WHERE s.is_muted = 0 ORDER BY s.id DESC LIMIT 1) AS shout`,
);
// Cached guest pages of earlier runs (maybe of another build) must not answer this one.
const clearCache = () => rmSync(path.join(STATE, "v3", "cache"), { recursive: true, force: true });
clearCache();

// ─── scenarios ─────────────────────────────────────────────────────────────────────────────────────────
const hot = `/posts/${postSlug(HOT_POST_ID)}`;
const medium = marker.medium_comments ? `/posts/${postSlug(MEDIUM_POST_ID)}` : null;
if (!medium) console.warn("! В наборе данных нет статьи на 100 комментариев: повторите npm run bench:seed.");
const memberCookie = `sessionid=${MEMBER.token}`;
// A static file of a cached page's size (React's chunk, ~210 KB; the pages are 30–280 KB): a cache hit writes as
// many bytes, which the small floor does not (workerd and the kernel's share of a hit grows with them).
const largeStatic = readdirSync(path.join(client, "assets")).find((name) => /^react-[\w-]+\.js$/.test(name));
const largeKb = largeStatic ? statSync(path.join(client, "assets", largeStatic)).size / 1024 : 0;
const PAGES = benchPages(picked, { medium: !!medium }).filter((p) => !p.shellOnly);
/**
 * `server`: "cached" runs on the server with the page cache on, "render" on the one with PAGE_CACHE=off.
 * `floor`: the static file, measured first on each server.
 */
const SCENARIOS = [
  { id: "floor", title: "static file (the server's floor)", path: "/favicon.svg", server: "cached", floor: true },
  ...(largeStatic
    ? [
        {
          id: "static-large",
          title: `static file of a page's size (${Math.round(largeKb)} KB)`,
          path: `/assets/${largeStatic}`,
          server: "cached",
          sizeFloor: true,
        },
      ]
    : []),
  ...PAGES.filter((p) => p.cached).map((p) => ({
    id: `cached-${p.id}`,
    title: `guest ${p.name}, page cache`,
    path: p.path,
    server: "cached",
    guest: true,
    primed: true,
  })),
  ...PAGES.map((p) => ({
    id: `member-${p.id}`,
    title: `member ${p.name}`,
    path: p.path,
    server: "cached",
    cookie: memberCookie,
    page: true,
  })),
  { id: "api-posts", title: "`GET /api/v1/post/`", path: "/api/v1/post/", server: "cached" },
  // Search (decision 0031): a common word (every form of «статья»: one comment in six, 166,667) and a rare one.
  {
    id: "api-search-common",
    title: "API search comments, common word «статьи»",
    path: `/api/v1/search?type=comment&q=${encodeURIComponent("статьи")}`,
    server: "cached",
  },
  {
    id: "api-search-rare",
    title: "API search comments, rare word (one comment)",
    path: "/api/v1/search?type=comment&q=987654",
    server: "cached",
  },
  {
    id: "floor-render",
    title: "static file (the server's floor)",
    path: "/favicon.svg",
    server: "render",
    floor: true,
  },
  ...PAGES.map((p) => ({
    id: `render-${p.id}`,
    title: `guest ${p.name}, full render`,
    path: p.path,
    server: "render",
    guest: true,
    page: true,
  })),
].filter((s) => !ONLY || s.floor || s.sizeFloor || ONLY.includes(s.id));
const RENDER_VARS = { PAGE_CACHE: "off" };

// Servers are stopped (their whole process group) however this script ends.
stopServersOnExit();
const serve = (options = {}) => startServer(STATE, { kind: SERVER, extraArgs: serverArgs(SERVER), ...options });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ─── 2. the servers compared ───────────────────────────────────────────────────────────────────────────
const compare = {};
if (COMPARE) {
  const floor = SCENARIOS.find((s) => s.id === "floor");
  const cachedHome = SCENARIOS.find((s) => s.id === "cached-home");
  for (const kind of ["wrangler", "entry", "direct"]) {
    const server = await startServer(STATE, { kind, extraArgs: serverArgs(kind) });
    try {
      compare[kind] = { floor: await measure(server, floor), home: await measure(server, cachedHome) };
    } finally {
      await stop(server);
    }
    const c = compare[kind];
    console.log(
      `сервер ${kind.padEnd(8)} статика ${c.floor.rps.toFixed(0)} req/s, ${c.floor.cpuPerRequest.toFixed(2)} мс CPU/запрос; / из кэша ${c.home.rps.toFixed(0)} req/s, ${c.home.cpuPerRequest.toFixed(2)} мс CPU/запрос`,
    );
  }
  clearCache();
}

// ─── 3. D1 round trips ─────────────────────────────────────────────────────────────────────────────────
const d1 = {};
const html = {};
if (!ONLY) {
  const lines = [];
  const counting = await serve({ vars: { DEBUG_D1_COUNT: "1", ...RENDER_VARS }, onLine: (line) => lines.push(line) });
  try {
    /** One request at a time: the d1_call lines printed until the log goes quiet are its own. */
    async function countCalls(scenario) {
      const from = lines.length;
      const t0 = performance.now();
      const res = await fetch(counting.base + scenario.path, {
        headers: scenario.cookie ? { Cookie: scenario.cookie } : {},
      });
      const body = await res.text();
      const ms = performance.now() - t0;
      for (let seen = -1; seen !== lines.length; ) {
        seen = lines.length;
        await sleep(200);
      }
      const calls = lines
        .slice(from)
        .filter((l) => l.includes("d1_call "))
        .map((l) => l.slice(l.indexOf("d1_call ")));
      return { status: res.status, cache: res.headers.get("X-Page-Cache"), calls, body, ms };
    }
    for (const s of SCENARIOS.filter((s) => !s.primed)) {
      await countCalls(s); // warm (the isolate's first render of the page)
      const measured = await countCalls(s);
      d1[s.id] = {
        ms: measured.ms,
        count: measured.calls.length,
        cache: measured.cache,
        status: measured.status,
        queries: measured.calls.map(describeCall),
      };
      const htmlKey = s.path + (s.cookie ? "#m" : "");
      if (s.page && !html[htmlKey]) {
        html[htmlKey] = {
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
    await stop(counting);
  }
}

// ─── 4. load ───────────────────────────────────────────────────────────────────────────────────────────
const loadAvg = os.loadavg()[0];
const load = {};
const profiles = {};
for (const group of ["cached", "render"]) {
  const scenarios = SCENARIOS.filter((s) => s.server === group);
  if (!scenarios.some((s) => !s.floor)) continue;
  const inspectorPort = PROFILE && SERVER !== "wrangler" ? 9300 + Math.floor(Math.random() * 500) : undefined;
  const server = await serve({ vars: group === "render" ? RENDER_VARS : {}, inspectorPort });
  try {
    let floor;
    for (const s of scenarios) {
      const l = await measure(server, s);
      if (s.floor) floor = l;
      l.aboveFloor = s.floor ? 0 : l.cpuPerRequest - floor.cpuPerRequest;
      load[s.id] = l;
      console.log(
        `${s.title.padEnd(52)} ${l.rps.toFixed(1).padStart(7)} req/s  p50 ${String(l.p50).padStart(5)} ms  p99 ${String(l.p99).padStart(5)} ms  CPU ${l.cpuPerRequest.toFixed(2).padStart(6)} мс/запрос${s.floor ? "" : ` (${l.aboveFloor >= 0 ? "+" : "−"}${Math.abs(l.aboveFloor).toFixed(2)} к статике)`}` +
          `${l.non2xx || l.errors ? `  (не 2xx: ${l.non2xx}, ошибок: ${l.errors})` : ""}`,
      );
      if (inspectorPort && (s.page || s.primed)) {
        mkdirSync(PROFILE_DIR, { recursive: true });
        const file = path.join(PROFILE_DIR, `${s.id}.cpuprofile`);
        profiles[s.id] = await profileRequests(inspectorPort, server.base + s.path, s.cookie, file);
        console.log(`  профиль CPU: ${path.relative(root, file)} (${profiles[s.id].summary})`);
        for (const f of profiles[s.id].top) console.log(`    ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}`);
      }
    }
  } finally {
    await stop(server);
    clearCache();
  }
}
const loadAvgEnd = os.loadavg()[0];

if (ONLY) {
  console.log("(--only: docs/benchmarks.md не тронут)");
} else {
  const file = writeReport({
    scenarios: SCENARIOS,
    pages: PAGES,
    load,
    compare,
    d1,
    js,
    html,
    marker,
    hot,
    medium,
    server: SERVER,
    duration: DURATION,
    warmup: WARMUP,
    connections: CONNECTIONS,
    loadAvg,
    loadAvgEnd,
    profiles,
  });
  console.log(`✓ Результаты записаны в ${path.relative(root, file)}`);
}
if (PROFILE) writeFileSync(path.join(PROFILE_DIR, "README.txt"), profileReadme());

// ─── helpers ───────────────────────────────────────────────────────────────────────────────────────────
/** Arguments for a server of `kind` on the bench's copy of the build. */
function serverArgs(kind) {
  return kind === "wrangler" ? ["-c", path.join(BUILD, "server", "wrangler.json")] : ["--build", BUILD];
}

async function stop(server) {
  stopServer(server.server);
  await new Promise((resolve) => (server.server.exitCode !== null ? resolve() : server.server.once("exit", resolve)));
}

/**
 * One scenario under load: a warm-up, then DURATION seconds measured, with the CPU time of the server's process
 * tree read before and after the measured part (the warm-up's requests are not counted).
 */
async function measure(server, s) {
  const headers = s.cookie ? { Cookie: s.cookie } : {};
  const caches = {};
  const requests = [
    {
      method: "GET",
      path: s.path,
      headers,
      onResponse: (_status, _body, _ctx, h) => {
        const name = Object.keys(h ?? {}).find((k) => k.toLowerCase() === "x-page-cache");
        const c = name ? String(h[name]) : "—";
        caches[c] = (caches[c] ?? 0) + 1;
      },
    },
  ];
  // Cached guest pages: one request first stores the page, so the run measures the steady state (hits).
  if (s.primed) {
    await fetch(server.base + s.path).then((r) => r.arrayBuffer());
    await sleep(500);
  }
  await autocannon({ url: server.base, connections: CONNECTIONS, duration: WARMUP, requests });
  await drain(server.base);
  for (const k of Object.keys(caches)) delete caches[k];
  const cpuBefore = server.cpu();
  const r = await autocannon({ url: server.base, connections: CONNECTIONS, duration: DURATION, requests });
  // Work the server still does for these requests (waitUntil, queued responses) counts too.
  await drain(server.base);
  const cpu = cpuSince(cpuBefore, server.cpu());
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    caches: { ...caches },
    cpuMs: cpu.total,
    cpuPerRequest: cpu.total / Math.max(1, r.requests.total),
    /** Per process command (node, workerd): ms per request. */
    cpuByProcess: Object.fromEntries(
      Object.entries(cpu.byProcess).map(([command, ms]) => [command, ms / Math.max(1, r.requests.total)]),
    ),
  };
}

/** Waits until requests still queued from the last scenario are done (a cheap request answers fast again). */
async function drain(base) {
  for (let i = 0; i < 60; i += 1) {
    const t0 = Date.now();
    await fetch(`${base}/favicon.svg`)
      .then((r) => r.arrayBuffer())
      .catch(() => {});
    if (Date.now() - t0 < 50) break;
    await sleep(200);
  }
  await sleep(300);
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

/** "d1_call db=3 n=2 raw select … from "posts" …" → "raw posts". */
function describeCall(line) {
  const m = /^d1_call db=\d+ n=\d+ (\S+) (.*)$/.exec(line);
  if (!m) return line;
  const tables = (statement) =>
    [
      ...new Set(
        [...statement.replace(/ ⟦.*⟧$/, "").matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/gi)].map((t) => t[1]),
      ),
    ].join("+") || "?";
  if (m[1].startsWith("batch")) return `${m[1]}: ${m[2].split(" | ").map(tables).join(", ")}`;
  return `${m[1]}: ${tables(m[2])}`;
}

function modulePreloads(body) {
  return [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]).sort();
}

function profileReadme() {
  return [
    "CPU profiles of the Worker's isolate (workerd's V8 inspector), one per page scenario of the last",
    "`npm run bench -- --profile`: sequential requests after the load run, so the isolate is warm.",
    "Open them in Chrome DevTools (Performance → Load profile) or https://www.speedscope.app.",
    "",
  ].join("\n");
}
