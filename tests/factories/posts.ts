
import { type PostRow, postShares, posts } from "#drizzle/schema";
import type { TPostBody } from "#workers/core/posts/body.schemas";
import { db } from "./db";

let seq = 0;

export function paragraphBody(text: string): TPostBody {
  return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
}

/** Inserts a post row directly (published unless told otherwise). */
export async function createPost(
  author: { id: number },
  overrides: Partial<typeof posts.$inferInsert> = {},
): Promise<PostRow> {
  seq += 1;
  const now = new Date();
  const [row] = await db()
    .insert(posts)
    .values({
      slug: `test-post-${Date.now().toString(36)}-${seq}`,
      userId: author.id,
      title: `Тестовая статья ${seq}`,
      headline: "Короткое описание",
      body: paragraphBody("Текст статьи."),
      isPublished: true,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return row;
}

/** A published post with a title and a body, at a given publication time (default now). */
export function createPublishedPost(
  author: { id: number },
  publishedAt = new Date(),
  overrides: Partial<typeof posts.$inferInsert> = {},
) {
  return createPost(author, { publishedAt, createdAt: publishedAt, updatedAt: publishedAt, ...overrides });
}

/** A draft of the author (no publication time). */
export function createDraftRow(author: { id: number }, overrides: Partial<typeof posts.$inferInsert> = {}) {
  return createPost(author, { isPublished: false, publishedAt: null, ...overrides });
}

/** Shares a post with members directly. */
export async function sharePostRow(post: { id: number }, ...members: { id: number }[]) {
  await db()
    .insert(postShares)
    .values(members.map((m) => ({ postId: post.id, userId: m.id })));
}
