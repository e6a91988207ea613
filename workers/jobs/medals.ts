import { eq } from "drizzle-orm";
import { siteSettings } from "#drizzle/schema";
import { DONATION_CONFIG } from "#workers/core/config/donations.config";
import { awardAutomaticMedals } from "#workers/core/medals/medals";
import { jobRequestContext } from "./job-context";
import type { Job } from "./scheduled";

/** Where the job notes the last day it finished (Moscow date, «2026-11-25»). */
const DAY_KEY = "medals_auto_day";

export function siteDay(now: Date): string {
  return new Date(now.getTime() + DONATION_CONFIG.timeZoneOffsetMs).toISOString().slice(0, 10);
}

/**
 * Automatic medals, once a day (docs/decisions/0028): the first tick of a Moscow day awards every automatic medal
 * to the members its rule finds. A run that hit the batch limit leaves the day open, so the next tick goes on.
 * Idempotent: awards are unique per member and medal, and a finished day is not run again.
 */
export const automaticMedalsJob: Job = {
  name: "automatic-medals",
  async run(job) {
    const today = siteDay(job.now);
    const done = await job.db.query.siteSettings.findFirst({ where: eq(siteSettings.key, DAY_KEY) });
    if (done?.value === today) return;
    const { more } = await awardAutomaticMedals(jobRequestContext(job));
    if (more) return;
    await job.db
      .insert(siteSettings)
      .values({ key: DAY_KEY, value: today })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: today } });
  },
};
