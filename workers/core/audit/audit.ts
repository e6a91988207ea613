import { auditLog } from "#drizzle/schema";
import type { Db } from "#workers/platform/db";

/**
 * The audit log: one row per moderator, admin or editor action, written in the same D1 batch as the change it
 * records (`auditInsert` gives the statement to put in that batch) so that a change never lands without its
 * entry. Reading it (the moderation pages) lives with moderation; this module only writes.
 */
export interface AuditEntry {
  /** Who acted; null for the system (a scheduled job). */
  actorId: number | null;
  /** Dotted verb: `<target type>.<what happened>`, e.g. `user.ban`, `shout.delete`, `game.update`. */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  /** The member the action concerns (sanctioned member, author of the deleted content), when there is one. */
  targetUserId?: number | null;
  reason?: string | null;
  meta?: Record<string, unknown> | null;
  at: Date;
}

/** The insert statement of an entry, to run inside the batch that makes the change. */
export function auditInsert(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    targetUserId: entry.targetUserId ?? null,
    reason: entry.reason ?? null,
    meta: entry.meta ?? null,
    createdAt: entry.at,
  });
}

/** Writes an entry on its own (when the change itself was a single statement already run). */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await auditInsert(db, entry);
}
