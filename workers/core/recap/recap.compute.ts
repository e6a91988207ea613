import { type SQL, sql } from "drizzle-orm";
import { rawBatch } from "#workers/core/comments/d1";
import { MSK_OFFSET_MS, TOP_CANDIDATES } from "./recap.constants";
import { yearRange } from "./recap.period";

/**
 * The recap's figures, aggregated from the tables in one D1 batch per scope. What is stored is raw: counts and
 * candidate ids. Whether an item or a member may still be shown is decided when the recap is read
 * (recap.ts), so hiding content or opting out takes effect at once without recomputing.
 */
export interface SiteFigures {
  posts: number;
  shouts: number;
  comments: number;
  paws: number;
  new_members: number;
  top_post_ids: number[];
  top_shout_ids: number[];
  busiest_day: { date: string; count: number } | null;
  top_tags: { slug: string; name: string; count: number }[];
  most_discussed: { id: number; count: number }[];
}

export interface MemberFigures {
  posts: number;
  shouts: number;
  comments: number;
  paws_given: number;
  paws_received: number;
  best_post_id: number | null;
  favourite_tags: { slug: string; name: string; count: number }[];
  /** Activity (posts, shouts, comments) per Moscow day: YYYY-MM-DD → count. */
  days: Record<string, number>;
  /** Members talked with (replies either way, comments under each other's posts and shouts): id → count. */
  talked_with: { id: number; count: number }[];
}

const dayOf = (column: SQL) => sql`date((${column} + ${MSK_OFFSET_MS}) / 1000, 'unixepoch')`;
const n = (rows: Record<string, unknown>[]) => Number(rows[0]?.n ?? 0);
const ids = (rows: Record<string, unknown>[]) => rows.map((row) => Number(row.id));
const tagRows = (rows: Record<string, unknown>[]) =>
  rows.map((row) => ({ slug: String(row.slug), name: String(row.name), count: Number(row.n) }));

export async function computeSiteFigures(ctx: { env: globalThis.Env }, year: number): Promise<SiteFigures> {
  const { start, end } = yearRange(year);
  const within = (column: SQL) => sql`${column} >= ${start} AND ${column} < ${end}`;
  const [posts, shouts, comments, paws, members, topPosts, topShouts, busiest, tags, discussed] = await rawBatch(ctx, [
    sql`SELECT count(*) AS n FROM posts WHERE is_published = 1 AND ${within(sql`published_at`)}`,
    sql`SELECT count(*) AS n FROM shouts WHERE is_muted = 0 AND ${within(sql`created_at`)}`,
    sql`SELECT (SELECT count(*) FROM comments WHERE is_deleted = 0 AND ${within(sql`created_at`)})
      + (SELECT count(*) FROM shout_comments WHERE is_deleted = 0 AND ${within(sql`created_at`)}) AS n`,
    sql`SELECT count(*) AS n FROM likes WHERE is_negative = 0 AND ${within(sql`created_at`)}`,
    sql`SELECT count(*) AS n FROM users WHERE ${within(sql`created_at`)}`,
    sql`SELECT id FROM posts WHERE is_published = 1 AND pwnd > 0 AND ${within(sql`published_at`)}
      ORDER BY pwnd DESC, id LIMIT ${TOP_CANDIDATES}`,
    sql`SELECT id FROM shouts WHERE is_muted = 0 AND pwnd > 0 AND ${within(sql`created_at`)}
      ORDER BY pwnd DESC, id LIMIT ${TOP_CANDIDATES}`,
    sql`SELECT day, count(*) AS n FROM (
        SELECT ${dayOf(sql`published_at`)} AS day FROM posts WHERE is_published = 1 AND ${within(sql`published_at`)}
        UNION ALL SELECT ${dayOf(sql`created_at`)} FROM shouts WHERE is_muted = 0 AND ${within(sql`created_at`)}
        UNION ALL SELECT ${dayOf(sql`created_at`)} FROM comments WHERE is_deleted = 0 AND ${within(sql`created_at`)}
        UNION ALL SELECT ${dayOf(sql`created_at`)} FROM shout_comments WHERE is_deleted = 0 AND ${within(sql`created_at`)}
      ) GROUP BY day ORDER BY n DESC, day LIMIT 1`,
    sql`SELECT t.slug, t.name, count(*) AS n FROM (
        SELECT pt.tag_id FROM post_tags pt INNER JOIN posts p ON p.id = pt.post_id
          WHERE p.is_published = 1 AND ${within(sql`p.published_at`)}
        UNION ALL SELECT st.tag_id FROM shout_tags st INNER JOIN shouts s ON s.id = st.shout_id
          WHERE s.is_muted = 0 AND ${within(sql`s.created_at`)}
      ) x INNER JOIN tags t ON t.id = x.tag_id GROUP BY t.id ORDER BY n DESC, t.name LIMIT 10`,
    sql`SELECT post_id AS id, count(*) AS n FROM comments WHERE is_deleted = 0 AND ${within(sql`created_at`)}
      GROUP BY post_id ORDER BY n DESC, post_id LIMIT ${TOP_CANDIDATES}`,
  ]);
  return {
    posts: n(posts),
    shouts: n(shouts),
    comments: n(comments),
    paws: n(paws),
    new_members: n(members),
    top_post_ids: ids(topPosts),
    top_shout_ids: ids(topShouts),
    busiest_day: busiest[0] ? { date: String(busiest[0].day), count: Number(busiest[0].n) } : null,
    top_tags: tagRows(tags),
    most_discussed: discussed.map((row) => ({ id: Number(row.id), count: Number(row.n) })),
  };
}

