import { asc, eq } from "drizzle-orm";
import { type FeedSourceRow, feedEntries, feedSources } from "#drizzle/schema";
import { auditInsert, recordAudit } from "#workers/core/audit/audit";
import { AppError } from "#workers/core/errors";
import { requireActor } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { purgeGuestPages } from "#workers/platform/page-cache";
import { type PollResult, pollSource, refreshGroups } from "./feed.ingest";
import { type TFeedSource, ZFeedSource } from "./feed.schemas";

/**
 * The admin page's sources: list, add, change, delete, poll now. Admins only; every change writes its audit
 * entry in the same batch (workers/core/audit/audit.ts).
 */

export interface FeedSourceAdminView {
  id: number;
  name: string;
  url: string;
  domain: string;
  icon_url: string | null;
  is_enabled: boolean;
  interval_minutes: number;
  entries_count: number;
  failures: number;
  datetime_last_success: string | null;
  datetime_last_error: string | null;
  last_error: string | null;
  datetime_next_poll: string;
}

function requireAdmin(ctx: RequestContext) {
  const actor = requireActor(ctx, "Войдите на сайт как администратор.");
  if (!actor.isAdmin) throw new AppError("forbidden", "Источниками ленты управляют только администраторы.");
  return actor;
}

function serialize(row: FeedSourceRow): FeedSourceAdminView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    domain: row.domain,
    icon_url: row.iconUrl,
    is_enabled: row.isEnabled,
    interval_minutes: row.intervalMinutes,
    entries_count: row.entriesCount,
    failures: row.failures,
    datetime_last_success: row.lastSuccessAt?.toISOString() ?? null,
    datetime_last_error: row.lastErrorAt?.toISOString() ?? null,
    last_error: row.lastError,
    datetime_next_poll: row.nextPollAt.toISOString(),
  };
}

export async function listSources(ctx: RequestContext): Promise<FeedSourceAdminView[]> {
  requireAdmin(ctx);
  const rows = await ctx.db.select().from(feedSources).orderBy(asc(feedSources.name), asc(feedSources.id));
  return rows.map(serialize);
}

async function findSource(ctx: RequestContext, id: unknown): Promise<FeedSourceRow> {
  const sourceId = Number(id);
  const [row] = Number.isSafeInteger(sourceId)
    ? await ctx.db.select().from(feedSources).where(eq(feedSources.id, sourceId))
    : [];
  if (!row) throw new AppError("not_found", "Такого источника нет.");
  return row;
}

function values(input: TFeedSource) {
  return {
    name: input.name,
    url: input.url,
    domain: input.domain ?? new URL(input.url).hostname.replace(/^www\./, ""),
    iconUrl: input.icon_url ?? null,
    isEnabled: input.is_enabled,
    intervalMinutes: input.interval_minutes,
  };
}

async function ensureUniqueUrl(ctx: RequestContext, url: string, exceptId?: number): Promise<void> {
  const [other] = await ctx.db.select({ id: feedSources.id }).from(feedSources).where(eq(feedSources.url, url));
  if (other && other.id !== exceptId) throw AppError.field("url", "Источник с этим адресом уже есть.");
}

export async function createSource(ctx: RequestContext, input: unknown): Promise<FeedSourceAdminView> {
  const actor = requireAdmin(ctx);
  const data = parseInput(ZFeedSource, input);
  await ensureUniqueUrl(ctx, data.url);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(feedSources)
    .values({ ...values(data), nextPollAt: now, createdAt: now, updatedAt: now })
    .returning();
  // The entry names the new source's id, so it is written once the row exists.
  await recordAudit(ctx.db, {
    actorId: actor.id,
    action: "feed_source.create",
    targetType: "feed_source",
    targetId: row.id,
    meta: { name: data.name, url: data.url },
    at: now,
  });
  return serialize(row);
}

export async function updateSource(ctx: RequestContext, id: unknown, input: unknown): Promise<FeedSourceAdminView> {
  const actor = requireAdmin(ctx);
  const source = await findSource(ctx, id);
  const data = parseInput(ZFeedSource, input);
  await ensureUniqueUrl(ctx, data.url, source.id);
  const now = ctx.now();
  const urlChanged = data.url !== source.url;
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(feedSources)
      .set({
        ...values(data),
        updatedAt: now,
        // Another address is another feed: no conditional request, no back-off; an enabled source polls soon.
        ...(urlChanged ? { etag: null, lastModified: null, failures: 0, nextPollAt: now } : {}),
      })
      .where(eq(feedSources.id, source.id))
      .returning(),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "feed_source.update",
      targetType: "feed_source",
      targetId: source.id,
      meta: { name: data.name, url: data.url, is_enabled: data.is_enabled, interval_minutes: data.interval_minutes },
      at: now,
    }),
  ]);
  return serialize(row);
}

/** Deletes a source and its entries; the groups they were in are recounted (and dropped when left empty). */
export async function deleteSource(ctx: RequestContext, id: unknown): Promise<void> {
  const actor = requireAdmin(ctx);
  const source = await findSource(ctx, id);
  const groups = await ctx.db
    .selectDistinct({ id: feedEntries.groupId })
    .from(feedEntries)
    .where(eq(feedEntries.sourceId, source.id));
  await ctx.db.batch([
    ctx.db.delete(feedSources).where(eq(feedSources.id, source.id)),
    ...refreshGroups(
      ctx.db,
      groups.map((g) => g.id),
    ),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "feed_source.delete",
      targetType: "feed_source",
      targetId: source.id,
      meta: { name: source.name, url: source.url, entries_count: source.entriesCount },
      at: ctx.now(),
    }),
  ]);
  // Its entries left the feed: every cached guest page of it goes.
  await purgeGuestPages(ctx);
}

/** «Проверить сейчас»: polls the source at once, whatever its schedule. */
export async function pollSourceNow(ctx: RequestContext, id: unknown): Promise<PollResult> {
  const actor = requireAdmin(ctx);
  const source = await findSource(ctx, id);
  const result = await pollSource(ctx.db, source, ctx.now());
  await auditInsert(ctx.db, {
    actorId: actor.id,
    action: "feed_source.poll",
    targetType: "feed_source",
    targetId: source.id,
    meta: { status: result.status, added: result.added },
    at: ctx.now(),
  });
  return result;
}
