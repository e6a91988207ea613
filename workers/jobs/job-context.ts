import type { RequestContext } from "#workers/platform/context";
import { coalescingReader } from "#workers/platform/db";
import type { JobContext } from "./scheduled";

/**
 * A service context for a scheduled job, so jobs call the same services (notify, publish) as requests: no request,
 * no member (`actor: null` — the site itself), the trigger's time as the clock, no page cache to purge.
 */
export function jobRequestContext(job: JobContext): RequestContext {
  return {
    env: job.env,
    vars: job.vars,
    db: job.db,
    read: coalescingReader(job.db),
    request: new Request("https://scheduled.invalid/"),
    actor: null,
    sanction: null,
    sessionId: null,
    verifySession: () => Promise.resolve(true),
    clientId: null,
    ip: "",
    csrfCookie: null,
    now: () => job.now,
    waitUntil: job.waitUntil,
    sharedRender: false,
    nonce: "",
    documentRequest: false,
    invalidate: () => {},
  };
}