export async function computeMemberFigures(
  ctx: { env: globalThis.Env },
  userId: number,
  year: number,
): Promise<MemberFigures> {
  const { start, end } = yearRange(year);
  const within = (column: SQL) => sql`${column} >= ${start} AND ${column} < ${end}`;
  const u = userId;
  const [posts, shouts, comments, given, received, best, tags, days, talkedPosts, talkedShouts] = await rawBatch(ctx, [
    sql`SELECT count(*) AS n FROM posts WHERE user_id = ${u} AND is_published = 1 AND ${within(sql`published_at`)}`,
    sql`SELECT count(*) AS n FROM shouts WHERE user_id = ${u} AND is_muted = 0 AND ${within(sql`created_at`)}`,
    sql`SELECT (SELECT count(*) FROM comments WHERE user_id = ${u} AND is_deleted = 0 AND ${within(sql`created_at`)})
      + (SELECT count(*) FROM shout_comments WHERE user_id = ${u} AND is_deleted = 0 AND ${within(sql`created_at`)}) AS n`,
    sql`SELECT count(*) AS n FROM likes WHERE user_id = ${u} AND is_negative = 0 AND ${within(sql`created_at`)}`,
    sql`SELECT count(*) AS n FROM likes WHERE owner_id = ${u} AND is_negative = 0 AND user_id != ${u}
      AND ${within(sql`created_at`)}`,
    sql`SELECT id FROM posts WHERE user_id = ${u} AND is_published = 1 AND ${within(sql`published_at`)}
      ORDER BY pwnd DESC, comments_count DESC, id LIMIT 1`,
    sql`SELECT t.slug, t.name, count(*) AS n FROM (
        SELECT pt.tag_id FROM post_tags pt INNER JOIN posts p ON p.id = pt.post_id
          WHERE p.user_id = ${u} AND p.is_published = 1 AND ${within(sql`p.published_at`)}
        UNION ALL SELECT st.tag_id FROM shout_tags st INNER JOIN shouts s ON s.id = st.shout_id
          WHERE s.user_id = ${u} AND s.is_muted = 0 AND ${within(sql`s.created_at`)}
      ) x INNER JOIN tags t ON t.id = x.tag_id GROUP BY t.id ORDER BY n DESC, t.name LIMIT 5`,
    sql`SELECT day, count(*) AS n FROM (
        SELECT ${dayOf(sql`published_at`)} AS day FROM posts
          WHERE user_id = ${u} AND is_published = 1 AND ${within(sql`published_at`)}
        UNION ALL SELECT ${dayOf(sql`created_at`)} FROM shouts WHERE user_id = ${u} AND ${within(sql`created_at`)}
        UNION ALL SELECT ${dayOf(sql`created_at`)} FROM comments
          WHERE user_id = ${u} AND is_deleted = 0 AND ${within(sql`created_at`)}
        UNION ALL SELECT ${dayOf(sql`created_at`)} FROM shout_comments
          WHERE user_id = ${u} AND is_deleted = 0 AND ${within(sql`created_at`)}
      ) GROUP BY day`,
    // D1 allows at most five terms in a compound SELECT: comments under posts, then under shouts.
    talkedWith(u, "comments", "posts", "post_id", within),
    talkedWith(u, "shout_comments", "shouts", "shout_id", within),
  ]);
  return {
    posts: n(posts),
    shouts: n(shouts),
    comments: n(comments),
    paws_given: n(given),
    paws_received: n(received),
    best_post_id: best[0] ? Number(best[0].id) : null,
    favourite_tags: tagRows(tags),
    days: Object.fromEntries(days.map((row) => [String(row.day), Number(row.n)])),
    talked_with: mergeCounts([...talkedPosts, ...talkedShouts]),
  };
}

/**
 * Who a member talked with under one kind of item: replies either way, and top-level comments under each other's
 * posts (or shouts). Four terms: D1 caps a compound SELECT at five.
 */
function talkedWith(u: number, table: string, items: string, itemId: string, within: (column: SQL) => SQL): SQL {
  const t = sql.raw(table);
  const i = sql.raw(items);
  const fk = sql.raw(itemId);
  return sql`SELECT other AS id, count(*) AS n FROM (
      SELECT p.user_id AS other FROM ${t} c INNER JOIN ${t} p ON p.id = c.parent_id
        WHERE c.user_id = ${u} AND c.is_deleted = 0 AND ${within(sql`c.created_at`)}
      UNION ALL SELECT c.user_id FROM ${t} p INNER JOIN ${t} c ON c.parent_id = p.id
        WHERE p.user_id = ${u} AND c.is_deleted = 0 AND ${within(sql`c.created_at`)}
      UNION ALL SELECT c.user_id FROM ${i} x INNER JOIN ${t} c ON c.${fk} = x.id
        WHERE x.user_id = ${u} AND c.parent_id IS NULL AND c.is_deleted = 0 AND ${within(sql`c.created_at`)}
      UNION ALL SELECT x.user_id FROM ${t} c INNER JOIN ${i} x ON x.id = c.${fk}
        WHERE c.user_id = ${u} AND c.parent_id IS NULL AND c.is_deleted = 0 AND ${within(sql`c.created_at`)}
    ) WHERE other != ${u} GROUP BY other`;
}

/** Sums per-member counts from several lists; most first, then by id; the candidates kept. */
function mergeCounts(rows: Record<string, unknown>[]): { id: number; count: number }[] {
  const totals = new Map<number, number>();
  for (const row of rows) totals.set(Number(row.id), (totals.get(Number(row.id)) ?? 0) + Number(row.n));
  return [...totals]
    .map(([id, count]) => ({ id, count }))
    .sort((x, y) => y.count - x.count || x.id - y.id)
    .slice(0, TOP_CANDIDATES);
}
