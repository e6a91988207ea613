import type { UserRow } from "#drizzle/schema";
import type { Flags } from "#workers/core/config/config.schemas";

/**
 * Who may paw, see who pawed, and bookmark. Deny by default. `rules` carries the site flags the rule needs.
 */
export type ReactionAction = "paw" | "paw-down" | "view-pawers" | "view-received" | "bookmark";

export function can(
  actor: UserRow | null,
  action: ReactionAction,
  target?: { ownerId: number },
  flags?: Pick<Flags, "is_paw_down_enabled" | "is_paw_view_enabled">,
): boolean {
  switch (action) {
    case "paw":
      // Members paw other members' content, never their own.
      return !!actor && !actor.isBanned && !!target && target.ownerId !== actor.id;
    case "paw-down":
      return can(actor, "paw", target) && !!flags?.is_paw_down_enabled;
    case "view-pawers":
      // Anyone (guests too) may see who pawed while the site shows it.
      return !!flags?.is_paw_view_enabled;
    case "view-received":
    case "bookmark":
      // Private to the member: a sanctioned member keeps them (decision 0024).
      return !!actor;
    default:
      return false;
  }
}
