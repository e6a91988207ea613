import type { UserRow } from "#drizzle/schema";

/**
 * Who may do what with accounts and site settings. Deny by default; the client may mirror these checks
 * only to hide buttons.
 */
export type AccountAction = "update-profile" | "rename" | "create-invitation" | "view-settings" | "change-config";

export function can(actor: UserRow | null, action: AccountAction, target?: { id: number }): boolean {
  if (!actor) return false;
  switch (action) {
    // A sanctioned member keeps their own settings and theme (decision 0024), nothing others see.
    case "update-profile":
    case "view-settings":
      return !!target && (target.id === actor.id || (actor.isAdmin && !actor.isBanned));
    case "rename":
      return !actor.isBanned && !!target && (target.id === actor.id || actor.isAdmin);
    case "create-invitation":
      return !actor.isBanned;
    case "change-config":
      return !actor.isBanned && actor.isAdmin;
    default:
      return false;
  }
}
