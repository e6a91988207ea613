import { runSantaJob } from "#workers/core/santa/santa.jobs";
import { jobRequestContext } from "./job-context";
import type { Job } from "./scheduled";

/**
 * Secret Santa (docs/decisions/0032): the draw when applications close, reminders three days before the send-by and
 * receive-by dates, backup santas for gifts not sent by the send-by date, and deleting names and addresses 30 days
 * after the exchange ends. Every step is idempotent (workers/core/santa/santa.jobs.ts).
 */
export const santaJob: Job = {
  name: "secret-santa",
  run: (job) => runSantaJob(jobRequestContext(job)),
};
