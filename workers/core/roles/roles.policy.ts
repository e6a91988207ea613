import type { UserRow } from "#drizzle/schema";

/**
 * Who may do what with roles (docs/decisions/0026-roles-reports-audit.md). Deny by default; the pages mirror it
 * only to hide buttons.
 * - Admins define roles, grant and take away any role, and set is_mod and is_db_editor.
 * - A member joins a joinable role and leaves it; a role an admin granted that is not joinable stays until an
 *   admin takes it away.
 */
export type RoleAction = "manage" | "join" | "leave";

type Actor = Pick<UserRow, "id" | "isAdmin" | "isBanned"> | null;

export function can(actor: Actor, action: RoleAction, role?: { isJoinable: boolean } | null): boolean {
  if (!actor || actor.isBanned) return false;
  switch (action) {
    case "manage":
      return actor.isAdmin;
    case "join":
    case "leave":
      return !!role && role.isJoinable;
    default:
      return false;
  }
}
