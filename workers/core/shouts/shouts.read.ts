import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type ShoutRow, shoutMedia, shouts, shoutTags, tags, type UserRow, users } from "#drizzle/schema";
import type { PublicUserRow } from "#workers/core/accounts/public-users";
import { publicUserColumns } from "#workers/core/accounts/public-users";
import { getConfig } from "#workers/core/config/config";
import { ownBookmarksQuery, ownPawsQuery, pawMap } from "#workers/core/reactions/reactions.read";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { embeddedRead, inJson, preparedRead, preparedReads } from "#workers/platform/prepared";
import { authorFlags, can, type ShoutAccess, type ShoutRules } from "./shouts.policy";
import { type MediaItem, type ShoutTagRef, type ShoutView, serializeMedia, serializeShout } from "./shouts.serializers";

/** Reading helpers shared by the shout, tag and profile services (callers check visibility). */

/** SQL: a member (their `settings` column) shows their shouts to guests (`is_shouts_public`, default on). */
function showsShoutsToGuests(settings: SQL): SQL {
  return sql`coalesce(json_extract(${settings}, '$.is_shouts_public'), 1) != 0`;
}

/** SQL: the author (joined as `users`) shows their shouts to guests. */
export const authorIsPublic: SQL = showsShoutsToGuests(sql`${users.settings}`);

/**
 * SQL: the shout with this id is on guests' lists — it exists, is not muted and its author shows shouts to
 * guests. Read at the time of the query, so what tells of a shout elsewhere (the activity stream) follows it.
 */
