// `npm run serve`: the production build (build/) served by workerd through miniflare's API, without wrangler's dev
// proxy, on a local state directory laid out as `wrangler dev --persist-to` lays it out (<dir>/v3/d1, r2, do,
// cache, …), so `wrangler d1 migrations apply DB --local --persist-to <dir>` and `wrangler d1 execute` work on it.
// Every binding comes from the build's own build/server/wrangler.json (wrangler's reading of wrangler.toml), so a
// binding added to wrangler.toml comes along after the next build. Cron triggers fire here (on the minute, as in
// production); queues are miniflare's local ones. docs/decisions/0039-bench-server.md says why this and not
// `wrangler dev`.
//
// Usage: npm run serve [-- --port 8787] [--ip 127.0.0.1] [--persist-to .wrangler/state] [--build build] [--var NAME:VALUE]…
//        [--env-file FILE] [--no-migrate] [--no-crons] [--inspector-port N] [--direct]
// Vars given here override wrangler.toml's [vars] (ENVIRONMENT=production and the secrets for self-hosting).
// The bench (scripts/bench/server.mjs) starts this script as its server.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { root, run } from "./lib.mjs";

// The miniflare (and so the workerd) that wrangler itself runs: the same runtime and storage format as `wrangler dev`.
const { Miniflare, Log, LogLevel, convertV4MiniflareOptions } = createRequire(
  createRequire(import.meta.url).resolve("wrangler/package.json"),
)("miniflare");

/** Parses the command line: `--name value` options, repeatable `--var NAME:VALUE`, and `--no-…` flags. */
export function parseArgs(argv) {
  const options = {
    port: Number(process.env.PORT || 8787),
    ip: "127.0.0.1",
    persistTo: path.join(root, ".wrangler", "state"),
    build: path.join(root, "build"),
    vars: {},
    migrate: true,
    crons: true,
    inspectorPort: undefined,
    direct: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      i += 1;
      if (argv[i] === undefined) throw new Error(`${arg}: нужно значение`);
      return argv[i];
    };
    if (arg === "--port") options.port = Number(value());
    else if (arg === "--ip") options.ip = value();
    else if (arg === "--persist-to") options.persistTo = path.resolve(value());
    else if (arg === "--build") options.build = path.resolve(value());
    else if (arg === "--var") {
      const [name, ...rest] = value().split(":");
      options.vars[name] = rest.join(":");
    } else if (arg === "--env-file") Object.assign(options.vars, readEnvFile(value()));
    else if (arg === "--no-migrate") options.migrate = false;
    else if (arg === "--no-crons") options.crons = false;
    else if (arg === "--inspector-port") options.inspectorPort = Number(value());
    else if (arg === "--direct") options.direct = true;
    else throw new Error(`Неизвестный параметр: ${arg}`);
  }
  return options;
}

/** NAME=VALUE lines (blank lines and # comments skipped; values may be quoted): secrets kept out of `ps`. */
function readEnvFile(file) {
  const vars = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trim().startsWith("#")) continue;
    vars[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/**
 * Miniflare options for the built Worker: wrangler's own translation of build/server/wrangler.json (bindings,
 * assets, compatibility, crons), the build's modules, and the state directory's v3 layout.
 *
 * By default the site listens through miniflare's entry worker, which does for a self-hosted site what Cloudflare's
 * front line does in production: the URL's scheme from `X-Forwarded-Proto` (a TLS proxy in front), the visitor's
 * address as `CF-Connecting-IP` (unless the proxy sets it), gzip/brotli for text. `direct: true` listens on a socket
 * straight to the Worker (through the assets router, as in production) and skips that work: the bench's server,
 * whose load tool asks for no compression. Neither opens miniflare's /cdn-cgi/ trigger endpoints.
 */
export function miniflareOptions({ port, ip, persistTo, build, vars, inspectorPort, direct }) {
  const buildConfig = path.join(build, "server", "wrangler.json");
  if (!existsSync(buildConfig)) throw new Error(`Нет сборки ${build}: выполните npm run build`);
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(buildConfig);
  const { modulesRules, ...bindingsAndAssets } = workerOptions;
  const serverDir = path.dirname(buildConfig);
  const config = JSON.parse(readFileSync(buildConfig, "utf8"));
  const entry = path.resolve(serverDir, main ?? "index.js");
  return {
    ...(direct ? { host: "127.0.0.1", port: 0 } : { host: ip, port }),
    inspectorPort,
    // No request for Cloudflare's `cf` object template (the site reads no `request.cf`).
    cf: false,
    log: new Log(LogLevel.WARN),
    logRequests: false,
    resourcePersistencePath: path.join(persistTo, "v3"),
    workers: [
      {
        ...bindingsAndAssets,
        name: config.name,
        modules: buildModules(serverDir, entry, modulesRules),
        modulesRoot: serverDir,
        bindings: { ...workerOptions.bindings, ...vars },
        ...(direct ? { unsafeDirectSockets: [{ host: ip, port }] } : {}),
      },
    ],
  };
}

/**
 * Every module of the build (`no_bundle`: wrangler uploads the files its module rules match, as they are), the
 * entry first; rules are wrangler's (`**\/*.js` → ESModule, `**\/*.wasm` → CompiledWasm, …). Source maps, CSS
 * and the config itself match no rule and stay out.
 */
function buildModules(serverDir, entry, rules) {
  const typeOf = (file) =>
    rules.find((rule) => rule.include.some((glob) => file.endsWith(glob.replace(/^\*\*\/\*/, ""))))?.type;
  const files = readdirSync(serverDir, { recursive: true })
    .map((file) => path.join(serverDir, file))
    .filter((file) => file !== entry && typeOf(file));
  return [entry, ...files].map((file) => ({ type: typeOf(file), path: file }));
}

// ─── cron triggers ─────────────────────────────────────────────────────────────────────────────────────
const FIELD_RANGES = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

/** The set of values one field of a five-field cron expression allows (`*`, `a`, `a-b`, `*\/n`, `a-b/n`, lists). */
function cronField(text, [min, max]) {
  const values = new Set();
  for (const part of text.split(",")) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`Cron: не понимаю «${text}»`);
    const from = m[1] === "*" ? min : Number(m[2]);
    const to = m[1] === "*" ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    for (let v = from; v <= to; v += Number(m[4] ?? 1)) values.add(v);
  }
  return values;
}

