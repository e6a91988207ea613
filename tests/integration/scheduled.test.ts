import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "#workers/app";
import { runScheduledJobs } from "#workers/jobs/scheduled";

describe("scheduled jobs", () => {
  it("the Worker's cron handler runs the jobs at the trigger's time", async () => {
    const ctx = createExecutionContext();
    const controller = createScheduledController({
      scheduledTime: new Date("2026-12-01T00:00:00Z"),
      cron: "*/5 * * * *",
    });
    await worker.scheduled?.(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await runScheduledJobs(env, new Date("2026-12-01T00:00:00Z"))).toEqual({ failed: [] });
  });
});
