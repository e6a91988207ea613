// The built site for the bench scripts: a free port on 127.0.0.1, a given local state (the layout of
// `wrangler dev --persist-to`), its own process group; every server started here is stopped (the whole group)
// however the script ends — normal exit, an error, ctrl-c or SIGTERM. Servers (docs/decisions/0039-bench-server.md):
//   "direct"   scripts/serve.mjs --direct: miniflare's API, a socket straight to the Worker (the bench's default);
//   "entry"    scripts/serve.mjs: the same behind miniflare's entry worker (`npm run serve`);
//   "wrangler" `wrangler dev` on the build: its proxy workerd in front of miniflare's.
// `cpu()` of a started server reads the CPU time (user + system) its whole process tree has used, from /proc.
import { readdirSync, readFileSync } from "node:fs";
import { freePorts, startDetached, stopGroup, waitForHttp } from "../lib.mjs";

export const SERVER_KINDS = ["direct", "entry", "wrangler"];

const servers = new Set();
let hooked = false;

/** Stops every server still running when the process exits; SIGINT/SIGTERM exit with 130. Call it early. */
export function stopServersOnExit() {
  if (hooked) return;
  hooked = true;
  process.on("exit", () => {
    for (const server of servers) stopGroup(server);
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
}

/**
 * Starts a server of `kind` on `stateDir` and waits until it answers. `vars` are Worker vars (NAME → value);
 * `onLine` gets each stdout line (stdout is ignored without it); stderr is inherited; `inspectorPort` opens
 * workerd's inspector (miniflare servers only). Resolves to `{ server, base, port, kind, cpu }`.
 */
export async function startServer(
  stateDir,
  { kind = "direct", vars = {}, onLine, inspectorPort, extraArgs = [] } = {},
) {
  if (!SERVER_KINDS.includes(kind)) throw new Error(`Неизвестный сервер: ${kind}`);
  stopServersOnExit();
  const [port] = await freePorts(1);
  const varArgs = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const [command, args] =
    kind === "wrangler"
      ? ["wrangler", ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", stateDir]]
      : [
          "node",
          [
            "scripts/serve.mjs",
            "--port",
            String(port),
            "--persist-to",
            stateDir,
            "--no-migrate",
            "--no-crons",
            ...(kind === "direct" ? ["--direct"] : []),
            ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : []),
          ],
        ];
  const server = startDetached(command, [...args, ...varArgs, ...extraArgs], {
    stdio: ["ignore", onLine ? "pipe" : "ignore", "inherit"],
    env: { CI: "true" },
  });
  servers.add(server);
  server.on("exit", () => servers.delete(server));
  if (onLine) {
    let rest = "";
    server.stdout.setEncoding("utf8");
    server.stdout.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) onLine(line);
    });
  }
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/v1/config/`, 90_000);
  return { server, base, port, kind, cpu: () => treeCpu(server.pid) };
}

/** Stops a server's process group (node or wrangler, workerd and the rest). */
export function stopServer(server) {
  stopGroup(server);
}

// ─── CPU time from /proc ───────────────────────────────────────────────────────────────────────────────
const TICKS_PER_SECOND = 100; // `getconf CLK_TCK` on Linux

/** pid → { ppid, command, ticks (user + system) } for every process readable now. */
function processTable() {
  const table = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // pid (command) state ppid … utime(14) stime(15); the command may hold spaces and brackets.
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.set(Number(name), { ppid: Number(fields[1]), command, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {}
  }
  return table;
}

/**
 * CPU milliseconds (user + system, 10 ms resolution) used so far by `pid` and all its descendants: `total` and
 * `byProcess` (command → ms, summed over processes of the same command, e.g. both workerd of `wrangler dev`).
 */
export function treeCpu(pid) {
  const table = processTable();
  const children = new Map();
  for (const [child, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), child]);
  const byProcess = {};
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    const row = table.get(p);
    if (row) {
      const ms = (row.ticks * 1000) / TICKS_PER_SECOND;
      total += ms;
      if (row.command !== "sh" && row.command !== "npm") byProcess[row.command] = (byProcess[row.command] ?? 0) + ms;
    }
    stack.push(...(children.get(p) ?? []));
  }
  return { total, byProcess };
}

/** CPU used between two `treeCpu` readings: `{ total, byProcess }`. */
export function cpuSince(before, after) {
  const byProcess = {};
  for (const [command, ms] of Object.entries(after.byProcess))
    byProcess[command] = ms - (before.byProcess[command] ?? 0);
  return { total: after.total - before.total, byProcess };
}
