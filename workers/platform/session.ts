import { and, eq, gt, sql } from "drizzle-orm";
import { sessions, type UserRow, users } from "#drizzle/schema";
import { randomToken, sha256 } from "./crypto";
import type { Db } from "./db";
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

/** A session by its id, unless expired, with its member: every signed-in request's first read. */
const liveSession = preparedRead(["id", "now"], (db, p) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, p.id), gt(sessions.expiresAt, sql.param(p.now, sessions.expiresAt))))
    .limit(1),
);

/** Finds the live session for a cookie token; expired sessions are deleted on sight. */
export async function readSession(db: Db, token: string | undefined, now: Date): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  const id = await sha256(token);
  const rows = await liveSession(db, { id, now });
  const row = rows[0];
  if (!row) return null;
  const idleFor = now.getTime() - row.session.lastUsedAt.getTime();
  if (idleFor > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await db.batch([
      db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id)),
      db.update(users).set({ lastSeenAt: now }).where(eq(users.id, row.user.id)),
    ]);
  }
  return { id, user: row.user };
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
