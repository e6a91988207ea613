// Browser tests: builds the site, serves private copies of the build with `wrangler dev` on fresh local states
// (migrated and seeded), and runs tests/e2e with vitest + playwright-core against them in Debian's Chromium.
//
// The files run in lanes (`--lanes N`; unless told, two on a machine of two cores or more, never more than files):
// each lane has its own server on its own copy of the seeded state, and takes the next file from one queue, the
// longest files first, as soon as its last one ends. A browser test spends most of its time waiting for pages and
// polls, so two lanes keep a two-core machine busy where one leaves it two-thirds idle; and no file shares its
// server's state with a file running beside it. Each file's output is printed whole when it ends. Paths, or parts of
// them, choose the files (as vitest's filters do); options go to every vitest run (e.g. `-t "name"`).
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { startOAuthProvider } from "../tests/servers/oauth-provider.mjs";
import { FIRST_LOAD_BUDGET_KB, firstLoadBudget } from "./bench/js-size.mjs";
import { ensureChromium } from "./chromium.mjs";
import { freePorts, plural, root, run, startDetached, stopGroup, toolEnv, waitForHttp } from "./lib.mjs";

const E2E_DIR = path.join(root, "tests", "e2e");

/** Options of vitest's that take the next argument as their value (so that it is not read as a file filter). */
const VITEST_VALUED = new Set(["-t", "--testNamePattern", "--reporter", "--testTimeout", "--retry", "--bail"]);

/**
 * The command line: --no-build, --lanes N, file filters (as vitest reads them: the test files whose path contains
 * one), and options that go to every vitest run as they are.
 */
function parseArgs(argv) {
  const options = { build: true, lanes: undefined, filters: [], vitest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--no-build") options.build = false;
    else if (arg === "--lanes") options.lanes = Number(argv[++i]);
    else if (arg.startsWith("--lanes=")) options.lanes = Number(arg.slice("--lanes=".length));
    else if (VITEST_VALUED.has(arg)) options.vitest.push(arg, argv[++i] ?? "");
    else if (arg.startsWith("-")) options.vitest.push(arg);
    else options.filters.push(path.relative(root, path.resolve(root, arg)));
  }
  if (options.lanes !== undefined && !(Number.isInteger(options.lanes) && options.lanes >= 1)) {
    console.error("--lanes: нужно целое число не меньше 1");
    process.exit(2);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
/** The files to run, the longest first (the source's size stands for its run time: the queue evens out the rest). */
const files = readdirSync(E2E_DIR)
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => path.join("tests", "e2e", f))
  .filter((f) => !options.filters.length || options.filters.some((filter) => f.includes(filter)))
  .sort((a, b) => statSync(path.join(root, b)).size - statSync(path.join(root, a)).size);
if (!files.length) {
  console.error(`Нет браузерных тестов по фильтру: ${options.filters.join(", ")}`);
  process.exit(1);
}
// Two lanes where there are two cores to share (a lane's browser, server and runner together keep about one busy).
const laneCount = Math.max(1, Math.min(options.lanes ?? Math.min(2, os.availableParallelism()), files.length));

const chrome = ensureChromium();
if (options.build) run("react-router", ["build"]);
const dir = mkdtempSync(path.join(os.tmpdir(), "kostyor-e2e-"));
// A private copy of the build: build/ is rebuilt by other work (benchmarks) while the tests run, and a server whose
// pages name assets that are gone fails every test after. Its generated wrangler.json names the migrations as
// ../../migrations, hence the link.
cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
symlinkSync(path.join(root, "migrations"), path.join(dir, "migrations"));
// The build's first-load JavaScript against its budget: a page over it fails the run (after its tests, which still run).
const budget = firstLoadBudget(path.join(dir, "build", "client"));
const overBudget = budget.filter((b) => !b.within);
console.log(
  `Первая загрузка JS (gzip, бюджет ${FIRST_LOAD_BUDGET_KB} КБ): ${budget.map((b) => `${b.page} — ${(b.gzip / 1024).toFixed(1)} КБ`).join(", ")}.`,
);
const config = path.join(dir, "build", "server", "wrangler.json");
const seededState = path.join(dir, "state-seeded");
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", seededState], {
  env: { CI: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});
// The demo's dates are relative to the day of the seed; tests that look for them ask when that was.
const seededAt = Date.now();
run("node", ["scripts/seed.mjs", "--persist-to", seededState]);

// Social sign-in: every provider points at one local OAuth/OIDC server (tests/servers/oauth-provider.mjs). Only
// social.test.ts queues identities on it, so the lanes share it.
const oauthProvider = await startOAuthProvider();
const providerVars = Object.entries(oauthProvider.vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]);

