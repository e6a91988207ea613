import { type PostRow, posts } from "#drizzle/schema";
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
