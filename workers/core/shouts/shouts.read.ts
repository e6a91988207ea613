import { asc, eq, type SQL, sql } from "drizzle-orm";
import { type ShoutRow, shoutMedia, shouts, shoutTags, tags, type UserRow, users } from "#drizzle/schema";
import type { PublicUserRow } from "#workers/core/accounts/public-users";
import { publicUserColumns } from "#workers/core/accounts/public-users";
import { getConfig } from "#workers/core/config/config";
import { ownBookmarksQuery, ownPawsQuery, pawMap } from "#workers/core/reactions/reactions.read";
import type { RequestContext } from "#workers/platform/context";
import { inJson, preparedRead } from "#workers/platform/prepared";
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
const gathering = new WeakMap<RequestContext, { ids: Set<number>; data: Promise<ShoutData> }>();

/**
 * Authors, media, tags and — for a member — their paws and bookmarks of the shouts with these ids, in one D1 batch.
 * The reads are built when the request's next batch goes (`ctx.read.later`): calls made meanwhile share them (their
 * data holds every shout any of them asked for), and a page that knows its shout's id asks before reading the shout
 * itself, so both go in one round trip (`getShout`).
 */
export function shoutData(ctx: RequestContext, ids: number[]): Promise<ShoutData> {
  let batch = gathering.get(ctx);
  if (!batch) {
    const gathered = new Set<number>();
    const member = !!ctx.actor;
    const data = ctx.read
      .later(() => {
        gathering.delete(ctx);
        return shoutDataReads(ctx, [...gathered]);
      })
      .then((rows) => shoutDataOf(rows as unknown as ShoutDataRows, member));
    batch = { ids: gathered, data };
    gathering.set(ctx, batch);
  }
  for (const id of ids) batch.ids.add(id);
  return batch.data;
}

// A page's shout lists read these (shoutData): built once per isolate (workers/platform/prepared.ts).
const shoutAuthors = preparedRead(["ids"], (db, p) =>
  db
    .select(shoutAuthorColumns)
    .from(users)
    .where(sql`${users.id} IN (SELECT ${shouts.userId} FROM ${shouts} WHERE ${inJson(shouts.id, p.ids)})`),
);
const shoutMediaOf = preparedRead(["ids"], (db, p) =>
  db
    .select()
    .from(shoutMedia)
    .where(inJson(shoutMedia.shoutId, p.ids))
    .orderBy(asc(shoutMedia.shoutId), asc(shoutMedia.position), asc(shoutMedia.id)),
);
const shoutTagsOf = preparedRead(["ids"], (db, p) =>
  db
    .select({ shoutId: shoutTags.shoutId, slug: tags.slug, name: tags.name })
    .from(shoutTags)
    .innerJoin(tags, eq(tags.id, shoutTags.tagId))
    .where(inJson(shoutTags.shoutId, p.ids))
    .orderBy(asc(shoutTags.position)),
);

function shoutDataReads(ctx: RequestContext, ids: number[]) {
  const list = { ids: JSON.stringify(ids) };
  const reads = [shoutAuthors(ctx.db, list), shoutMediaOf(ctx.db, list), shoutTagsOf(ctx.db, list)] as const;
  const actor = ctx.actor;
  return actor
    ? ([
        ...reads,
        ownPawsQuery(ctx.db, actor.id, "shout", ids),
        ownBookmarksQuery(ctx.db, actor.id, "shout", ids),
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
