import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "#workers/app";
import { eventually } from "#tests/factories/db";
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
  it("runs only that job (cron job:<name>); any real cron expression runs them all", { timeout: 30_000 }, async () => {
    // Files run before this one in the same database may have stored these years' recaps on their own clocks (a
    // cache: removing it changes nothing else).
    await env.DB.prepare("DELETE FROM recap_cache WHERE year IN (2030, 2032)").run();
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
    // The recap job queues its aggregation (docs/decisions/0037): a later trigger naming the recap job alone, for
    // another year, is consumed after anything the first trigger queued. Had that one run every job, 2030's figures
    // (the recap year of May 2031) would be stored by the time 2032's are.
    const recapRows = async (year: number) =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM recap_cache WHERE year = ? AND scope = 'site'")
          .bind(year)
          .first<{ n: number }>()
      )?.n ?? 0;
    const recapOnly = createScheduledController({ scheduledTime: new Date("2032-12-02T10:00:00Z"), cron: "job:recap" });
    await worker.scheduled?.(recapOnly, env, createExecutionContext());
    await eventually(async () => (await recapRows(2032)) === 1, 10_000);
    expect(await recapRows(2030)).toBe(0);
    const all = createScheduledController({ scheduledTime: new Date("2031-05-20T06:00:00Z"), cron: "*/5 * * * *" });
    await worker.scheduled?.(all, env, createExecutionContext());
    await eventually(async () => (await recapRows(2030)) === 1, 10_000);
  });
});
