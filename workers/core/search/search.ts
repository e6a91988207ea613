import { asc, like, sql } from "drizzle-orm";
import { users } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { type SearchType, ZSearch } from "./search.schemas";

export const SEARCH_LIMIT = 20;

type Searcher = (ctx: RequestContext, q: string) => Promise<unknown[]>;

/** Escapes LIKE wildcards in user input. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Members by name: matches anywhere in the normalised name (ё = е, any case), exact and prefix first. */
async function searchUsers(ctx: RequestContext, q: string): Promise<PublicUser[]> {
  const key = normaliseKey(q);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(sql`${like(users.usernameKey, likePattern(key))} ESCAPE '\\' AND ${users.isBanned} = 0`)
    .orderBy(sql`CASE WHEN ${users.usernameKey} = ${key} THEN 0 WHEN ${users.usernameKey} LIKE ${`${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\' THEN 1 ELSE 2 END`, asc(users.usernameKey))
    .limit(SEARCH_LIMIT);
  return rows.map(serializePublicUser);
}

/**
 * One searcher per type. Types whose content arrives with later issues (posts, shouts, comments, tags,
 * news) register their searcher here when they exist; until then there is nothing of that type to find.
 */
const SEARCHERS: Partial<Record<SearchType, Searcher>> = {
  user: searchUsers,
};

/** GET /v1/search?type=&q=: an array of items of the type; an empty query finds nothing. */
export async function search(ctx: RequestContext, input: unknown): Promise<{ type: SearchType; q: string; results: unknown[] }> {
  const { type, q } = parseInput(ZSearch, input);
  const searcher = SEARCHERS[type];
  if (!q || !searcher) return { type, q, results: [] };
  return { type, q, results: await searcher(ctx, q) };
}
