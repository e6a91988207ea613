import { expireSupporters } from "#workers/core/donations/supporters";
import type { Job } from "./scheduled";

/**
 * Supporter periods end by themselves (docs/decisions/0028): every tick turns `is_supporter` off for members
 * whose `supporter_until` has passed. Idempotent (only rows still flagged change).
 */
export const supporterExpiryJob: Job = {
  name: "supporter-expiry",
  async run(job) {
    await expireSupporters(job.db, job.now);
  },
};
