// `npm run audit`: Lighthouse (mobile) scores of every page type, for a guest and a member:
// - performance (mobile, Lighthouse's default simulated throttling, a fresh browser for each run) in the default dark and the
//   light theme, each page run 3 times (`--runs N`) and the median kept: this machine is shared, and the simulated
//   throttling scales the main-thread work it observes, so one run is noise. Printed with its metrics (FCP, LCP,
//   TBT, CLS, SI) and the load average; a median below 95 fails (docs/decisions/0041-lighthouse-performance.md).
//   Lighthouse's CPU slowdown (4×) is relative to the host and meant for a high-end desktop (its benchmarkIndex
//   1500–2000; docs/throttling.md in Lighthouse's repository: "on a weaker machine, you can lower it"): the machine's
//   benchmarkIndex is measured first and the multiplier scaled to 4 × index / 1500 below that bracket, so a
//   slower machine emulates the same phone (`--cpu 4`: Lighthouse's default as is, `--cpu N` any multiplier); and as
//   a phone has a colour emoji font, so does the audit's browser (`ensureEmojiFont`, scripts/chromium.mjs);
// - accessibility, best-practices and SEO in the same two themes, and in all six themes for the home page and a
//   post (`--all`: every page type in every theme).
// Not part of `npm test`: about 10 s a run. The site is built and served on a fresh seeded state like the browser
// tests' (scripts/e2e.mjs), from a private copy of the build (`--no-build` copies the build that is there, `--from DIR` a copy of one), or
// `--url http://localhost:8787` audits a site already running (`npm start`). `--only <text>[,<text>…]` keeps the page
// types whose name contains one of the texts; `--no-perf` skips performance, `--dump DIR` keeps each performance run's report and trace. Exits with 1 when an audit fails that is not failing
// on purpose (pages kept out of search engines, the 404 page's status) or a performance median is below 95.
// `--h2` requests the pages over HTTP/2 through a local TLS front (`startH2Proxy`), as Cloudflare serves them; the
// local server speaks HTTP/1.1, whose six connections per origin Lighthouse's simulated network models as such.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, ensureChromium, ensureEmojiFont } from "./chromium.mjs";
import { DEMO_USERS } from "./demo-users.mjs";
import { freePorts, root, run, startDetached, stopGroup, waitForHttp } from "./lib.mjs";

const THEMES = ["darkorange", "lightside", "darkside", "halloween", "winter", "grayscale"];
const CATEGORIES = ["accessibility", "best-practices", "seo"];
/** Performance is measured in these themes only (the others differ by a few colour variables). */
const PERF_THEMES = THEMES.slice(0, 2);
const PERF_MIN = 95;
const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
  ["SI", "speed-index"],
];
const DEMO_POST = "/posts/vedmak-3-desyat-let-spustya-demo01";
const args = process.argv.slice(2);
const all = args.includes("--all");
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const givenUrl = option("--url");
const only = option("--only")?.split(",");
const runs = Number(option("--runs") ?? 3);
const perf = !args.includes("--no-perf");
/** `--h2`: pages are requested over HTTP/2 with TLS, as Cloudflare serves them (see `startH2Proxy`). */
const h2 = args.includes("--h2");
/** Lighthouse's default CPU slowdown, and the lowest benchmarkIndex of the host class it is meant for. */
const DEFAULT_SLOWDOWN = 4;
const HIGH_END_DESKTOP_INDEX = 1500;

/** Headers of HTTP/1.1 connections that HTTP/2 forbids. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

/**
 * `--h2`: an HTTP/2 (TLS, a throwaway self-signed certificate) front for the local site, which speaks HTTP/1.1
 * only. Production is served by Cloudflare over HTTP/2 or 3, and Lighthouse's simulated network follows the
 * protocol it observes: over HTTP/1.1 it gives an origin six connections, each opened with its own round trip and
 * each request waiting for a free one; over HTTP/2 one connection carries every request. Requests go on to the
 * site with its own Host and Origin, so the pages are the ones it serves directly. Returns the front's URL and a stop function.
 */
