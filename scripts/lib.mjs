// Shared helpers for the project's scripts (run on the Node 22 that the `node` devDependency installs).
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "node_modules", ".bin");

const pluralRules = new Intl.PluralRules("ru");
/** The Russian word for a count: `one` (1, 21), `few` (2–4, 22) or `many` (5–20, 25). */
export function plural(count, one, few, many) {
  const form = pluralRules.select(count);
  return form === "one" ? one : form === "few" ? few : many;
}

/** Environment for child tools: our Node 22 first on PATH, no telemetry, logs inside the project. */
export function toolEnv(extra = {}) {
  return {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_LOG_PATH: path.join(root, ".wrangler", "logs"),
    ...extra,
  };
}

/** Runs a command to completion, streaming its output; exits the script when it fails. */
export function run(command, args, options = {}) {
  const { env, allowFailure, ...rest } = options;
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...rest, env: toolEnv(env), shell: false });
  if (result.error) console.error(result.error.message);
  if (result.status !== 0) {
    if (allowFailure) return result.status ?? 1;
    console.error(`\n✗ ${command} ${args.join(" ")} завершилась с кодом ${result.status}`);
    process.exit(result.status ?? 1);
  }
  return 0;
}

/** Starts a long-running command in its own process group (so it can be stopped with its children). */
export function startDetached(command, args, options = {}) {
  return spawn(command, args, {
    cwd: root,
    env: toolEnv(options.env),
    stdio: options.stdio ?? "inherit",
    detached: true,
  });
}

export function stopGroup(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Сервер не ответил на ${url} за ${timeoutMs / 1000} с`);
}

/** The first port of the kernel's ephemeral range, the ports it hands out for `listen(0)` and outgoing connections. */
function ephemeralLow() {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 2048) return low;
  } catch {}
  return 32768;
}

/** Resolves whether the port can be listened on at 127.0.0.1 right now (it is released again at once). */
function canListen(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/**
 * `count` different ports that nothing listens on now, chosen below the kernel's ephemeral range. A port asked of the
 * kernel (`listen(0)`) and released can be handed out again to the next such ask: to workerd's debug or inspector
 * port, say, which `wrangler dev` opens that way as it starts. A server told to use it then cannot, and whoever waits
 * for it talks to the wrong one (CI once spent 90 s polling a workerd's RPC port with HTTP). Below the range the
 * kernel never hands a port out by itself.
 */
export async function freePorts(count) {
  const low = ephemeralLow();
  const floor = Math.min(10_000, low - 1000);
  const chosen = new Set();
  for (let tries = 0; chosen.size < count; tries++) {
    if (tries > 1000) throw new Error(`Не нашлось ${count} свободных портов ниже ${low}`);
    const port = floor + Math.floor(Math.random() * (low - floor));
    if (!chosen.has(port) && (await canListen(port))) chosen.add(port);
  }
  return [...chosen];
}

/** Like run(), without blocking this process's event loop (its servers keep answering meanwhile); resolves to the exit code. */
export function runAsync(command, args, options = {}) {
  const { env, ...rest } = options;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...rest, env: toolEnv(env), shell: false });
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}
