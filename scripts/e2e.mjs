// Browser tests: builds the site, serves it with `wrangler dev` on a fresh local state (migrated and
// seeded), and runs tests/e2e with vitest + playwright-core against it in Debian's Chromium.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium.mjs";
import { run, startDetached, stopGroup, waitForHttp } from "./lib.mjs";

const chrome = ensureChromium();
const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

if (!process.argv.includes("--no-build")) run("react-router", ["build"]);
const state = mkdtempSync(path.join(os.tmpdir(), "kostyor-e2e-"));
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { env: { CI: "true" }, stdio: ["ignore", "ignore", "inherit"] });
run("node", ["scripts/seed.mjs", "--persist-to", state]);

const port = await freePort();
const server = startDetached("wrangler", ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state], {
  stdio: ["ignore", "ignore", "inherit"],
});
let code = 1;
try {
  await waitForHttp(`http://127.0.0.1:${port}/api/v1/config/`, 90_000);
  const extra = process.argv.slice(2).filter((a) => a !== "--no-build");
  code = run("vitest", ["run", "--config", "vitest.e2e.config.ts", ...extra], {
    allowFailure: true,
    env: { E2E_BASE_URL: `http://localhost:${port}`, CHROME_PATH: chrome, E2E_STATE: state },
  });
} finally {
  stopGroup(server);
  rmSync(state, { recursive: true, force: true });
}
process.exit(code);
