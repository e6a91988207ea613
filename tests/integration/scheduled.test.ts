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

describe("a trigger naming one job", () => {
  it("runs only that job (cron job:<name>); any real cron expression runs them all", async () => {
    const { onlyJob } = await import("#workers/jobs/scheduled");
    expect(onlyJob("job:release-reminders")).toBe("release-reminders");
    expect(onlyJob("*/5 * * * *")).toBeUndefined();
    const ctx = createExecutionContext();
    const controller = createScheduledController({
      scheduledTime: new Date("2031-05-20T06:00:00Z"),
      cron: "job:no-such-job",
    });
    await worker.scheduled?.(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    // No job ran: the recap job would have stored 2030's figures for a trigger in May 2031.
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM recap_cache WHERE year = 2030").first<{ n: number }>();
    expect(stored?.n).toBe(0);
    const all = createScheduledController({ scheduledTime: new Date("2031-05-20T06:00:00Z"), cron: "*/5 * * * *" });
    await worker.scheduled?.(all, env, createExecutionContext());
    const after = await env.DB.prepare("SELECT count(*) AS n FROM recap_cache WHERE year = 2030").first<{ n: number }>();
    expect(after?.n).toBe(1);
  });
});
