import { siteFigures } from "#workers/core/recap/recap";
import { defaultRecapYear, isRecapOpen } from "#workers/core/recap/recap.period";
import type { Job } from "./scheduled";

/**
 * Keeps the open year's site recap aggregated ahead of readers (a full pass over the year's rows is the one
 * expensive step): a no-op read while the stored figures are fresh, a recompute when they are due.
 */
export const recapJob: Job = {
  name: "recap",
  async run({ db, env, now }) {
    const year = defaultRecapYear(now);
    if (!isRecapOpen(year, now)) return;
    await siteFigures({ db, env, now: () => now, actor: null }, year);
  },
};