/** Resolves once nothing answers on the port any more. */
async function waitForClosed(p) {
  for (let i = 0; i < 100; i++) {
    const open = await fetch(`http://127.0.0.1:${p}/`).then(
      () => true,
      () => false,
    );
    if (!open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One lane: a server on its own copy of the seeded state, and the control door the realtime test restarts it by. */
function startLane(index, attempt, port, controlPort) {
  const state = path.join(dir, `state-${index}-${attempt}`);
  cpSync(seededState, state, { recursive: true });
  const startServer = () =>
    startDetached(
      "wrangler",
      ["dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state, ...providerVars],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
  const lane = { index, port, state, server: startServer(), control: undefined, controlPort };
  // Every answer closes its connection: the test's next call comes seconds later, when Node would be closing the kept
  // socket it would otherwise reuse ("other side closed").
  lane.control = createHttpServer(async (req, res) => {
    try {
      if (req.method === "POST" && req.url === "/stop") {
        const stopped = new Promise((resolve) => lane.server.once("exit", resolve));
        stopGroup(lane.server);
        const timer = setTimeout(() => {
          try {
            process.kill(-lane.server.pid, "SIGKILL");
          } catch {}
        }, 5000);
        await stopped;
        clearTimeout(timer);
        await waitForClosed(port);
      } else if (req.method === "POST" && req.url === "/start") {
        lane.server = startServer();
        await waitForHttp(`http://127.0.0.1:${port}/api/v1/config/`, 90_000);
      } else {
        res.writeHead(404, { Connection: "close" }).end();
        return;
      }
      res.writeHead(204, { Connection: "close" }).end();
    } catch (error) {
      res.writeHead(500, { Connection: "close" }).end(String(error));
    }
  });
  lane.control.listen(lane.controlPort, "127.0.0.1");
  return lane;
}

/** Runs one test file in the lane; its output is kept and printed whole when it ends. */
function runFile(lane, file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("vitest", ["run", "--config", "vitest.e2e.config.ts", ...options.vitest, file], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: toolEnv({
        E2E_BASE_URL: `http://localhost:${lane.port}`,
        E2E_CONTROL_URL: `http://127.0.0.1:${lane.controlPort}`,
        CHROME_PATH: chrome,
        E2E_STATE: lane.state,
        E2E_OAUTH_ISSUER: oauthProvider.issuer,
        E2E_SEEDED_AT: String(seededAt),
      }),
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n━━ ${file} · полоса ${lane.index + 1} · ${seconds.toFixed(0)} с\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ file, code, seconds });
    };
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on("exit", (code) => finish(code ?? 1));
  });
}

/**
 * Starts a lane and waits until its server answers. A server that does not answer in 90 s is stopped and the lane
 * started once more, on other ports and a fresh copy of the state: a whole CI run is not lost to one bad start.
 */
async function startAnsweringLane(index) {
  for (let attempt = 1; ; attempt++) {
    // Two ports a lane: its server's and its control door's.
    const [port, controlPort] = await freePorts(2);
    const lane = startLane(index, attempt, port, controlPort);
    try {
      await waitForHttp(`http://127.0.0.1:${port}/api/v1/config/`, 90_000);
      return lane;
    } catch (error) {
      lane.control.close();
      stopGroup(lane.server);
      if (attempt === 2) throw error;
      console.error(`${error.message}: полоса ${index + 1} запускается заново на других портах`);
    }
  }
}

const lanes = [];
let code = 1;
try {
  // One after another: `wrangler dev` picks its other ports (the inspector's, the Worker's socket) as it starts, and two
  // starting at once can pick the same one ("Address already in use").
  for (let i = 0; i < laneCount; i++) lanes.push(await startAnsweringLane(i));
  console.log(
    `Браузерные тесты: ${files.length} ${plural(files.length, "файл", "файла", "файлов")}, полос: ${laneCount}.`,
  );
  const queue = [...files];
  const results = [];
  await Promise.all(
    lanes.map(async (lane) => {
      for (let file = queue.shift(); file; file = queue.shift()) results.push(await runFile(lane, file));
    }),
  );
  const failed = results.filter((r) => r.code !== 0);
  console.log(`\nФайлы по времени:`);
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds))
    console.log(`  ${r.code === 0 ? "✓" : "✗"} ${r.seconds.toFixed(0).padStart(4)} с  ${r.file}`);
  if (failed.length) console.error(`\n✗ Не прошли: ${failed.map((r) => r.file).join(", ")}`);
  for (const b of overBudget)
    console.error(
      `\n✗ Первая загрузка JS страницы «${b.page}»: ${b.gzip} байт gzip, больше бюджета ${FIRST_LOAD_BUDGET_KB * 1024} (decision 0041).`,
    );
  code = failed.length || overBudget.length ? 1 : 0;
} finally {
  for (const lane of lanes) {
    lane.control.close();
    stopGroup(lane.server);
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
