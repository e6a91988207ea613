// Browser tests: builds the site, serves a private copy of the build with `wrangler dev` on a fresh local state
// (migrated and seeded), and runs tests/e2e with vitest + playwright-core against it in Debian's Chromium.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startOAuthProvider } from "../tests/servers/oauth-provider.mjs";
import { ensureChromium } from "./chromium.mjs";
import { root, run, runAsync, startDetached, stopGroup, waitForHttp } from "./lib.mjs";

const chrome = ensureChromium();
const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

if (!process.argv.includes("--no-build")) run("react-router", ["build"]);
const dir = mkdtempSync(path.join(os.tmpdir(), "kostyor-e2e-"));
// A private copy of the build: build/ is rebuilt by other work (benchmarks) while the tests run, and a server whose
// pages name assets that are gone fails every test after. Its generated wrangler.json names the migrations as
// ../../migrations, hence the link.
cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
symlinkSync(path.join(root, "migrations"), path.join(dir, "migrations"));
const config = path.join(dir, "build", "server", "wrangler.json");
const state = path.join(dir, "state");
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", state], {
  env: { CI: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});
// The demo's dates are relative to the day of the seed; tests that look for them ask when that was.
const seededAt = Date.now();
run("node", ["scripts/seed.mjs", "--persist-to", state]);

const port = await freePort();
// Social sign-in: every provider points at one local OAuth/OIDC server (tests/servers/oauth-provider.mjs).
const oauthProvider = await startOAuthProvider();
const providerVars = Object.entries(oauthProvider.vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
const startServer = () =>
  startDetached(
    "wrangler",
    ["dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state, ...providerVars],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
let server = startServer();

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

// The realtime browser test stops and restarts the server (same port, same state) through this control door.
const control = createHttpServer(async (req, res) => {
  try {
    if (req.method === "POST" && req.url === "/stop") {
      const stopped = new Promise((resolve) => server.once("exit", resolve));
      stopGroup(server);
      const timer = setTimeout(() => {
        try {
          process.kill(-server.pid, "SIGKILL");
        } catch {}
      }, 5000);
      await stopped;
      clearTimeout(timer);
      await waitForClosed(port);
    } else if (req.method === "POST" && req.url === "/start") {
      server = startServer();
      await waitForHttp(`http://127.0.0.1:${port}/api/v1/config/`, 90_000);
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(204).end();
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
const controlPort = await freePort();
control.listen(controlPort, "127.0.0.1");
let code = 1;
try {
  await waitForHttp(`http://127.0.0.1:${port}/api/v1/config/`, 90_000);
  const extra = process.argv.slice(2).filter((a) => a !== "--no-build");
  // Asynchronously: the control door above must keep answering while the tests run.
  code = await runAsync("vitest", ["run", "--config", "vitest.e2e.config.ts", ...extra], {
    env: {
      E2E_BASE_URL: `http://localhost:${port}`,
      E2E_CONTROL_URL: `http://127.0.0.1:${controlPort}`,
      CHROME_PATH: chrome,
      E2E_STATE: state,
      E2E_OAUTH_ISSUER: oauthProvider.issuer,
      E2E_SEEDED_AT: String(seededAt),
    },
  });
} finally {
  control.close();
  stopGroup(server);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
