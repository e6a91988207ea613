import { eq, inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { postTags, tags } from "#drizzle/schema";
import type { Db } from "#workers/platform/db";
import { tagKey, tagSlugBase } from "./tags.schemas";

/** Slugs that are routes of /v1/tag/ themselves. */
const RESERVED_SLUGS = ["top"];

/**
 * Statements that set a post's tags (used inside the post's own D1 batch, so tags, links and counts are
 * written together or not at all). Missing tags are created; a tag's slug is its transliteration, made unique
 * with -2, -3… when two different names transliterate alike ("C++" and "C#").
 */
export async function tagStatements(db: Db, postId: number, names: string[]): Promise<BatchItem<"sqlite">[]> {
  const wanted = names.map((name) => ({ name, key: tagKey(name), base: tagSlugBase(name) }));
  const keys = wanted.map((w) => w.key);
  const existing = keys.length
    ? await db.select({ nameKey: tags.nameKey }).from(tags).where(inArray(tags.nameKey, keys))
    : [];
  const known = new Set(existing.map((t) => t.nameKey));
  const missing = wanted.filter((w) => !known.has(w.key));
  const statements: BatchItem<"sqlite">[] = [];
  if (missing.length) {
    const bases = [...new Set(missing.map((m) => m.base))];
    const taken = new Set(
      (
        await db
          .select({ slug: tags.slug })
          .from(tags)
          .where(or(inArray(tags.slug, bases), ...bases.map((b) => sql`${tags.slug} LIKE ${`${b}-%`}`)))
      ).map((t) => t.slug),
    );
    for (const slug of RESERVED_SLUGS) taken.add(slug);
    for (const tag of missing) {
      let slug = tag.base;
      for (let n = 2; taken.has(slug); n += 1) slug = `${tag.base}-${n}`;
      taken.add(slug);
      statements.push(db.insert(tags).values({ slug, name: tag.name, nameKey: tag.key }).onConflictDoNothing({ target: tags.nameKey }));
    }
  }
  statements.push(db.delete(postTags).where(eq(postTags.postId, postId)));
  wanted.forEach((tag, position) => {
    statements.push(
      db.insert(postTags).select(
        db
          .select({ postId: sql<number>`${postId}`.as("post_id"), tagId: tags.id, position: sql<number>`${position}`.as("position") })
          .from(tags)
          .where(eq(tags.nameKey, tag.key)),
      ),
    );
  });
  return statements;
}

/**
 * Recounts `posts_count` (published posts only) of the given tags and of the tags the post now has.
 * Recounting instead of incrementing keeps the counts right whatever the order of events.
 */
export function recountStatement(db: Db, options: { postId?: number; tagIds?: number[] }): BatchItem<"sqlite"> {
  const conditions = [];
  if (options.tagIds?.length) conditions.push(inArray(tags.id, options.tagIds));
  if (options.postId !== undefined) {
    conditions.push(inArray(tags.id, db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, options.postId))));
  }
  return db
    .update(tags)
    .set({
      postsCount: sql`(SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = "tags"."id" AND p.is_published = 1)`,
    })
    .where(conditions.length ? or(...conditions) : sql`0`);
}