export function listedForGuests(shoutId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM shouts AS s INNER JOIN users AS u ON u.id = s.user_id
    WHERE s.id = ${shoutId} AND s.is_muted = 0 AND ${showsShoutsToGuests(sql`u.settings`)})`;
}

/** What a list shows: never muted shouts; to guests, only shouts of members who show them to guests. */
export function listedWhere(ctx: RequestContext): SQL {
  return listedWhereFor(!!ctx.actor);
}

/** listedWhere for a member (true) or a guest. */
export function listedWhereFor(member: boolean): SQL {
  return member ? sql`${shouts.isMuted} = 0` : sql`${shouts.isMuted} = 0 AND ${authorIsPublic}`;
}

export async function shoutRules(ctx: RequestContext): Promise<ShoutRules> {
  const config = await getConfig(ctx);
  return { now: ctx.now(), isOneHourEditEnabled: config.is_one_hour_edit_enabled };
}

export function shoutAccess(shout: ShoutRow, author: Pick<UserRow, "settings">): ShoutAccess {
  return {
    userId: shout.userId,
    createdAt: shout.createdAt,
    isFrozen: shout.isFrozen,
    isAuthorPublic: authorFlags(author).isPublic,
  };
}

/** A shout's author as lists need them: the public shape and the settings that say who sees their shouts. */
const shoutAuthorColumns = { ...publicUserColumns, settings: users.settings } as const;
type ShoutAuthorRow = PublicUserRow & Pick<UserRow, "settings">;

export interface ShoutData {
  users: Map<number, ShoutAuthorRow>;
  media: Map<number, MediaItem[]>;
  tags: Map<number, ShoutTagRef[]>;
  paws: Map<number, 1 | -1>;
  bookmarks: Set<number>;
}

function grouped<T>(rows: { shoutId: number }[], map: (row: never) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.shoutId) ?? [];
    list.push(map(row as never));
    out.set(row.shoutId, list);
  }
  return out;
}

/**
 * The shouts whose data a request is gathering: what the lists of one page ask for at the same time (the bonfire's
 * list and its pinned strip) is read once, for all of them — five statements instead of five for each list.
 */
const gathering = new WeakMap<RequestContext, { ids: Set<number>; lists: SQL[]; data: Promise<ShoutData> }>();

/**
 * Authors, media, tags and — for a member — their paws and bookmarks of the shouts with these ids and of the shouts
 * `lists` return (reads of shout rows not yet run, embedded: `embeddedRead`), in one D1 batch. The reads are built
 * when the request's next batch goes (`ctx.read.later`): calls made meanwhile share them (their data holds every
 * shout any of them asked for). So a page that knows its shout's id, or reads a list in that batch, gets the data in
 * the same round trip (`getShout`, `readShoutList`).
 */
export function shoutData(ctx: RequestContext, ids: number[], lists: SQL[] = []): Promise<ShoutData> {
  let batch = gathering.get(ctx);
  if (!batch) {
    const gathered = { ids: new Set<number>(), lists: [] as SQL[] };
    const member = !!ctx.actor;
    const data = ctx.read
      .later(() => {
        gathering.delete(ctx);
        return shoutDataReads(ctx, [...gathered.ids], gathered.lists);
      })
      .then((rows) => shoutDataOf(rows as unknown as ShoutDataRows, member));
    batch = { ...gathered, data };
    gathering.set(ctx, batch);
  }
  for (const id of ids) batch.ids.add(id);
  batch.lists.push(...lists);
  return batch.data;
}

/** The reads of shoutData but the member's own: `idsIn(column)` is the condition that the column is one of the ids. */
function dataReads(db: Db, idsIn: (column: SQLiteColumn) => SQL) {
  return [
    db
      .select(shoutAuthorColumns)
      .from(users)
      .where(sql`${users.id} IN (SELECT ${shouts.userId} FROM ${shouts} WHERE ${idsIn(shouts.id)})`),
    db
      .select()
      .from(shoutMedia)
      .where(idsIn(shoutMedia.shoutId))
      .orderBy(asc(shoutMedia.shoutId), asc(shoutMedia.position), asc(shoutMedia.id)),
    db
      .select({ shoutId: shoutTags.shoutId, slug: tags.slug, name: tags.name })
      .from(shoutTags)
      .innerJoin(tags, eq(tags.id, shoutTags.tagId))
      .where(idsIn(shoutTags.shoutId))
      .orderBy(asc(shoutTags.position)),
  ] as const;
}

// Ids known (most lists, a shout's page): built once per isolate (workers/platform/prepared.ts).
const dataReadsOfIds = preparedReads(["ids"], (db, p) => dataReads(db, (column) => inJson(column, p.ids)));

function shoutDataReads(ctx: RequestContext, ids: number[], lists: SQL[]) {
  // Lists embedded: the ids they return and the ids given, as one set.
  const set = lists.length
    ? sql`(${sql.join(
        [
          ...(ids.length ? [sql`SELECT value FROM json_each(${JSON.stringify(ids)})`] : []),
          ...lists.map((list) => sql`SELECT ${sql.identifier("id")} FROM ${list}`),
        ],
        sql` UNION ALL `,
      )})`
    : null;
  const reads = set
    ? dataReads(ctx.db, (column) => sql`${column} IN ${set}`)
    : dataReadsOfIds(ctx.db, { ids: JSON.stringify(ids) });
  const actor = ctx.actor;
  return actor
    ? ([
        ...reads,
        ownPawsQuery(ctx.db, actor.id, "shout", set ?? ids),
        ownBookmarksQuery(ctx.db, actor.id, "shout", set ?? ids),
      ] as const)
    : reads;
}

type MemberReads = ReturnType<typeof shoutDataReads> & { length: 5 };
type ShoutDataRows = { [K in keyof MemberReads]: Awaited<MemberReads[K]> };

function shoutDataOf(rows: ShoutDataRows, member: boolean): ShoutData {
  const [userRows, mediaRows, tagRows, pawRows, markRows] = member ? rows : [rows[0], rows[1], rows[2], [], []];
  return {
    users: new Map(userRows.map((u) => [u.id, u])),
    media: grouped(mediaRows, serializeMedia),
    tags: grouped(tagRows, (r: { slug: string; name: string }) => ({ slug: r.slug, name: r.name })),
    paws: pawMap(pawRows),
    bookmarks: new Set(markRows.map((r) => r.itemId)),
  };
}

/** Views of the rows, in their order (rows whose author is gone are left out). */
export function viewsFrom(ctx: RequestContext, rows: ShoutRow[], data: ShoutData, rules?: ShoutRules): ShoutView[] {
  return rows.flatMap((row) => {
    const author = data.users.get(row.userId);
    if (!author) return [];
    const access = shoutAccess(row, author);
    return [
      serializeShout(row, {
        author,
        media: data.media.get(row.id) ?? [],
        tags: data.tags.get(row.id) ?? [],
        ownd: data.paws.get(row.id) ?? 0,
        isBookmarked: data.bookmarks.has(row.id),
        showViews: authorFlags(author).showViews,
        rights: {
          edit: can(ctx.actor, "edit", access, rules),
          delete: can(ctx.actor, "delete", access, rules),
          moderate: can(ctx.actor, "moderate", access, rules),
        },
      }),
    ];
  });
}

/**
 * A list of shouts — a read of `{ shout }` rows, not yet run — with the data of its shouts in the same round trip
 * (shoutData embeds the list). `views` makes the views of the rows it is given (the ones a page shows).
 */
export async function readShoutList(
  ctx: RequestContext,
  list: unknown,
): Promise<{ rows: ShoutRow[]; views: (shown: ShoutRow[]) => ShoutView[] }> {
  const [[found], data, rules] = await Promise.all([
    ctx.read([list] as never) as Promise<[{ shout: ShoutRow }[]]>,
    shoutData(ctx, [], [embeddedRead(list)]),
    ctx.actor ? shoutRules(ctx) : undefined,
  ]);
  return { rows: found.map((row) => row.shout), views: (shown) => viewsFrom(ctx, shown, data, rules) };
}

/** Views of the rows, in their order. */
export async function loadViews(ctx: RequestContext, rows: ShoutRow[]): Promise<ShoutView[]> {
  if (!rows.length) return [];
  const [data, rules] = await Promise.all([
    shoutData(
      ctx,
      rows.map((row) => row.id),
    ),
    ctx.actor ? shoutRules(ctx) : undefined,
  ]);
  return viewsFrom(ctx, rows, data, rules);
}

// The shout page's reads, built once per isolate (workers/platform/prepared.ts).
const shoutById = preparedRead(["id"], (db, p) => db.select().from(shouts).where(eq(shouts.id, p.id)).limit(1));
const shoutAuthorById = preparedRead(["id"], (db, p) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql`(SELECT ${shouts.userId} FROM ${shouts} WHERE ${shouts.id} = ${p.id})`))
    .limit(1),
);

/** A shout and its author (null when either is missing). */
export async function findShout(ctx: RequestContext, id: number): Promise<{ shout: ShoutRow; author: UserRow } | null> {
  // Two plain selects in one coalesced read (on the shout page, the root loader's round trip): a join cannot go
  // through a D1 batch, whose rows are objects where same-named columns of two tables overwrite each other.
  const [[shout], [author]] = await ctx.read([shoutById(ctx.db, { id }), shoutAuthorById(ctx.db, { id })]);
  return shout && author ? { shout, author } : null;
}
