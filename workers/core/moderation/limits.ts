import { and, eq, gt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { comments, posts, shoutComments, shouts, type UserRow } from "#drizzle/schema";
import { getConfig } from "#workers/core/config/config";
import { AppError } from "#workers/core/errors";
import { pluralize } from "#workers/core/shared/plural";
import type { RequestContext } from "#workers/platform/context";

const DAY_MS = 24 * 60 * 60 * 1000;

/** «3 часа», «5 минут», «42 секунды»: the wait, in the largest unit that reads naturally. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return pluralize(s, ["секунду", "секунды", "секунд"]);
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return pluralize(minutes, ["минуту", "минуты", "минут"]);
  return pluralize(Math.ceil(minutes / 60), ["час", "часа", "часов"]);
}

/** «раза в минуту», «раза в 30 секунд», «раза в 2 минуты»: the interval of the rule. */
function intervalText(seconds: number): string {
  if (seconds % 60 !== 0) return pluralize(seconds, ["секунду", "секунды", "секунд"]);
  const minutes = seconds / 60;
  return minutes === 1 ? "минуту" : pluralize(minutes, ["минуту", "минуты", "минут"]);
}

/**
 * New-member limits (config keys new_member_*; Discourse's first-day caps): a member in their first
 * `new_member_days` days writes at most `new_member_daily_limit` posts, shouts and comments (both kinds) in any
 * 24 hours, and at least `new_member_interval_seconds` apart, else a 429 saying how long to wait. Moderators and
 * admins are never limited. Counted from the content tables themselves, so nothing else has to be kept in step;
 * older members pay no query.
 */
export async function enforceNewMemberLimits(ctx: RequestContext, actor: UserRow): Promise<void> {
  if (actor.isAdmin || actor.isMod) return;
  const config = await getConfig(ctx);
  const now = ctx.now().getTime();
  const days = config.new_member_days;
  if (days <= 0 || now - actor.createdAt.getTime() >= days * DAY_MS) return;
  const since = new Date(now - DAY_MS);
  // Posts count when published (drafts are private); the rest when written.
  const stats = (table: typeof posts | typeof comments | typeof shouts | typeof shoutComments, at: SQLiteColumn) =>
    ctx.db
      .select({ n: sql<number>`count(*)`, first: sql<number | null>`min(${at})`, last: sql<number | null>`max(${at})` })
      .from(table)
      .where(and(eq(table.userId, actor.id), gt(at, since)));
  const results = await ctx.db.batch([
    stats(posts, posts.publishedAt),
    stats(comments, comments.createdAt),
    stats(shouts, shouts.createdAt),
    stats(shoutComments, shoutComments.createdAt),
  ]);
  const rows = results.map((r) => r[0]);
  const count = rows.reduce((sum, r) => sum + Number(r?.n ?? 0), 0);
  const times = rows
    .flatMap((r) => [r?.first, r?.last])
    .filter((t): t is number => t != null)
    .map(Number);
  const interval = config.new_member_interval_seconds;
  if (interval > 0 && times.length) {
    const wait = Math.max(...times) + interval * 1000 - now;
    if (wait > 0) {
      throw new AppError(
        "rate_limited",
        `Новые участники пишут не чаще раза в ${intervalText(interval)}. Подождите ещё ${waitText(wait / 1000)}.`,
        { retryAfter: Math.ceil(wait / 1000) },
      );
    }
  }
  const limit = config.new_member_daily_limit;
  if (count >= limit) {
    const wait = (times.length ? Math.min(...times) : now) + DAY_MS - now;
    throw new AppError(
      "rate_limited",
      `${days === 1 ? "В первый день" : `В первые ${pluralize(days, ["день", "дня", "дней"])}`} на сайте можно написать не больше ` +
        `${pluralize(limit, ["сообщения", "сообщений", "сообщений"])} за сутки. Следующее — через ${waitText(wait / 1000)}.`,
      { retryAfter: Math.ceil(Math.max(1, wait / 1000)) },
    );
  }
}
