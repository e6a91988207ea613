import type { Notified } from "../notifications";

/**
 * What the content services trigger after their own write has committed: activity items, notifications and
 * their removal. Each step is best effort — a failure is logged and never fails the action that caused it
 * (the action's data is already saved; a missed notification is not worth an error page).
 */

/** Runs `work`, logging instead of throwing; resolves to its result or `fallback`. */
export async function bestEffort<T>(label: string, work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error(`${label} failed`, error);
    return fallback;
  }
}

/** Settles several notifications side by side; failed ones are logged and left out. */
export async function notifyAll(label: string, jobs: Promise<Notified | null>[]): Promise<Notified[]> {
  const results = await Promise.allSettled(jobs);
  const done: Notified[] = [];
  for (const r of results) {
    if (r.status === "fulfilled") {
      if (r.value) done.push(r.value);
    } else console.error(`${label} failed`, r.reason);
  }
  return done;
}
