import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./tests/integration/worker-entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: "test" } },
      }),
    ],
    test: {
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["./tests/integration/apply-migrations.ts"],
    },
  };
});
