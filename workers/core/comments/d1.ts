import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { type RequestContext, sessionVerifiedForWrite } from "#workers/platform/context";
import { isWriteSql, rawD1Client } from "#workers/platform/db";

const dialect = new SQLiteSyncDialect();

/**
 * Guarded multi-statement writes (INSERT … SELECT … WHERE EXISTS, counters kept in SQL) go to D1 as one
 * `batch` — one transaction — of raw statements, since drizzle's batch takes only its query builders.
 * Each statement's rows come back in order.
 */
export async function rawBatch(
  ctx: Pick<RequestContext, "env"> & Partial<Pick<RequestContext, "verifySession">>,
  statements: SQL[],
): Promise<Record<string, unknown>[][]> {
  const d1 = rawD1Client(ctx.env.DB);
  const queries = statements.map((statement) => dialect.sqlToQuery(statement));
  // The request's writes wait for its session, as its Drizzle client's do (workers/platform/db.ts gatedWrites).
  if (ctx.verifySession && queries.some((query) => isWriteSql(query.sql))) {
    await sessionVerifiedForWrite(ctx.verifySession);
  }
  const prepared = queries.map((query) => d1.prepare(query.sql).bind(...query.params));
  const results = await d1.batch(prepared);
  return results.map((r) => (r.results ?? []) as Record<string, unknown>[]);
}
