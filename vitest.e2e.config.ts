import { defineConfig } from "vitest/config";

/** Browser tests: plain Node, one file a run, against the server of its lane that scripts/e2e.mjs started. */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    // Two lanes share the machine (scripts/e2e.mjs): a long story (sign in, post, comment, paw, pin) that takes 40 s
    // alone took over 60 s beside another lane on a slow stretch.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A loaded CI machine answers slower than a laptop: polls wait up to 10 s before failing.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
