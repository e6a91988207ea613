import type { UserRow } from "#drizzle/schema";

/**
 * Who may act on whom (docs/decisions/0024-sanctions-and-write-rights.md). Deny by default; the pages mirror it
 * only to hide forms. Ranks: member 0, moderator 1, admin 2. A sanctioned member (isBanned set by the request
 * context for any active sanction) has no moderation rights.
 */
export type ModerationAction = "view-member" | "sanction" | "lift" | "set-fp-required";

type Person = Pick<UserRow, "id" | "isAdmin" | "isMod" | "isBanned">;

export function moderationRank(user: Pick<UserRow, "isAdmin" | "isMod">): number {
  return user.isAdmin ? 2 : user.isMod ? 1 : 0;
}

/** A moderator or admin in good standing. */
export function isModerator(actor: Person | null): actor is Person {
  return !!actor && !actor.isBanned && moderationRank(actor) > 0;
}

export function can(actor: Person | null, action: ModerationAction, target?: Pick<Person, "id" | "isAdmin" | "isMod">) {
  if (!isModerator(actor)) return false;
  switch (action) {
    case "view-member":
      return true;
    case "sanction":
    case "lift":
      // Nobody acts on themselves; only on someone of a lower rank (admins on moderators and members,
      // moderators on members; nobody on an admin).
      return !!target && target.id !== actor.id && moderationRank(target) < moderationRank(actor);
    case "set-fp-required":
      return actor.isAdmin && !!target && target.id !== actor.id;
    default:
      return false;
  }
}
