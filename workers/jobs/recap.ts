import { defaultRecapYear, isRecapOpen } from "#workers/core/recap/recap.period";
import { sendJobs } from "./queue.producer";
import type { Job } from "./scheduled";

/**
 * Keeps the open year's site recap aggregated ahead of readers. The full pass over the year's rows is the one
 * expensive step, so it runs in the queue consumer (docs/decisions/0037-queues-fan-out.md: its own invocation, with
 * retries), not in this cron run: a no-op read there while the stored figures are fresh, a recompute when they are
 * due, as of the trigger's time.
 */
export const recapJob: Job = {
  name: "recap",
  async run({ env, now }) {
    const year = defaultRecapYear(now);
    if (!isRecapOpen(year, now)) return;
    await sendJobs(env, [{ kind: "recap", year, at: now.getTime() }]);
  },
};
