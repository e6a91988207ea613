import type { UserRow } from "#drizzle/schema";
import { withSettingDefaults } from "#workers/core/accounts/accounts.constants";
import { type PostRules, withinEditWindow } from "#workers/core/posts/posts.policy";

/**
 * Who may do what with shouts (docs/decisions/0018-shouts.md). Deny by default; the client mirrors
 * `can_edit`/`can_delete`/`can_moderate` from the view only to hide buttons.
 *
 * - Edit: as posts (spec §5) — the author within one hour of creation while `is_one_hour_edit_enabled`, a
 *   moderator (`is_mod`) always.
 * - Delete: as posts — the author always (it is their content), a moderator any shout.
 * - Pin, mute, freeze: moderators.
 * - View: everyone, except that a guest never sees a shout of a member whose `is_shouts_public` is off.
 *   Muted shouts leave the lists but stay reachable by their link and on the author's profile.
 * - Comment: members, while the shout is not frozen.
 */
export type ShoutAction = "create" | "view" | "edit" | "delete" | "moderate" | "comment";

export type ShoutRules = PostRules;

type Actor = Pick<UserRow, "id" | "isMod" | "isBanned"> | null;

export interface ShoutAccess {
  userId: number;
  createdAt: Date;
  isFrozen: boolean;
  /** The author's `is_shouts_public` setting. */
  isAuthorPublic: boolean;
}

export function isModerator(actor: Actor): boolean {
  return !!actor && !actor.isBanned && actor.isMod;
}

/** The author's settings that shape how their shouts are shown. */
export function authorFlags(author: Pick<UserRow, "settings">): { isPublic: boolean; showViews: boolean } {
  const settings = withSettingDefaults(author.settings);
  return { isPublic: settings.is_shouts_public, showViews: settings.is_shouts_views_enabled };
}

export function can(actor: Actor, action: ShoutAction, shout?: ShoutAccess | null, rules?: ShoutRules): boolean {
  if (action === "view") return !!shout && (shout.isAuthorPublic || (!!actor && !actor.isBanned));
  if (!actor || actor.isBanned) return false;
  switch (action) {
    case "create":
      return true;
    case "moderate":
      return actor.isMod;
    case "edit":
      if (!shout) return false;
      if (actor.isMod) return true;
      return (
        shout.userId === actor.id &&
        withinEditWindow({ createdAt: shout.createdAt }, rules ?? { now: new Date(), isOneHourEditEnabled: true })
      );
    case "delete":
      return !!shout && (shout.userId === actor.id || actor.isMod);
    case "comment":
      return !!shout && !shout.isFrozen;
    default:
      return false;
  }
}
