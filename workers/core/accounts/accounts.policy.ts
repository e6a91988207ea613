import type { UserRow } from "#drizzle/schema";

/**
 * Who may do what with accounts and site settings. Deny by default; the client may mirror these checks
 * only to hide buttons.
 */
export type AccountAction = "update-profile" | "rename" | "create-invitation" | "view-settings" | "change-config";

export function can(actor: UserRow | null, action: AccountAction, target?: { id: number }): boolean {
  if (!actor || actor.isBanned) return false;
  switch (action) {
    case "update-profile":
    case "rename":
    case "view-settings":
      return !!target && (target.id === actor.id || actor.isAdmin);
    case "create-invitation":
      return true;
    case "change-config":
      return actor.isAdmin;
    default:
      return false;
  }
}
