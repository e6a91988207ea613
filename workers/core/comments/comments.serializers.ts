import type { CommentRow, UserRow } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";

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
  author: UserRow,
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

/** Nests comments given in thread order (ORDER BY path): each goes under its parent, oldest first. */
export function buildTree(views: CommentView[]): CommentView[] {
  const byId = new Map<number, CommentView>();
  const roots: CommentView[] = [];
  for (const view of views) {
    byId.set(view.id, view);
    const parent = view.respond_to_comment === null ? undefined : byId.get(view.respond_to_comment);
    if (parent) parent.children.push(view);
    else roots.push(view);
  }
  return roots;
}

function threadSize(comment: CommentView): number {
  return 1 + comment.children.reduce((sum, child) => sum + threadSize(child), 0);
}

/**
 * The first whole threads of a tree that together hold at least `limit` comments (a thread is never cut), and
 * how many comments are left out. A long discussion opens with its beginning; the rest is one click away.
 */
export function firstThreads(roots: CommentView[], limit: number): { shown: CommentView[]; hidden: number } {
  const shown: CommentView[] = [];
  let count = 0;
  let hidden = 0;
  for (const root of roots) {
    const size = threadSize(root);
    if (count < limit) {
      shown.push(root);
      count += size;
    } else {
      hidden += size;
    }
  }
  return { shown, hidden };
}

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
  return `/posts/${encodeURIComponent(postSlug)}?comment=${commentId}`;
}
