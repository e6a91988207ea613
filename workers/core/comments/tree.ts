import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { AppError } from "#workers/core/errors";
import { COMMENT_MAX_DEPTH } from "./comments.constants";

/**
 * The comment tree shared by post comments and shout comments (docs/decisions/0013): depth 1 at the top, a
 * reply one deeper than its parent, a reply to a comment at the deepest level attached to that comment's
 * parent; thread order by `path` (the zero-padded ids of the ancestors and the comment itself); writes as
 * guarded statements of one D1 batch (see `rawBatch`). The two kinds differ only in their tables, which a
 * `TreeTables` names.
 */

/** Width of one ancestor id in `path` (printf '%010d' in SQL); ten digits keep string order = number order. */
export const PATH_SEGMENT = 10;

export function pathSegment(id: number): string {
  return String(id).padStart(PATH_SEGMENT, "0");
}

/** Ids in a path, root first (the comment's own id last). */
export function pathIds(path: string): number[] {
  const ids: number[] = [];
  for (let i = 0; i + PATH_SEGMENT <= path.length; i += PATH_SEGMENT) ids.push(Number(path.slice(i, i + PATH_SEGMENT)));
  return ids;
}

/** Where one kind of comments lives. Names are constants of the code, never input. */
export interface TreeTables {
  /** The comments table: "comments" or "shout_comments". */
  comments: string;
  /** The table of what the comments are under: "posts" or "shouts". */
  owners: string;
  /** The column of the comments table naming the owner: "post_id" or "shout_id". */
  ownerColumn: string;
  /** SQL condition on the owner's row (unqualified columns) for it to take new comments. */
  ownerOpen: SQL;
  /** `likes.item_type` of a comment of this kind. */
  likeType: string;
}

/** The parts of a comment row the tree rules read. */
export interface TreeNode {
  id: number;
  parentId: number | null;
  depth: number;
  path: string;
  userId: number;
  isDeleted: boolean;
}

const REPLY_TARGET_MISSING = "Комментарий, на который вы отвечаете, не найден.";

/**
 * Where a reply goes: under the comment answered, or — when that one is already at the deepest level — under
 * its parent, as its sibling. `load` reads a comment of the same owner (null when missing or elsewhere).
 * Returns the tree parent and the author of the comment answered (for "a reply to your comment").
 */
export async function placeReply<T extends TreeNode>(
  respondTo: number,
  load: (id: number) => Promise<T | null | undefined>,
): Promise<{ parent: T; repliedToUserId: number }> {
  const target = await load(respondTo);
  if (!target) throw AppError.field("respond_to_comment", REPLY_TARGET_MISSING);
  if (target.isDeleted) throw AppError.field("respond_to_comment", "Нельзя ответить на удалённый комментарий.");
  let parent = target;
  if (target.depth >= COMMENT_MAX_DEPTH && target.parentId) {
    const up = await load(target.parentId);
    if (!up) throw AppError.field("respond_to_comment", REPLY_TARGET_MISSING);
    parent = up;
  }
  return { parent, repliedToUserId: target.userId };
}

/**
 * The batch that adds a comment: the guarded insert (the owner still takes comments, the parent still
 * exists), the owner's `comments_count + 1` only if that insert happened (the row with an empty `path` exists
 * only inside this batch), then its path. The first statement returns the new id, or nothing.
 */
export function insertStatements(
  t: TreeTables,
  input: {
    ownerId: number;
    userId: number;
    parent: TreeNode | null;
    text: string;
    now: Date;
    /** One more condition for the insert (e.g. "no duplicate yet"), checked inside the batch. */
    guard?: SQL;
  },
): SQL[] {
  const table = sql.raw(t.comments);
  const owners = sql.raw(t.owners);
  const ownerColumn = sql.raw(t.ownerColumn);
  const { ownerId, parent } = input;
  const depth = parent ? parent.depth + 1 : 1;
  const parentGuard = parent
    ? sql`AND EXISTS (SELECT 1 FROM ${table} WHERE id = ${parent.id} AND ${ownerColumn} = ${ownerId})`
    : sql``;
  const at = input.now.getTime();
  return [
    sql`
      INSERT INTO ${table} (${ownerColumn}, user_id, parent_id, depth, path, text, pwnd, is_deleted, created_at, updated_at)
      SELECT ${ownerId}, ${input.userId}, ${parent?.id ?? null}, ${depth}, '', ${input.text}, 0, 0, ${at}, ${at}
      WHERE EXISTS (SELECT 1 FROM ${owners} WHERE id = ${ownerId} AND ${t.ownerOpen}) ${parentGuard}
        ${input.guard ? sql`AND ${input.guard}` : sql``}
      RETURNING id`,
    sql`
      UPDATE ${owners} SET comments_count = comments_count + 1
      WHERE id = ${ownerId} AND EXISTS (SELECT 1 FROM ${table} WHERE ${ownerColumn} = ${ownerId} AND path = '')`,
    sql`
      UPDATE ${table} SET path = ${parent?.path ?? ""} || printf('%010d', id)
      WHERE ${ownerColumn} = ${ownerId} AND path = ''`,
  ];
}

