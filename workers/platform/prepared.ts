import { fillPlaceholders, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Db, embeddedOnce, embeddedText } from "./db";

/**
 * Reads whose SQL Drizzle builds once per isolate (docs/decisions/0040-render-cpu.md §23). Drizzle builds a query's
 * text anew each time it runs: every chunk of every column through its entity checks, the select's field list
 * ordered again. For the reads every page makes (the session, the site's settings and menu, the unread count) and the
 * hot reads of the pages, that was 5–12 % of a member page's JavaScript. A prepared read is built the first time it
 * is asked for, with `sql.placeholder`s where its values go, and each call binds that text to the request's own
 * client with the values: to await, or to put in a batch (`ctx.read`, `db.batch`) like any select.
 *
 * Only selects whose text never depends on their values belong here: a list of ids goes in as one value
 * (`inJson`), not as one parameter per id. A placeholder stands for the value as D1 takes it: where a column encodes
 * its values (dates, booleans, JSON), compare it with `sql.param(p.name, column)`, which encodes as the column does.
 */

/** What a Drizzle select hands its session to run: built text and parameters, fields, the joins' null map. */
interface Built {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  joinsNotNullableMap: unknown;
  queryMetadata: unknown;
}

interface DrizzlePrepared {
  query: Built["query"];
  fields: unknown;
  joinsNotNullableMap: unknown;
  queryMetadata: unknown;
  all(): Promise<unknown>;
}

interface Session {
  prepareQuery(
    query: Built["query"],
    fields: unknown,
    executeMethod: "all",
    isResponseInArrayMode: boolean,
    customResultMapper: undefined,
    queryMetadata: unknown,
  ): DrizzlePrepared;
}

/** One run of a prepared read: what a select offers a batch (`_prepare`) and an `await` (`then`). */
class PreparedRun {
  constructor(
    private readonly db: Db,
    private readonly built: Built,
    private readonly values: Record<string, unknown>,
  ) {}

  _prepare(): DrizzlePrepared {
    const session = (this.db as unknown as { session: Session }).session;
    const { query, fields, joinsNotNullableMap, queryMetadata } = this.built;
    const prepared = session.prepareQuery(
      { sql: query.sql, params: fillPlaceholders(query.params, this.values) },
      fields,
      "all",
      true,
      undefined,
      queryMetadata,
    );
    prepared.joinsNotNullableMap = joinsNotNullableMap;
    return prepared;
  }

  /** This run's statement with its values, to embed in another (as `embeddedOnce` does a query). */
  embedded(): SQL {
    const embedded = embeddedText(this.built.query.sql, fillPlaceholders(this.built.query.params, this.values));
    if (!embedded) throw new Error("A prepared read's text holds a literal `?`: it cannot be embedded.");
    return embedded;
  }

  // biome-ignore lint/suspicious/noThenProperty: a query is awaited as Drizzle's own queries are.
  then<T, E = never>(
    onFulfilled?: (rows: unknown) => T | PromiseLike<T>,
    onRejected?: (error: unknown) => E | PromiseLike<E>,
  ): Promise<T | E> {
    return this._prepare().all().then(onFulfilled, onRejected);
  }
}

/** What Drizzle built of a select, kept. */
function builtOf(query: BatchItem<"sqlite">): Built {
  // `_prepare` is Drizzle's internal (not in its types): what a batch and an `await` call to run a select.
  const first = (query as unknown as { _prepare(): DrizzlePrepared })._prepare();
  return {
    query: first.query,
    fields: first.fields,
    joinsNotNullableMap: first.joinsNotNullableMap,
    queryMetadata: first.queryMetadata,
  };
}

function placeholders<N extends string>(names: readonly N[]): Record<N, Placeholder> {
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<N, Placeholder>;
}

/**
 * A read built once: `build` makes it on any database with the placeholders `p` (one per name in `names`) where
 * its values go; the result runs it on `db` with `values`, typed as the select `build` returns.
 */
export function preparedRead<const N extends string, Q extends BatchItem<"sqlite">>(
  names: readonly N[],
  build: (db: Db, p: Record<N, Placeholder>) => Q,
): (db: Db, values: Record<N, unknown>) => Q {
  let built: Built | undefined;
  return (db, values) => {
    built ??= builtOf(build(db, placeholders(names)));
    return new PreparedRun(db, built, values) as unknown as Q;
  };
}

/**
 * Several reads built together once (statements that embed the same query, as a list and its cards' data): as
 * preparedRead, for each select of the array `build` returns.
 */
export function preparedReads<const N extends string, Q extends readonly BatchItem<"sqlite">[]>(
  names: readonly N[],
  build: (db: Db, p: Record<N, Placeholder>) => Q,
): (db: Db, values: Record<N, unknown>) => Q {
  let built: Built[] | undefined;
  return (db, values) => {
    built ??= build(db, placeholders(names)).map(builtOf);
    return built.map((b) => new PreparedRun(db, b, values)) as unknown as Q;
  };
}

/**
 * `column IN` a list given as one value: the ids as a JSON array, read by SQLite's `json_each`. The statement's
 * text is the same however many ids there are, so it can be prepared once.
 */
export function inJson(column: SQLiteColumn, list: Placeholder): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${list}))`;
}

/** A read (a prepared read's run, or any Drizzle query) as a query to embed in another statement of the same batch. */
export function embeddedRead(query: unknown): SQL {
  return query instanceof PreparedRun ? query.embedded() : embeddedOnce(query as SQLWrapper);
}