/** Whether a standard five-field cron expression (UTC, as Cloudflare's) fires at `date`'s minute. */
export function cronMatches(expression, date) {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Cron: нужно пять полей в «${expression}»`);
  const [minute, hour, day, month, weekday] = fields.map((f, i) => cronField(f, FIELD_RANGES[i]));
  if (weekday.has(7)) weekday.add(0);
  const dayRestricted = fields[2] !== "*";
  const weekdayRestricted = fields[4] !== "*";
  const dayOk = day.has(date.getUTCDate());
  const weekdayOk = weekday.has(date.getUTCDay());
  // As in cron: when both day fields are restricted, either may match.
  const dateOk =
    dayRestricted && weekdayRestricted
      ? dayOk || weekdayOk
      : (!dayRestricted || dayOk) && (!weekdayRestricted || weekdayOk);
  return (
    minute.has(date.getUTCMinutes()) && hour.has(date.getUTCHours()) && month.has(date.getUTCMonth() + 1) && dateOk
  );
}

/** Fires the Worker's scheduled() for each cron expression at each minute it matches; returns a stop function. */
function startCrons(mf, crons) {
  for (const cron of crons) cronMatches(cron, new Date()); // a malformed expression fails at start
  let timer;
  const tick = async () => {
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    timer = setTimeout(tick, minute.getTime() + 60_000 - Date.now() + 50);
    const due = crons.filter((cron) => cronMatches(cron, minute));
    if (!due.length) return;
    const worker = await mf.getWorker();
    for (const cron of due) {
      await worker
        .scheduled({ scheduledTime: minute, cron })
        .catch((error) => console.error(`cron ${cron}: ${error?.message ?? error}`));
    }
  };
  timer = setTimeout(tick, Math.ceil(Date.now() / 60_000) * 60_000 - Date.now() + 50);
  return () => clearTimeout(timer);
}

// ─── main ──────────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.migrate) {
    run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", options.persistTo], {
      env: { CI: "true" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const mfOptions = miniflareOptions(options);
  const mf = new Miniflare(convertV4MiniflareOptions(mfOptions));
  await mf.ready;
  const url = options.direct ? await mf.unsafeGetDirectURL(mfOptions.workers[0].name) : await mf.ready;
  const crons = options.crons ? (mfOptions.workers[0].cronTriggers ?? []) : [];
  const stopCrons = startCrons(mf, crons);
  const state = options.persistTo.startsWith(root + path.sep)
    ? path.relative(root, options.persistTo)
    : options.persistTo;
  console.log(`Сайт: ${url.href.replace(/\/$/, "")} (данные: ${state})`);
  if (crons.length) console.log(`Фоновые задачи по расписанию (UTC): ${crons.join(", ")}`);
  const stop = async () => {
    stopCrons();
    await mf.dispose().catch(() => {});
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`✗ ${error?.stack ?? error}`);
    process.exit(1);
  });
}
