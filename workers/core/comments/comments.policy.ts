import type { UserRow } from "#drizzle/schema";

/**
 * Who may do what with comments. Deny by default; the client mirrors `can_edit`/`can_delete` from the
 * serialized comment only to hide buttons.
 */
export type CommentAction = "create" | "edit" | "delete";

/** The author may edit within this window while `is_one_hour_edit_enabled` is on (spec §5, §9). */
export const EDIT_WINDOW_MS = 60 * 60 * 1000;

export interface CommentRules {
  now: Date;
  isOneHourEditEnabled: boolean;
}

/** Moderators: `is_mod` (spec §6), as for posts (docs/decisions/0011); `is_admin` alone is not enough. */
export function isModerator(actor: UserRow | null): boolean {
  return !!actor && !actor.isBanned && actor.isMod;
}

export function can(
  actor: UserRow | null,
  action: CommentAction,
  comment?: { userId: number; createdAt: Date; isDeleted: boolean },
  rules?: CommentRules,
): boolean {
  if (!actor || actor.isBanned) return false;
  switch (action) {
    case "create":
      return true;
    case "edit": {
      if (!comment || comment.isDeleted) return false;
      if (isModerator(actor)) return true;
      if (comment.userId !== actor.id || !rules) return false;
      return !rules.isOneHourEditEnabled || rules.now.getTime() - comment.createdAt.getTime() < EDIT_WINDOW_MS;
    }
    case "delete":
      return !!comment && !comment.isDeleted && (comment.userId === actor.id || isModerator(actor));
    default:
      return false;
  }
}
