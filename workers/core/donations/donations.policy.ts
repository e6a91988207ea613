import type { UserRow } from "#drizzle/schema";

/**
 * Who may do what with donations. Deny by default: anybody reads the public list; only admins enter, link and
 * set the month's goal (they see the money, so it is not a moderator's job).
 */
export type DonationAction = "manage";

export function can(actor: UserRow | null, action: DonationAction): boolean {
  if (!actor || actor.isBanned) return false;
  switch (action) {
    case "manage":
      return actor.isAdmin;
    default:
      return false;
  }
}
