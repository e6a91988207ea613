import type { UserRow } from "#drizzle/schema";
import { EDIT_WINDOW_MS } from "./posts.schemas";

/**
 * Who may do what with posts (docs/decisions/0011-post-edit-rights.md). Deny by default; the client mirrors
 * these checks only to hide buttons (it gets `can_edit`/`can_delete` from the detail).
 *
 * - A draft is private: its author and the members it is shared with see and edit it (no time limit);
 *   only the author publishes, shares or deletes it. Moderators have no rights over drafts of others.
 * - A published post: everyone sees it; the author edits (and unpublishes) it only within one hour of the
 *   post's creation as a publication (its first publication) while `is_one_hour_edit_enabled`; a moderator
 *   always. Members it was shared with lose
 *   edit rights on publication (they regain them if it is unpublished).
 * - The author may always delete their own post; a moderator may delete any published post.
 * - Moderators pin and unpin published posts.
 */
export type PostAction = "create" | "view" | "edit" | "publish" | "unpublish" | "delete" | "share" | "leave" | "pin";

export interface PostAccess {
  userId: number;
  isPublished: boolean;
  createdAt: Date;
  /** First publication; the edit window of a published post starts here (creation time if absent). */
  publishedAt?: Date | null;
  /** Ids of members the post is shared with. */
  sharedWith: readonly number[];
}

export interface PostRules {
  now: Date;
  isOneHourEditEnabled: boolean;
}

type Actor = Pick<UserRow, "id" | "isMod" | "isBanned"> | null;

export function withinEditWindow(post: Pick<PostAccess, "createdAt" | "publishedAt">, rules: PostRules): boolean {
  if (!rules.isOneHourEditEnabled) return true;
  const age = rules.now.getTime() - (post.publishedAt ?? post.createdAt).getTime();
  return age < EDIT_WINDOW_MS;
}

export function can(actor: Actor, action: PostAction, post?: PostAccess | null, rules?: PostRules): boolean {
  if (action === "view") {
    if (!post) return false;
    if (post.isPublished) return true;
    return !!actor && (post.userId === actor.id || post.sharedWith.includes(actor.id));
  }
  if (!actor || actor.isBanned) return false;
  if (action === "create") return true;
  if (!post) return false;
  const isAuthor = post.userId === actor.id;
  const isSharer = post.sharedWith.includes(actor.id);
  const effective = rules ?? { now: new Date(), isOneHourEditEnabled: true };
  switch (action) {
    case "edit":
      if (!post.isPublished) return isAuthor || isSharer;
      return actor.isMod || (isAuthor && withinEditWindow(post, effective));
    case "unpublish":
      return post.isPublished && (actor.isMod || (isAuthor && withinEditWindow(post, effective)));
    case "publish":
    case "share":
      return !post.isPublished && isAuthor;
    case "delete":
      return isAuthor || (post.isPublished && actor.isMod);
    case "leave":
      return isSharer && !isAuthor;
    case "pin":
      return post.isPublished && actor.isMod;
    default:
      return false;
  }
}
