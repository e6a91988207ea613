import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { type SanctionRow, sanctions, type UserRow } from "#drizzle/schema";
import type { Db } from "#workers/platform/db";
import { isSanctioned, type SanctionNotice } from "./sanctions.constants";

export { formatSanctionEnd, isSanctioned, sanctionMessage } from "./sanctions.constants";

/**
 * Reading sanctions. The users row mirrors the active one (`is_banned`, `blocked_until`), so a request learns
 * whether its member is sanctioned without a query; only a sanctioned member's request reads the row (for the
 * reason). The end time decides: a block whose end has passed is over, no job needs to clear it.
 */

const activeWhere = (userId: number, now: Date) =>
  and(
    eq(sanctions.userId, userId),
    isNull(sanctions.liftedAt),
    or(isNull(sanctions.endsAt), gt(sanctions.endsAt, now)),
  );

export async function activeSanction(db: Db, userId: number, now: Date): Promise<SanctionRow | null> {
  const [row] = await db.select().from(sanctions).where(activeWhere(userId, now)).orderBy(desc(sanctions.id)).limit(1);
  return row ?? null;
}

export function sanctionNotice(row: Pick<SanctionRow, "kind" | "reason" | "endsAt">): SanctionNotice {
  return { kind: row.kind, reason: row.reason, ends_at: row.endsAt ? row.endsAt.toISOString() : null };
}

/** The notice for a member the users row says is sanctioned (a ban set without a row keeps a generic reason). */
export async function loadSanctionNotice(db: Db, user: UserRow, now: Date): Promise<SanctionNotice | null> {
  if (!isSanctioned(user, now)) return null;
  const row = await activeSanction(db, user.id, now);
  if (row) return sanctionNotice(row);
  return user.isBanned
    ? { kind: "ban", reason: "причина не указана", ends_at: null }
    : { kind: "block", reason: "причина не указана", ends_at: user.blockedUntil?.toISOString() ?? null };
}
