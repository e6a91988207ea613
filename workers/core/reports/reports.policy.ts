import type { UserRow } from "#drizzle/schema";

/**
 * Who may do what with reports and the moderators' pages (docs/decisions/0026-roles-reports-audit.md).
 * - Any member reports an item once (not their own content, not themselves).
 * - Moderators and admins see the open cases and resolve them, and read the audit log.
 */
export type ReportAction = "report" | "moderate";

type Actor = Pick<UserRow, "id" | "isAdmin" | "isMod" | "isBanned"> | null;

export function can(actor: Actor, action: ReportAction, target?: { userId: number | null }): boolean {
  if (!actor || actor.isBanned) return false;
  switch (action) {
    case "report":
      return !!target && target.userId !== actor.id;
    case "moderate":
      return actor.isMod || actor.isAdmin;
    default:
      return false;
  }
}
