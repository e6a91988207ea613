import { and, eq, gt, sql } from "drizzle-orm";
import { sessions, type UserRow, users } from "#drizzle/schema";
import { randomToken, sha256 } from "./crypto";
import { type Db, renamed } from "./db";
import { preparedRead } from "./prepared";

/** A session ends after 30 days without use, and in any case 180 days after sign-in. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 180 * 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most this often, so reading pages costs no writes. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface SessionInfo {
  id: string;
  user: UserRow;
}

export async function createSession(
  db: Db,
  userId: number,
  meta: { now: Date; userAgent?: string | null; ip?: string | null },
): Promise<{ token: string; maxAgeSeconds: number }> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: await sha256(token),
    userId,
    createdAt: meta.now,
    lastUsedAt: meta.now,
    expiresAt: new Date(meta.now.getTime() + SESSION_ABSOLUTE_MS),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, maxAgeSeconds: Math.floor(SESSION_ABSOLUTE_MS / 1000) };
}

/**
 * A session by its id, unless expired, with its member: every signed-in request's first read. Its columns have names
 * of their own (the session's last use renamed beside the member's row), so that it can ride in a batch of other
 * reads, where rows come back keyed by column name (docs/decisions/0042-session-read-ahead.md).
 */
const liveSession = preparedRead(["id", "now"], (db, p) =>
  db
    .select({ user: users, lastUsedAt: renamed(sessions.lastUsedAt, "session_last_used_at") })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, p.id), gt(sessions.expiresAt, sql.param(p.now, sessions.expiresAt))))
    .limit(1),
);

type LiveSessionRow = { user: UserRow; lastUsedAt: Date };

/** What a live session's row asks for: nothing, its hourly touch (a write), or deletion (idle too long). */
function dueFor(row: LiveSessionRow, now: Date): "nothing" | "touch" | "deletion" {
  const idleFor = now.getTime() - row.lastUsedAt.getTime();
  if (idleFor > SESSION_IDLE_MS) return "deletion";
  return idleFor > TOUCH_EVERY_MS ? "touch" : "nothing";
}

/** A session row as read: live, expired by idleness (deleted on sight), or due for its hourly touch (touched). */
async function settle(db: Db, id: string, row: LiveSessionRow, now: Date): Promise<LiveSessionRow | null> {
  const due = dueFor(row, now);
  if (due === "deletion") {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (due === "touch") {
    await db.batch([
      db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id)),
      db.update(users).set({ lastSeenAt: now }).where(eq(users.id, row.user.id)),
    ]);
    return { user: row.user, lastUsedAt: now };
  }
  return row;
}

/**
 * Finds the live session for a cookie token; expired sessions are deleted on sight. `memory`: what this isolate's
 * memory of the session for `readSessionAhead` becomes — a page's read request keeps the member's row when
 * `remember` says so (and forgets it otherwise), a mutation forgets it (it may change the row); other readers (the
 * realtime connection, jobs) leave it as it is.
 */
export async function readSession(
  db: Db,
  token: string | undefined,
  now: Date,
  memory: { remember: (user: UserRow) => boolean } | "forget" | null = null,
): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  const id = await sha256(token);
  const [row] = await liveSession(db, { id, now });
  const live = row ? await settle(db, id, row, now) : null;
  if (live && memory !== null && memory !== "forget") {
    if (memory.remember(live.user)) rememberSession(id, live);
    else forgetSession(id);
  } else if (!live || memory === "forget") forgetSession(id);
  return live ? { id, user: live.user } : null;
}

// ─── reading the session ahead (docs/decisions/0042-session-read-ahead.md) ─────────────────────────────────
// A member's read request starts from the row this isolate last read for their session, and reads the session again
// in the same D1 round trip as the page's first reads instead of one of its own before them. Before the response
// leaves (and before any write), `verify` compares the two: any difference but the last-seen time means the page is
// rendered again from a fresh read. So a revoked session or a changed member is never served, at the price of a
// second render when it happens.
const REMEMBERED_MAX = 1_000;
const remembered = new Map<string, LiveSessionRow>();

function rememberSession(id: string, row: LiveSessionRow): void {
  remembered.delete(id);
  // A copy: the request goes on with its own row.
  remembered.set(id, { user: { ...row.user }, lastUsedAt: row.lastUsedAt });
  // Oldest first (a Map keeps insertion order).
  for (const key of remembered.keys()) {
    if (remembered.size <= REMEMBERED_MAX) break;
    remembered.delete(key);
  }
}

function forgetSession(id: string): void {
  remembered.delete(id);
}

/** The member's row as pages show it: every column but the last-seen time, which the session's touch moves. */
function sameMember(a: UserRow, b: UserRow): boolean {
  for (const key of Object.keys(a) as (keyof UserRow)[]) {
    if (key === "lastSeenAt") continue;
    const x = a[key];
    const y = b[key];
    if (x instanceof Date || y instanceof Date) {
      if (!(x instanceof Date && y instanceof Date && x.getTime() === y.getTime())) return false;
    } else if (typeof x === "object" && x !== null) {
      if (JSON.stringify(x) !== JSON.stringify(y)) return false;
    } else if (x !== y) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

export interface SessionAhead {
  /** The session as this isolate last read it (the member's row is this request's own copy). */
  session: SessionInfo;
  /**
   * Settles once the session read that rode with the page's reads is back: true when it is still live and the member
   * the same. Sends that read on its own if no batch has taken it yet. Always the same promise.
   */
  verify: () => Promise<boolean>;
}

/**
 * The remembered session of a read request's cookie, with the read that checks it handed to `ride` (the request's
 * coalescing reader: it goes with the page's first batch). Null when this isolate has none remembered, or when the
 * session is due for its hourly touch (a write, which the fresh read makes).
 */
export async function readSessionAhead(
  db: Db,
  token: string | undefined,
  now: Date,
  ride: (query: ReturnType<typeof liveSession>) => { rows: Promise<LiveSessionRow[]>; send: () => void },
): Promise<SessionAhead | null> {
  if (!token || token.length > 100) return null;
  const id = await sha256(token);
  const known = remembered.get(id);
  if (!known || dueFor(known, now) !== "nothing") return null;
  const ridden = ride(liveSession(db, { id, now }));
  let verdict: Promise<boolean> | undefined;
  const verify = () => {
    ridden.send();
    verdict ??= ridden.rows.then(
      ([fresh]) => {
        // Anything the row asks for (a touch, a deletion) is left to the fresh read of the render again: nothing
        // here writes, and the request's writes wait for this verdict.
        if (fresh && dueFor(fresh, now) === "nothing" && sameMember(fresh.user, known.user)) {
          rememberSession(id, fresh);
          return true;
        }
        forgetSession(id);
        return false;
      },
      () => {
        forgetSession(id);
        return false;
      },
    );
    return verdict;
  };
  return { session: { id, user: { ...known.user } }, verify };
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  forgetSession(id);
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  for (const [id, row] of remembered) if (row.user.id === userId) forgetSession(id);
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
