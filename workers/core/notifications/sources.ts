import { type SQL, sql } from "drizzle-orm";

/**
 * `source_key` of notifications and activity rows: what an item is about, so that removing the content
 * removes its items. Keys of things under a post start with the post's key and a slash, so the whole post
 * (its comments, paws, shares) is one key range: "post:3", "post:3/comment:12", "post:3/share:7".
 */
export const sourceKey = {
  post: (postId: number) => `post:${postId}`,
  comment: (postId: number, commentId: number) => `post:${postId}/comment:${commentId}`,
  share: (postId: number, userId: number) => `post:${postId}/share:${userId}`,
};

/** Which sources to remove: exact keys, or a whole tree (the key itself and every "key/…"). */
export type SourceMatch = { keys: string[] } | { tree: string };

/**
 * The condition on a `source_key` column. A tree is the key plus the range ["key/", "key0") — '0' follows
 * '/' in ASCII — which the source index serves without LIKE.
 */
export function sourceCondition(column: SQL, match: SourceMatch): SQL {
  if ("tree" in match) {
    return sql`(${column} = ${match.tree} OR (${column} >= ${`${match.tree}/`} AND ${column} < ${`${match.tree}0`}))`;
  }
  if (!match.keys.length) return sql`0`;
  return sql`${column} IN (${sql.join(
    match.keys.map((k) => sql`${k}`),
    sql`, `,
  )})`;
}
