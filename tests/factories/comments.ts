
import { eq, sql } from "drizzle-orm";
import { type CommentRow, comments, posts, } from "#drizzle/schema";
import { db } from "./db";

let seq = 0;

/**
 * Inserts a comment row directly, as createComment would leave it: depth and path from the parent, and the
 * post's comments_count + 1. `createdAt` lets a test place it in the past.
 */
export async function createCommentRow(
  post: { id: number },
  author: { id: number },
  options: { parent?: CommentRow; text?: string; createdAt?: Date } = {},
): Promise<CommentRow> {
  seq += 1;
  const at = options.createdAt ?? new Date();
  const [row] = await db()
    .insert(comments)
    .values({
      postId: post.id,
      userId: author.id,
      parentId: options.parent?.id ?? null,
      depth: options.parent ? options.parent.depth + 1 : 1,
      path: `pending-${seq}`,
      text: options.text ?? `Комментарий ${seq}`,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const path = (options.parent?.path ?? "") + String(row.id).padStart(10, "0");
  const [done] = await db().update(comments).set({ path }).where(eq(comments.id, row.id)).returning();
  await db()
    .update(posts)
    .set({ commentsCount: sql`${posts.commentsCount} + 1` })
    .where(eq(posts.id, post.id));
  return done;
}
