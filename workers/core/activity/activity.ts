import { and, desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { activities, type UserRow, users } from "#drizzle/schema";
import type { Paged } from "#workers/core/comments/paging";
import { STREAM_PAGE_SIZE, type StreamType } from "#workers/core/notifications/notifications.constants";
import { ZStreamCursor } from "#workers/core/notifications/notifications.schemas";
import {
  type StreamItem,
  type StreamTexts,
  serializeActivity,
  textColumns,
} from "#workers/core/notifications/notifications.serializers";
import { type SourceMatch, sourceCondition } from "#workers/core/notifications/sources";
import { parseInput } from "#workers/core/shared/validation";
import { listedForGuests } from "#workers/core/shouts/shouts.read";
import type { RequestContext } from "#workers/platform/context";
import { publish } from "#workers/realtime/publish";

/**
 * The public activity stream (spec §2 "Activity sidebar", §3 Stream item): what happens on the site, newest
 * first, for everyone including guests. Items are written after the action they tell about and removed with
 * their source; both publish to every socket. Items about shouts are shown as the shouts are (see shownInStream).
 */

export interface RecordActivityInput {
  actor: UserRow;
  type: StreamType;
  texts: StreamTexts;
  sourceKey: string;
}

const ZActivityList = z.object({ cursor: ZStreamCursor });

/** Items about a shout or its comments have keys "shout:<id>" and "shout:<id>/…" (`shoutSourceKey`). */
const SHOUT_KEY = "shout:";
/** The key range of those items: ["shout:", "shout;") — ';' follows ':' in ASCII. */
const SHOUT_KEY_END = "shout;";

/**
 * The stream is public: an item about a shout is shown while guests are shown the shout (not muted, its author's
 * `is_shouts_public` on), decided when the stream is read — so turning the setting off hides the items at once and
 * turning it back on shows them again. Other items are always shown.
 */
const shownInStream = sql`(${activities.sourceKey} IS NULL OR ${activities.sourceKey} < ${SHOUT_KEY}
  OR ${activities.sourceKey} >= ${SHOUT_KEY_END}
  OR ${listedForGuests(sql`CAST(substr(${activities.sourceKey}, ${SHOUT_KEY.length + 1}) AS INTEGER)`)})`;

/** Adds an item and publishes `activity_created` to everyone. */
export async function recordActivity(ctx: RequestContext, input: RecordActivityInput): Promise<StreamItem> {
  const [row] = await ctx.db
    .insert(activities)
    .values({
      ...textColumns(input.texts),
      actorId: input.actor.id,
      type: input.type,
      sourceKey: input.sourceKey,
      createdAt: ctx.now(),
    })
    .returning();
  const item = serializeActivity(row, input.actor);
  publish(ctx, { type: "activity_created", obj: item }, { kind: "all" });
  return item;
}

/**
 * GET /v1/activity/?cursor=: newest first, STREAM_PAGE_SIZE a page. The cursor is the id of the last item
 * shown, so items arriving live never shift the next page. `next` is the URL of the next page or null.
 */
export async function listActivity(ctx: RequestContext, cursor: unknown): Promise<Paged<StreamItem>> {
  const { cursor: before } = parseInput(ZActivityList, { cursor });
  const rows = await ctx.db
    .select({ activity: activities, actor: users })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actorId))
    .where(and(before ? lt(activities.id, before) : undefined, shownInStream))
    .orderBy(desc(activities.id))
    .limit(STREAM_PAGE_SIZE + 1);
  const shown = rows.slice(0, STREAM_PAGE_SIZE);
  let next: string | null = null;
  if (rows.length > STREAM_PAGE_SIZE) {
    const url = new URL(ctx.request.url);
    url.searchParams.delete("page");
    url.searchParams.set("cursor", String(shown[shown.length - 1].activity.id));
    next = url.pathname + url.search;
  }
  return { results: shown.map((r) => serializeActivity(r.activity, r.actor)), next, previous: null };
}

/** Removes the items about removed content and publishes `activity_deleted` for each. */
export async function removeActivity(ctx: RequestContext, match: SourceMatch): Promise<number[]> {
  const removed = await ctx.db
    .delete(activities)
    .where(sourceCondition(sql`${activities.sourceKey}`, match))
    .returning({ id: activities.id });
  for (const { id } of removed) publish(ctx, { type: "activity_deleted", obj: { id } }, { kind: "all" });
  return removed.map((r) => r.id);
}

/** Keeps the message of items about an edited comment in step with its text. */
export async function updateActivityMessages(ctx: RequestContext, key: string, message: string): Promise<void> {
  await ctx.db.update(activities).set({ message }).where(eq(activities.sourceKey, key));
}

/** Keeps the title of items about an edited shout and its comments (its text is their title) in step with it. */
export async function updateActivityTitles(ctx: RequestContext, match: SourceMatch, title: string): Promise<void> {
  await ctx.db
    .update(activities)
    .set({ title })
    .where(sourceCondition(sql`${activities.sourceKey}`, match));
}
