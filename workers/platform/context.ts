import type { UserRow } from "#drizzle/schema";
import type { SanctionNotice } from "#workers/core/moderation/sanctions.constants";
import { isSanctioned, loadSanctionNotice } from "#workers/core/moderation/sanctions.read";
import { readCookies, SESSION_COOKIE } from "./cookies";
import { validCsrfToken } from "./csrf";
import {
  coalescingReader,
  type Db,
  openRequestDb,
  type Reader,
  type RequestDb,
  type Riders,
  requestBookmark,
  ride,
} from "./db";
import { readVars, type Vars } from "./env";
import { invalidatePages } from "./page-cache";
import { readSession, readSessionAhead, type SessionAhead } from "./session";

/**
 * Everything a service needs about the request, built once per request by the Worker and shared by both
 * doors (Hono API and React Router loaders/actions).
 */
export interface RequestContext {
  env: Env;
  vars: Vars;
  db: Db;
  /**
   * The request's D1 session behind `db` (where it started, its latest bookmark): docs/decisions/0036. Absent in
   * jobs' and queue consumers' contexts, whose `db` is the primary.
   */
  d1?: RequestDb;
  /**
   * `db.batch` for reads that coalesces with the other reads of this turn (see coalescingReader): loaders that
   * run side by side share one D1 round trip. Never for writes.
   */
  read: Reader;
  request: Request;
  /**
   * The signed-in member, or null for a guest. A sanctioned member stays signed in (reads) with `isBanned` true for
   * any active sanction, so every policy refuses their writes; `requireWriter` names the reason.
   */
  actor: UserRow | null;
  /** The member's active ban or block (reason and end), or null. */
  sanction: SanctionNotice | null;
  sessionId: string | null;
  /**
   * True once the session the request started from is known to be live and its member unchanged. A page's read
   * request may start from the session as this isolate last read it (`readAhead`), checked in the page's first D1
   * batch: the page door awaits this before the response leaves and renders again when it is false
   * (docs/decisions/0042-session-read-ahead.md). Otherwise true at once.
   */
  verifySession: () => Promise<boolean>;
  /** The client's id from the `From` header; realtime echoes carry it back. */
  clientId: string | null;
  ip: string;
  /** The CSRF cookie when it holds a token signed for this session; null when absent, forged or another session's. */
  csrfCookie: string | null;
  now: () => Date;
  /** Background work that may outlive the response. */
  waitUntil: (promise: Promise<unknown>) => void;
  /** True while rendering a guest page that goes into the shared page cache (no per-visitor data in it). */
  sharedRender: boolean;
  /**
   * The Content-Security-Policy nonce of the page being rendered: set by the page door (workers/app.ts) for each
   * request, given to every inline script by app/entry.server.tsx; empty outside the page door.
   */
  nonce: string;
  /**
   * True while React Router answers a document request (HTML), false for its data requests (`*.data`) and outside
   * the page door: a loader may then send large values beside the hydration data (app/lib/sidecar.server.ts).
   */
  documentRequest: boolean;
  /** Drops the cached guest views of these pages after a change to their content. */
  invalidate: (paths: string[]) => void;
}

export async function buildRequestContext(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  /**
   * `csrfCookie`: the request's valid CSRF token when the caller has checked it already (pages). `sharedRender`: a
   * guest page rendered for the shared page cache (pages).
   */
  options: { now?: () => Date; csrfCookie?: string | null; sharedRender?: boolean; readAhead?: boolean } = {},
): Promise<RequestContext> {
  const now = options.now ?? (() => new Date());
  const cookies = readCookies(request);
  const sharedRender = options.sharedRender ?? false;
  const token = cookies[SESSION_COOKIE];
  const isRead = request.method === "GET" || request.method === "HEAD";
  // A page's read request may start from the remembered session: its writes then wait for the check.
  const readAhead = !!options.readAhead && isRead && !!token;
  let ahead: SessionAhead | null = null;
  const d1 = openRequestDb(
    env.DB,
    { method: request.method, bookmark: requestBookmark(request, cookies), member: !!token, sharedRender },
    readAhead ? () => sessionVerifiedForWrite(ahead?.verify ?? (() => Promise.resolve(true))) : undefined,
  );
  const db = d1.db;
  const riders: Riders = [];
  if (readAhead) ahead = await readSessionAhead(db, token, now(), (query) => ride(db, riders, query));
  const session =
    ahead?.session ??
    (await readSession(db, token, now(), isRead ? { remember: (user) => !isSanctioned(user, now()) } : "forget"));
  const sanction = session && !ahead ? await loadSanctionNotice(db, session.user, now()) : null;
  const actor = session ? (sanction ? { ...session.user, isBanned: true } : session.user) : null;
  const context: RequestContext = {
    env,
    vars: readVars(env),
    db,
    d1,
    read: coalescingReader(db, riders),
    request,
    actor,
    sanction,
    sessionId: session?.id ?? null,
    verifySession: ahead ? ahead.verify : () => Promise.resolve(true),
    clientId: request.headers.get("From")?.slice(0, 100) || null,
    ip: clientIp(request),
    csrfCookie: options.csrfCookie !== undefined ? options.csrfCookie : await validCsrfToken(request, env, cookies),
    now,
    waitUntil: (promise) => ctx.waitUntil(promise),
    sharedRender,
    nonce: "",
    documentRequest: false,
    invalidate: (paths) => ctx.waitUntil(invalidatePages(context, paths)),
  };
  return context;
}

/**
 * A write of a request goes only once the session it started from is confirmed (`verifySession`); it fails when that
 * session turned out revoked or its member changed (the page door then renders the request again).
 */
export async function sessionVerifiedForWrite(verify: () => Promise<boolean>): Promise<void> {
  if (!(await verify())) throw new Error("The request's session changed while it was read ahead.");
}

/** The visitor's address as Cloudflare (or the local proxy) passes it on. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Real-IP") ?? "127.0.0.1";
}
