import { readdirSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { suiteProblems } from "./tests/integration/suites/index.mjs";
import { startCloudflareApi, TEST_PURGE_TOKEN, TEST_ZONE_ID } from "./tests/servers/cloudflare-api.mjs";
import { startFeedServer } from "./tests/servers/feeds.mjs";
import { startOAuthProvider } from "./tests/servers/oauth-provider.mjs";
import { drizzleEntityCheck } from "./vite/drizzle-entity-check.ts";
import { drizzleRowMapper } from "./vite/drizzle-row-mapper.ts";
import { routerBranchPrefilter } from "./vite/router-branch-prefilter.ts";

/**
 * The test files run as a few suites (tests/integration/suites/index.mjs): each test file costs a fresh isolate
 * that imports the whole Worker and applies the migrations. `TEST_FILES=each` runs the files one by one instead,
 * e.g. `TEST_FILES=each npx vitest run tests/integration/config.test.ts` for one file alone.
 */
const EACH = process.env.TEST_FILES === "each";
if (process.env.TEST_FILES && !EACH) throw new Error(`TEST_FILES=${process.env.TEST_FILES}: only "each" is known`);

/** No test file may be in no suite (it would never run) or in two. */
function checkSuites(): void {
  const dir = path.join(import.meta.dirname, "tests/integration");
  const names = (d: string) => readdirSync(d).filter((f) => f.endsWith(".test.ts"));
  const problems = suiteProblems(names(dir), names(path.join(dir, "suites")));
  if (problems.length) throw new Error(`tests/integration/suites/index.mjs:\n  ${problems.join("\n  ")}`);
}

export default defineConfig(async () => {
  checkSuites();
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  // External services the Worker calls run as real local servers (tests/servers/).
  const cloudflareApi = await startCloudflareApi();
  // News feeds (RSS, Atom, RDF, JSON Feed, Windows-1251, 304, broken, 5 MB) for the feed ingest tests.
  const feeds = await startFeedServer();
  // Social sign-in: one local OAuth 2.0 / OIDC provider (oauth2-mock-server) with Steam OpenID and Twitch Helix.
  const oauthProvider = await startOAuthProvider();
  return {
    plugins: [
      // As the production build (vite.config.ts): the suite runs Drizzle as the site does.
      drizzleEntityCheck(),
      drizzleRowMapper(),
      routerBranchPrefilter(),
      cloudflareTest({
        main: "./tests/integration/worker-entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ENVIRONMENT: "test",
            CF_ZONE_ID: TEST_ZONE_ID,
            CF_PURGE_TOKEN: TEST_PURGE_TOKEN,
            CF_API_URL: cloudflareApi.url,
            TEST_FEEDS_URL: feeds.url,
            ...oauthProvider.vars,
          },
        },
      }),
      // The page door: React Router's server build (virtual:react-router/server-build) for SELF.fetch of pages.
      reactRouter(),
    ],
    test: {
      include: [EACH ? "tests/integration/*.test.ts" : "tests/integration/suites/*.test.ts"],
      setupFiles: ["./tests/integration/apply-migrations.ts"],
      // A test's first request loads the whole Worker into its isolate: seconds on a busy 2-core machine.
      testTimeout: 20_000,
      // Vitest replaces every stylesheet with an empty string unless told otherwise: pages then linked `href=""`
      // (React warned on every render). Processed as Vite does, a route's `?url` import is the stylesheet's URL.
      css: { include: [/.+/] },
    },
  };
});
