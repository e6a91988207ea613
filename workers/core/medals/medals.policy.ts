import type { UserRow } from "#drizzle/schema";

/** Who may do what with medals. Deny by default: anybody sees them; only admins create, edit, award and revoke. */
export type MedalAction = "manage";

export function can(actor: UserRow | null, action: MedalAction): boolean {
  if (!actor || actor.isBanned) return false;
  switch (action) {
    case "manage":
      return actor.isAdmin;
    default:
      return false;
  }
}
