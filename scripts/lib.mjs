// Shared helpers for the project's scripts (run on the Node 22 that the `node` devDependency installs).
import { spawn, spawnSync } from "node:child_process";
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
