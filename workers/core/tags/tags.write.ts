import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { postTags, tags } from "#drizzle/schema";
import type { Db } from "#workers/platform/db";
import { tagKey, tagSlugBase } from "./tags.schemas";

/** Slugs that are routes of /v1/tag/ themselves. */
const RESERVED_SLUGS = ["top"];

interface PlannedTag {
  name: string;
  key: string;
}

/**
 * The tags wanted (by key) and the rows to create for the missing ones. A tag's slug is its transliteration,
 * made unique with -2, -3… when two different names transliterate alike ("C++" and "C#").
 */
async function planTags(
  db: Db,
  names: string[],
): Promise<{ wanted: PlannedTag[]; missing: (PlannedTag & { slug: string })[] }> {
  const wanted = names.map((name) => ({ name, key: tagKey(name), base: tagSlugBase(name) }));
  const keys = wanted.map((w) => w.key);
  const existing = keys.length
    ? await db.select({ nameKey: tags.nameKey }).from(tags).where(inArray(tags.nameKey, keys))
    : [];
  const known = new Set(existing.map((t) => t.nameKey));
  const absent = wanted.filter((w) => !known.has(w.key));
  const missing: (PlannedTag & { slug: string })[] = [];
  if (absent.length) {
    const bases = [...new Set(absent.map((m) => m.base))];
    const taken = new Set(
      (
        await db
          .select({ slug: tags.slug })
          .from(tags)
          .where(or(inArray(tags.slug, bases), ...bases.map((b) => sql`${tags.slug} LIKE ${`${b}-%`}`)))
      ).map((t) => t.slug),
    );
    for (const slug of RESERVED_SLUGS) taken.add(slug);
    for (const tag of absent) {
      let slug = tag.base;
      for (let n = 2; taken.has(slug); n += 1) slug = `${tag.base}-${n}`;
      taken.add(slug);
      missing.push({ name: tag.name, key: tag.key, slug });
    }
  }
  return { wanted: wanted.map(({ name, key }) => ({ name, key })), missing };
}

/**
 * Statements that set a post's tags (used inside the post's own D1 batch, so tags, links and counts are
 * written together or not at all). Missing tags are created.
 */
export async function tagStatements(db: Db, postId: number, names: string[]): Promise<BatchItem<"sqlite">[]> {
  const { wanted, missing } = await planTags(db, names);
  const statements: BatchItem<"sqlite">[] = missing.map((tag) =>
    db
      .insert(tags)
      .values({ slug: tag.slug, name: tag.name, nameKey: tag.key })
      .onConflictDoNothing({ target: tags.nameKey }),
  );
  statements.push(db.delete(postTags).where(eq(postTags.postId, postId)));
  wanted.forEach((tag, position) => {
    statements.push(
      db.insert(postTags).select(
        db
          .select({
            postId: sql<number>`${postId}`.as("post_id"),
            tagId: tags.id,
            position: sql<number>`${position}`.as("position"),
            // Set by the link's insert trigger from the post (migrations/0027).
            postPublishedAt: sql<Date | null>`NULL`.as("post_published_at"),
          })
          .from(tags)
          .where(eq(tags.nameKey, tag.key)),
      ),
    );
  });
  return statements;
}

/**
 * The same for a shout, as raw statements for `rawBatch`: `shoutId` is SQL, so a shout inserted earlier in
 * the same batch can be named by a subquery. Replaces the shout's links; recount with `recountShoutsSql`.
 */
export async function shoutTagStatements(db: Db, shoutId: SQL, names: string[]): Promise<SQL[]> {
  const { wanted, missing } = await planTags(db, names);
  const statements: SQL[] = missing.map(
    (tag) =>
      sql`INSERT INTO tags (slug, name, name_key) VALUES (${tag.slug}, ${tag.name}, ${tag.key}) ON CONFLICT (name_key) DO NOTHING`,
  );
  statements.push(sql`DELETE FROM shout_tags WHERE shout_id = ${shoutId}`);
  wanted.forEach((tag, position) => {
    statements.push(sql`
      INSERT INTO shout_tags (shout_id, tag_id, position)
      SELECT ${shoutId}, id, ${position} FROM tags WHERE name_key = ${tag.key}
      ON CONFLICT DO NOTHING`);
  });
  return statements;
}

/**
 * Recounts `shouts_count` — shouts with the tag that are not muted (muted shouts leave every public list) —
 * of the given tags and of the tags the shout has at this point of the batch.
 */
export function recountShoutsSql(options: { shoutId?: SQL; tagIds?: number[] }): SQL {
  const conditions: SQL[] = [];
  if (options.tagIds?.length)
    conditions.push(
      sql`id IN (${sql.join(
        options.tagIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (options.shoutId) conditions.push(sql`id IN (SELECT tag_id FROM shout_tags WHERE shout_id = ${options.shoutId})`);
  return sql`
    UPDATE tags SET shouts_count = (
      SELECT count(*) FROM shout_tags st JOIN shouts s ON s.id = st.shout_id WHERE st.tag_id = tags.id AND s.is_muted = 0
    ) WHERE ${conditions.length ? sql.join(conditions, sql` OR `) : sql`0`}`;
}

/**
 * Recounts `posts_count` (published posts only) of the given tags and of the tags the post now has.
 * Recounting instead of incrementing keeps the counts right whatever the order of events.
 */
export function recountStatement(db: Db, options: { postId?: number; tagIds?: number[] }): BatchItem<"sqlite"> {
  const conditions = [];
  if (options.tagIds?.length) conditions.push(inArray(tags.id, options.tagIds));
  if (options.postId !== undefined) {
    conditions.push(
      inArray(tags.id, db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, options.postId))),
    );
  }
  return db
    .update(tags)
    .set({
      postsCount: sql`(SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = "tags"."id" AND p.is_published = 1)`,
    })
    .where(conditions.length ? or(...conditions) : sql`0`);
}
