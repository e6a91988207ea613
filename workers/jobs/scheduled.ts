import { fingerprintRetentionJob } from "#workers/core/moderation/fingerprints";
import { createDb, type Db } from "#workers/platform/db";
import { recapJob } from "./recap";
import { readVars, type Vars } from "#workers/platform/env";
import { feedPollJob } from "./feed-poll";
import { releaseRemindersJob } from "./release-reminders";
import { retentionJob } from "./retention";
import { santaJob } from "./santa";
import { automaticMedalsJob } from "./medals";
import { supporterExpiryJob } from "./supporters";

/**
 * Background jobs run by the Cron Trigger (wrangler.toml `[triggers]`, every five minutes). Each job decides for
 * itself what is due at `now` and must be idempotent: a rerun at the same time sends and writes nothing twice.
 * `now` is the trigger's scheduled time, so tests and the local site run a job "at" any moment:
 * `GET /cdn-cgi/local/scheduled?time=<unix ms>` under `wrangler dev` (scripts/start.mjs calls it every five minutes), or
 * `runScheduledJobs(env, new Date(...))` in workerd tests.
 */
export interface JobContext {
  env: Env;
  vars: Vars;
  db: Db;
  now: Date;
  waitUntil: (promise: Promise<unknown>) => void;
}

export interface Job {
  /** Short name for the logs. */
  name: string;
  run: (job: JobContext) => Promise<void>;
}

/** Every scheduled job, in the order they run. Add a job by importing it here. */
const JOBS: Job[] = [
  fingerprintRetentionJob,
  releaseRemindersJob,
  supporterExpiryJob,
  automaticMedalsJob,
  feedPollJob,
  santaJob,
  recapJob,
  retentionJob,
];

/**
 * The one job a trigger names with `job:<name>` in place of a cron expression (never the case in production, where
 * the cron is the configured one): tests run one section's job at a far-off time without moving every other
 * section of the shared local database there too (`/cdn-cgi/local/scheduled?cron=job:release-reminders&time=…`).
 */
export function onlyJob(cron: string): string | undefined {
  return cron.startsWith("job:") ? cron.slice("job:".length) : undefined;
}

/** Runs every job (or only the named one) at `now`; one failing job is logged and never stops the others. */
export async function runScheduledJobs(
  env: Env,
  now: Date,
  waitUntil: (promise: Promise<unknown>) => void = () => {},
  only?: string,
): Promise<{ failed: string[] }> {
  const job: JobContext = { env, vars: readVars(env), db: createDb(env.DB), now, waitUntil };
  const failed: string[] = [];
  for (const { name, run } of JOBS) {
    if (only !== undefined && name !== only) continue;
    try {
      await run(job);
    } catch (error) {
      failed.push(name);
      console.error(`Scheduled job ${name} failed`, error);
    }
  }
  return { failed };
}