async function startH2Proxy(target) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kostyor-audit-tls-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  run(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const upstream = new URL(target);
  // HTTP/1.1 stays on for the realtime WebSocket, which browsers open over an HTTP/1.1 upgrade.
  const tls = { key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true };
  const server = http2.createSecureServer(tls, (req, res) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(":")));
    headers.host = upstream.host;
    if (headers.origin) headers.origin = upstream.origin;
    const forward = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const out = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  server.on("upgrade", (req, socket, head) => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i];
      // The site checks a WebSocket's Origin against its own: the front stands in for it, as TLS termination would.
      const value = { host: upstream.host, origin: upstream.origin }[name.toLowerCase()] ?? req.rawHeaders[i + 1];
      lines.push(`${name}: ${value}`);
    }
    const onward = connect(Number(upstream.port), upstream.hostname, () => {
      onward.write(`${lines.join("\r\n")}\r\n\r\n`);
      onward.write(head);
      socket.pipe(onward).pipe(socket);
    });
    const close = () => {
      socket.destroy();
      onward.destroy();
    };
    onward.on("error", close);
    socket.on("error", close);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `https://localhost:${server.address().port}`;
  return {
    url,
    stop: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Builds and serves the site on a fresh, seeded local state; returns its URL and a stop function. */
async function serveSite() {
  if (!args.includes("--no-build") && !option("--from")) run("react-router", ["build"]);
  // A private copy of the build: the browser tests of other work rebuild build/ while the audit runs (its
  // generated wrangler.json names the migrations as ../../migrations, hence the link).
  const dir = mkdtempSync(path.join(os.tmpdir(), "kostyor-audit-"));
  cpSync(option("--from") ?? path.join(root, "build"), path.join(dir, "build"), { recursive: true });
  symlinkSync(path.join(root, "migrations"), path.join(dir, "migrations"));
  const config = path.join(dir, "build", "server", "wrangler.json");
  const state = path.join(dir, "state");
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", state], {
    env: { CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  run("node", ["scripts/seed.mjs", "--persist-to", state]);
  const [port] = await freePorts(1);
  const server = startDetached(
    "wrangler",
    ["dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://localhost:${port}`;
  await waitForHttp(`${url}/api/v1/config/`, 90_000);
  return {
    url,
    stop: () => {
      stopGroup(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Audits that fail on purpose: pages kept out of search engines (robots.txt or `noindex`) are "blocked from
// indexing". The 404 page is not here: Lighthouse refuses to audit a page that answers 404 (the browser test
// tests/e2e/a11y.test.ts checks it with axe).
const NOT_INDEXED = ["is-crawlable"];

/** The page types. Paths that need content are made by `prepare`. */
function pageTypes(f) {
  return [
    { name: "home, new", path: "/", role: "guest" },
    { name: "home, popular", path: "/?type=popular", role: "guest" },
    { name: "home, top", path: "/?type=top", role: "guest" },
    { name: "post with comments", path: DEMO_POST, role: "guest" },
    { name: "bonfire", path: "/bonfire", role: "guest" },
    { name: "shout", path: f.shout, role: "guest" },
    { name: "tag", path: f.tag, role: "guest" },
    { name: "profile", path: f.profile, role: "guest" },
    { name: "profile, shouts", path: `${f.profile}/shouts`, role: "guest" },
    { name: "profile, comments", path: `${f.profile}/comments`, role: "guest" },
    { name: "profile, pictures", path: `${f.profile}/pictures`, role: "guest" },
    { name: "sign-in", path: "/auth/sign-in", role: "guest", expected: NOT_INDEXED },
    { name: "sign-up", path: "/auth/sign-up", role: "guest", expected: NOT_INDEXED },
    { name: "password reset", path: "/auth/reset", role: "guest", expected: NOT_INDEXED },
    { name: "search results", path: `/search?q=${encodeURIComponent("игра")}`, role: "guest", expected: NOT_INDEXED },
    { name: "home (member)", path: "/", role: "member" },
    { name: "post (member)", path: DEMO_POST, role: "member" },
    { name: "editor", path: f.editor, role: "member", expected: NOT_INDEXED },
    { name: "own drafts", path: `${f.own}/drafts`, role: "member" },
    { name: "settings", path: `${f.own}/settings`, role: "member" },
    { name: "admin site page", path: "/admin/site", role: "member", expected: NOT_INDEXED },
  ];
}

/** The member's CSRF token (the cookie the site's forms read). */
async function csrf(context) {
  return (await context.cookies()).find((c) => /csrf/i.test(c.name))?.value ?? "";
}

async function api(context, method, url, data) {
  const response = await context.request.fetch(url, { method, data, headers: { "X-CSRFTOKEN": await csrf(context) } });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function signIn(context, base) {
  const admin = DEMO_USERS.find((u) => u.isAdmin);
  const page = await context.newPage();
  await page.goto(`${base}/auth/sign-in`);
  await page.getByLabel("Имя пользователя или e-mail").fill(admin.username);
  await page.getByLabel("Пароль", { exact: true }).fill(admin.password);
  await page.getByRole("main").getByRole("button", { name: "Войти" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.close();
}

/** A shout with a comment, a draft for the editor, the demo post's tag and author, the admin's profile. */
async function prepare(context, base) {
  await signIn(context, base);
  const me = await api(context, "PATCH", `${base}/api/v1/user/me`, { theme: "darkorange" });
  const draft = await api(context, "POST", `${base}/api/v1/post/`, { title: "Черновик для аудита" });
  const shout = await api(context, "POST", `${base}/api/v1/shout/`, { text: "Записка для аудита: во что играете?" });
  await api(context, "POST", `${base}/api/v1/shout-comment/`, {
    shout_id: shout.id,
    text: "В «Ведьмака», как всегда.",
  });
  const page = await context.newPage();
  await page.goto(`${base}${DEMO_POST}`);
  const tag = await page.locator("main a[href^='/tags/']").first().getAttribute("href");
  const profile = await page.locator("main a[href^='/users/']").first().getAttribute("href");
  await page.close();
  await context.clearCookies();
  return { own: `/users/${me.id}`, editor: `/posts/${draft.slug}/editor`, shout: `/bonfire/${shout.id}`, tag, profile };
}

async function setTheme(context, base, role, theme) {
  if (role === "guest") await context.addCookies([{ name: "theme", value: theme, url: base }]);
  else await api(context, "PATCH", `${base}/api/v1/user/me`, { theme });
}

/** One Lighthouse run (mobile: its default form factor, screen and simulated throttling) of `categories` in the
 * browser the context belongs to. Returns the scores (0–100) by category, the failed audits and the metrics. */
async function audit(port, url, categories, cpuSlowdownMultiplier = DEFAULT_SLOWDOWN) {
  const run = () =>
    lighthouse(url, {
      port,
      throttling: { cpuSlowdownMultiplier },
      logLevel: "error",
      output: "json",
      onlyCategories: categories,
      // The context's cookies (session, theme) are what is audited: Lighthouse must not clear them (the HTTP
      // cache is empty anyway: each performance run has a browser of its own, see `freshBrowser`).
      disableStorageReset: true,
    });
  let result = await run();
  // A browser just started sometimes misses the trace's start (NO_NAVSTART): the run is repeated once.
  if (result.lhr.runtimeError?.code === "NO_NAVSTART") result = await run();
  const { categories: scored, audits, runtimeError, environment } = result.lhr;
  const dump = option("--dump");
  if (dump && categories.includes("performance")) {
    mkdirSync(dump, { recursive: true });
    // `--dump DIR`: each performance run's report and trace, for reading what a score is made of.
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "_")}-${Date.now()}.json`;
    writeFileSync(path.join(dump, name), JSON.stringify(result.lhr));
    if (result.artifacts?.Trace)
      writeFileSync(path.join(dump, `trace-${name}`), JSON.stringify(result.artifacts.Trace));
  }
  if (runtimeError)
    return {
      scores: Object.fromEntries(categories.map((c) => [c, 0])),
      failed: [`${runtimeError.code}: ${runtimeError.message}`],
      metrics: {},
      benchmarkIndex: environment?.benchmarkIndex ?? Number.NaN,
    };
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round((scored[c].score ?? 0) * 100)]));
  const refs = (category) => new Set((scored[category]?.auditRefs ?? []).map((r) => r.id));
  const failing = (ids) =>
    Object.values(audits)
      .filter(
        (a) =>
          ids.has(a.id) &&
          a.score !== null &&
          a.score < 1 &&
          ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
      )
      .map((a) => a.id);
  // Performance has its own threshold (the median score); what drags it is listed with `--verbose`.
  const failed = failing(new Set(CATEGORIES.flatMap((c) => [...refs(c)])));
  const metrics = Object.fromEntries(METRICS.map(([name, id]) => [name, audits[id]?.numericValue ?? Number.NaN]));
  const opportunities = failing(refs("performance"))
    .filter((id) => !METRICS.some(([, metric]) => metric === id))
    .map((id) => `${id}${audits[id].displayValue ? ` (${audits[id].displayValue})` : ""}`);
  return { scores, failed, metrics, opportunities, benchmarkIndex: environment.benchmarkIndex };
}

/**
 * The CPU slowdown for the performance runs: `--cpu N`, or Lighthouse's 4× scaled to this machine (the median
 * benchmarkIndex of three runs on `url`): 4 × index / 1500 when the index is below the high-end desktop bracket.
 */
async function cpuSlowdown(port, url) {
  const given = option("--cpu");
  if (given) return { multiplier: Number(given), index: Number.NaN };
  const indices = [];
  for (let i = 0; i < 3; i++) indices.push((await audit(port, url, ["best-practices"])).benchmarkIndex);
  const index = median(indices);
  const multiplier = Math.min(DEFAULT_SLOWDOWN, (DEFAULT_SLOWDOWN * index) / HIGH_END_DESKTOP_INDEX);
  return { multiplier: Math.round(multiplier * 100) / 100, index };
}

/**
 * A browser of its own for each performance run, as Lighthouse's CLI (and PageSpeed Insights) give every run: an
 * empty HTTP and code cache (a first visit) and a renderer with nothing of the earlier runs in its heap. In one
 * long-lived browser, the heap walk DevTools does when Lighthouse attaches (before the page is requested) took
 * 80–300 ms of the renderer's main thread depending on what earlier runs had left there, and counted as blocking
 * time once the first paint came early. The cookies (session, theme) are carried over.
 */
async function freshBrowser(previous) {
  const cookies = previous ? await previous.context.cookies() : [];
  if (previous) await closeBrowser(previous);
  const [port] = await freePorts(1);
  const dir = mkdtempSync(path.join(os.tmpdir(), "kostyor-audit-chrome-"));
  // A persistent context is the browser's default one: the tabs Lighthouse opens share its cookies.
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chrome,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(h2 ? ["--ignore-certificate-errors"] : []), `--remote-debugging-port=${port}`],
  });
  if (cookies.length) await context.addCookies(cookies);
  return { context, port, dir };
}

async function closeBrowser(browser) {
  await browser.context.close();
  rmSync(browser.dir, { recursive: true, force: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const ms = (v) => (Number.isFinite(v) ? `${(v / 1000).toFixed(1)} s` : "—");
const formatMetrics = (m) =>
  `FCP ${ms(m.FCP)} · LCP ${ms(m.LCP)} · TBT ${Number.isFinite(m.TBT) ? Math.round(m.TBT) : "—"} ms · CLS ${Number.isFinite(m.CLS) ? m.CLS.toFixed(3) : "—"} · SI ${ms(m.SI)}`;

const chrome = ensureChromium();
const emojiFont = perf ? ensureEmojiFont() : null;
const site = givenUrl ? { url: givenUrl.replace(/\/$/, ""), stop: () => {} } : await serveSite();
const front = h2 ? await startH2Proxy(site.url) : null;
let browser = await freshBrowser();

let unexpected = 0;
let slow = 0;
const verbose = args.includes("--verbose");
try {
  const fixtures = await prepare(browser.context, site.url);
  const started = Date.now();
  const cpu = perf ? await cpuSlowdown(browser.port, `${site.url}/auth/sign-in`) : { multiplier: DEFAULT_SLOWDOWN };
  console.log(
    `Lighthouse (mobile) · ${front ? `${front.url} (HTTP/2) → ` : ""}${site.url} · load average ${loadAverage()} · performance: median of ${runs} runs, ` +
      `CPU slowdown ${cpu.multiplier}×${Number.isFinite(cpu.index) ? ` (benchmarkIndex ${Math.round(cpu.index)})` : ""}` +
      `${perf ? ` · emoji font: ${emojiFont ?? "none"}` : ""}\n` +
      `${"page".padEnd(20)} ${"role".padEnd(6)} ${"theme".padEnd(10)} a11y  bp  seo perf  (runs) metrics of the median run`,
  );
  for (const role of ["guest", "member"]) {
    if (role === "member") await signIn(browser.context, site.url);
    for (const page of pageTypes(fixtures).filter(
      (p) => p.role === role && (!only || only.some((text) => p.name.includes(text))),
    )) {
      const everyTheme = all || page.name === "home, new" || page.name === "post with comments";
      for (const theme of everyTheme ? THEMES : THEMES.slice(0, 2)) {
        await setTheme(browser.context, site.url, role, theme);
        const url = `${front?.url ?? site.url}${page.path}`;
        const measured = perf && PERF_THEMES.includes(theme);
        if (measured) browser = await freshBrowser(browser);
        const first = await audit(
          browser.port,
          url,
          measured ? [...CATEGORIES, "performance"] : CATEGORIES,
          cpu.multiplier,
        );
        const perfRuns = measured ? [first] : [];
        for (let i = 1; measured && i < runs; i++) {
          browser = await freshBrowser(browser);
          perfRuns.push(await audit(browser.port, url, ["performance"], cpu.multiplier));
        }
        const { failed } = first;
        const surprises = failed.filter((id) => !page.expected?.includes(id));
        unexpected += surprises.length;
        const cells = CATEGORIES.map((c) => String(first.scores[c]).padStart(4)).join(" ");
        let perfCell = "";
        if (measured) {
          const scores = perfRuns.map((r) => r.scores.performance);
          const mid = median(scores);
          const run = perfRuns.find((r) => r.scores.performance === mid);
          if (mid < PERF_MIN) slow++;
          perfCell = ` ${String(mid).padStart(4)}${mid < PERF_MIN ? "✗" : " "} (${scores.join("/")}) ${formatMetrics(run.metrics)} · load ${os.loadavg()[0].toFixed(2)}`;
          if (verbose && run.opportunities.length) perfCell += `\n${" ".repeat(40)}${run.opportunities.join(", ")}`;
        }
        const notes = [
          ...surprises.map((id) => `✗ ${id}`),
          ...failed.filter((id) => page.expected?.includes(id)).map((id) => `(${id}: on purpose)`),
        ];
        console.log(
          `${page.name.padEnd(20)} ${role.padEnd(6)} ${theme.padEnd(10)} ${cells}${perfCell}  ${notes.join(" ")}`.trimEnd(),
        );
      }
    }
  }
  console.log(
    `\n${Math.round((Date.now() - started) / 1000)} s; load average ${loadAverage()}; ` +
      `${unexpected ? `${unexpected} failed audits` : "no failed audit but the ones on purpose"}; ` +
      `${perf ? (slow ? `${slow} performance medians below ${PERF_MIN}` : `every performance median ≥ ${PERF_MIN}`) : "performance not measured"}`,
  );
  await setTheme(browser.context, site.url, "member", "darkorange");
} finally {
  await closeBrowser(browser);
  front?.stop();
  site.stop();
}
process.exit(unexpected || slow ? 1 : 0);
