// The built site under `wrangler dev` for the bench scripts: a free port on 127.0.0.1, a given local state
// (--persist-to), its own process group; every server started here is stopped (the whole group) however the
// script ends — normal exit, an error, ctrl-c or SIGTERM.
import { startDetached, stopGroup, waitForHttp } from "../lib.mjs";
import { freePort } from "./net.mjs";

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
 * Starts `wrangler dev` on `stateDir` and waits until it answers. `onLine` gets each stdout line (stdout is
 * ignored without it); stderr is inherited. Resolves to `{ server, base, port }`.
 */
export async function startServer(stateDir, extraArgs = [], onLine = undefined) {
  stopServersOnExit();
  const port = await freePort();
  const server = startDetached(
    "wrangler",
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", stateDir, ...extraArgs],
    { stdio: ["ignore", onLine ? "pipe" : "ignore", "inherit"], env: { CI: "true" } },
  );
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
  return { server, base, port };
}

/** Stops a server's process group (wrangler, workerd and the rest). */
export function stopServer(server) {
  stopGroup(server);
}
