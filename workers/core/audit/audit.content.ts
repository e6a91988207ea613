import type { SQL } from "drizzle-orm";
import { auditLog } from "#drizzle/schema";
import type { Db } from "#workers/platform/db";
import { type AuditEntry, auditInsert } from "./audit";

/**
 * Audit entries for moderators acting on members' content. A member changing their own content is no
 * moderation and writes nothing; a moderator editing, deleting, hiding, pinning … someone else's does.
 */

/** The entry when `actorId` acts on content of `ownerId` (null when it is their own). */
export function othersContentEntry(
  actorId: number,
  ownerId: number,
  entry: Omit<AuditEntry, "actorId" | "targetUserId">,
): AuditEntry | null {
  return actorId === ownerId ? null : { ...entry, actorId, targetUserId: ownerId };
}

/** The insert of an entry as SQL, for services that write through raw batches (workers/core/comments/d1.ts). */
export function auditSql(db: Db, entry: AuditEntry): SQL {
  return auditInsert(db, entry).getSQL();
}

/** The insert of an entry whose target is made in the same batch: its id comes from `targetIdSql`. */
export function auditInsertFor(db: Db, entry: Omit<AuditEntry, "targetId">, targetIdSql: SQL) {
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: targetIdSql,
    targetUserId: entry.targetUserId ?? null,
    reason: entry.reason ?? null,
    meta: entry.meta ?? null,
    createdAt: entry.at,
  });
}