/** A new comment's depth and path, as `insertStatements` stores them. */
export function placed(parent: TreeNode | null, id: number): { depth: number; path: string; parentId: number | null } {
  return {
    depth: parent ? parent.depth + 1 : 1,
    path: (parent?.path ?? "") + pathSegment(id),
    parentId: parent?.id ?? null,
  };
}

/**
 * The batch that deletes a comment: the owner's count goes down (guarded, so a second delete racing the first
 * changes nothing), the comment becomes a placeholder and loses its paws, then the comment and every
 * placeholder ancestor left without replies are removed, deepest first. The last statement returns
 * `{still, count}`: whether the row stays (as a placeholder) and the owner's count after.
 */
export function deleteStatements(
  t: TreeTables,
  comment: Pick<TreeNode, "id" | "path">,
  ownerId: number,
  now: Date,
): SQL[] {
  const table = sql.raw(t.comments);
  const owners = sql.raw(t.owners);
  const removeIfEmpty = (cid: number) => sql`
    DELETE FROM ${table} WHERE id = ${cid} AND is_deleted = 1
      AND NOT EXISTS (SELECT 1 FROM ${table} AS c WHERE c.parent_id = ${cid})`;
  const ancestors = pathIds(comment.path)
    .filter((a) => a !== comment.id)
    .reverse();
  return [
    sql`
      UPDATE ${owners} SET comments_count = max(comments_count - 1, 0)
      WHERE id = ${ownerId} AND EXISTS (SELECT 1 FROM ${table} WHERE id = ${comment.id} AND is_deleted = 0)`,
    sql`
      UPDATE ${table} SET is_deleted = 1, text = '', pwnd = 0, updated_at = ${now.getTime()}
      WHERE id = ${comment.id} AND is_deleted = 0`,
    sql`DELETE FROM likes WHERE item_type = ${t.likeType} AND item_id = ${comment.id}`,
    removeIfEmpty(comment.id),
    ...ancestors.map(removeIfEmpty),
    sql`
      SELECT EXISTS (SELECT 1 FROM ${table} WHERE id = ${comment.id}) AS still,
             (SELECT comments_count FROM ${owners} WHERE id = ${ownerId}) AS count`,
  ];
}

/** What `deleteStatements`' last statement read. */
export function deleteSummary(results: Record<string, unknown>[][]): { still: boolean; count: number } {
  const row = results[results.length - 1]?.[0] as { still: number; count: number } | undefined;
  return { still: !!row?.still, count: row?.count ?? 0 };
}

/** A node of a serialized tree: post comments and shout comments alike. */
export interface TreeView<T> {
  id: number;
  respond_to_comment: number | null;
  children: T[];
}

/** Nests comments given in thread order (ORDER BY path): each goes under its parent, oldest first. */
export function buildTree<T extends TreeView<T>>(views: T[]): T[] {
  const byId = new Map<number, T>();
  const roots: T[] = [];
  for (const view of views) {
    byId.set(view.id, view);
    const parent = view.respond_to_comment === null ? undefined : byId.get(view.respond_to_comment);
    if (parent) parent.children.push(view);
    else roots.push(view);
  }
  return roots;
}

/**
 * A condition on a comments table (names from `tables`, never input): the comment is in one of the owner's first
 * whole threads, oldest first, that together hold at least `limit` (≥ 1) comments — a thread is never cut. A long
 * discussion opens with its beginning; the rest is one click away. Threads are found in SQL, so a page of a
 * 1,000-comment post reads and serializes only what it shows.
 *
 * In path order a thread's comments follow its root, so those threads are the ones up to the thread of the
 * `limit`-th comment: every path below that thread's root followed by ":" (paths are digits, and ":" comes after
 * "9"), or every path when there are fewer comments. Both are ranges of the (owner, path) index: the `limit`-th path
 * is `limit` steps into it and the threads one range, where counting each thread's comments walked every comment
 * of the discussion twice (docs/decisions/0040-render-cpu.md §33).
 */
export function inFirstThreads(
  tables: TreeTables,
  ownerId: number | Placeholder | SQL,
  limit: number | Placeholder,
): SQL {
  const table = sql.raw(tables.comments);
  const owner = sql.raw(tables.ownerColumn);
  return sql`${table}.path < coalesce((
    select substr(path, 1, ${PATH_SEGMENT}) || ':' from ${table} where ${owner} = ${ownerId}
    order by path limit 1 offset ${limit} - 1), ':')`;
}
