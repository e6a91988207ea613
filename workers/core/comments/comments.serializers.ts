import type { CommentRow } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import type { PublicUserRow } from "#workers/core/accounts/public-users";
import { postUrl } from "#workers/core/posts/posts.urls";

/** Spec §3 Comment, as the API and the post page show it. A deleted comment with replies is a placeholder. */
export interface CommentView {
  id: number;
  post_slug: string;
  depth: number;
  /** The comment this one sits under in the tree (null at top level). */
  respond_to_comment: number | null;
  children: CommentView[];
  user: PublicUser;
  /** Plain text with line breaks; "" for a deleted placeholder. */
  text: string;
  datetime: string;
  /** Set once the comment has been edited. */
  datetime_updated: string | null;
  can_delete: boolean;
  can_edit: boolean;
  /** Paw score: ups minus downs. */
  pwnd: number;
  /** The current member's paw: 1, -1 or 0. */
  ownd: 1 | -1 | 0;
  is_deleted: boolean;
}

/** The text a placeholder shows instead of a deleted comment. */
export const DELETED_COMMENT_TEXT = "Комментарий удалён";

export function serializeComment(
  row: CommentRow,
  author: PublicUserRow,
  postSlug: string,
  extras: { ownd: 1 | -1 | 0; canEdit: boolean; canDelete: boolean },
): CommentView {
  const deleted = row.isDeleted;
  return {
    id: row.id,
    post_slug: postSlug,
    depth: row.depth,
    respond_to_comment: row.parentId ?? null,
    children: [],
    user: serializePublicUser(author),
    text: deleted ? "" : row.text,
    datetime: row.createdAt.toISOString(),
    datetime_updated:
      !deleted && row.updatedAt.getTime() > row.createdAt.getTime() ? row.updatedAt.toISOString() : null,
    can_delete: !deleted && extras.canDelete,
    can_edit: !deleted && extras.canEdit,
    pwnd: deleted ? 0 : row.pwnd,
    ownd: deleted ? 0 : extras.ownd,
    is_deleted: deleted,
  };
}

// The tree helpers are shared with shout comments (./tree.ts); re-exported for existing importers.
export { buildTree } from "./tree";

/** Spec §3 Comment, search-result form (a member's comments in the profile), plus the text. */
export interface UserCommentView {
  id: number;
  post_slug: string;
  user: PublicUser;
  datetime: string;
  /** The post's title. */
  headline: string;
  /** Link to the comment on the post page. */
  url: string;
  /** The post's comment count. */
  comments_count: number;
  text: string;
  pwnd: number;
}

export function commentUrl(postSlug: string, commentId: number): string {
  return `${postUrl(postSlug)}?comment=${commentId}`;
}
