import { defineConfig } from "vitest/config";

/** Browser tests: plain Node, one file at a time against the one server scripts/e2e.mjs started. */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A loaded CI machine answers slower than a laptop: polls wait up to 10 s before failing.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
