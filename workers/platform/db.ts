import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { type AnySQLiteColumn, SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "#drizzle/schema";
import { BOOKMARK_COOKIE, bookmarkCookie } from "./cookies";

/** What a Drizzle instance talks to: the D1 binding (always the primary) or one request's D1 session. */
export type D1Client = Pick<D1Database, "prepare" | "batch">;

export type Db = DrizzleD1Database<typeof schema> & { $client: D1Client };

// `drizzle(d1, { schema })` builds its relational config from the whole schema on every call (~85 µs on this
// machine, milliseconds on a cold isolate). The config holds no request state, so it is built once per isolate and
// each client gets its own thin instance around it (~15 µs: one query builder per table, no schema walk).
const dialect = new SQLiteAsyncDialect();
let relational: ConstructorParameters<typeof SQLiteD1Session>[2];

function bindDb(client: D1Client): Db {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  }
  const session = new SQLiteD1Session(client as D1Database, dialect, relational);
  const db = new DrizzleD1Database("async", dialect, session, relational) as Db;
  db.$client = client;
  return db;
}

// An instance around the binding holds no request state either: one per D1 binding per isolate.
const instances = new WeakMap<D1Database, Db>();

/**
 * The primary database: for Durable Objects, cron jobs and queue consumers, which have no member to read their own
 * writes and must act on the latest rows. Requests use `openRequestDb` instead.
 */
export function createDb(d1: D1Database): Db {
  if (countingD1Calls()) return bindDb(countD1Calls(d1));
  let db = instances.get(d1);
  if (!db) {
    db = bindDb(d1);
    instances.set(d1, db);
  }
  return db;
}

// ─── read replicas: one D1 session per request (docs/decisions/0036-d1-read-replicas.md) ─────────────────
// The one place that decides where a request's queries go. Writes always reach the primary (a replica forwards
// them); reads go to a replica that is at least as new as the session's bookmark.

/** The header that carries a bookmark both ways for API clients; browsers keep it in BOOKMARK_COOKIE. */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
/** Long enough to outlive any replica lag many times over; after it, any replica is newer than the bookmark. */
export const BOOKMARK_MAX_AGE_SECONDS = 60 * 60;

/**
 * A D1 bookmark: four dash-separated hex fields (`00000085-0000024c-00004c6d-8e61117b…`), sortable as text. Anything
 * else from a cookie or a header is ignored: D1 would refuse it and fail the whole request.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{16,64}$/;

export function validBookmark(value: string | null | undefined): string | null {
  return value && BOOKMARK.test(value) ? value : null;
}

export interface SessionStartInput {
  method: string;
  /** The request's bookmark: the later valid one of its header and its cookie. */
  bookmark: string | null;
  /** The request has a session cookie (known before any query). */
  member: boolean;
  /** The response goes into the shared guest page cache (docs/decisions/0015-guest-page-cache.md). */
  sharedRender: boolean;
}

/**
 * Where the request's D1 session starts:
 * - a mutation (any method but GET/HEAD) and a render for the shared page cache read the primary: a policy check
 *   or a read-modify-write must see the latest rows, and a cached page must not bring back what a purge after
 *   a change just removed (a cache fill happens about once a minute per page and data centre);
 * - a request with a bookmark reads a replica at least that new: the member's own writes are in it;
 * - a member without one reads the primary once (their session row may be seconds old), and gets a bookmark;
 * - a guest reads any replica.
 */
export function sessionStart(input: SessionStartInput): D1SessionConstraint | D1SessionBookmark {
  if (input.sharedRender || !isRead(input.method)) return "first-primary";
  if (input.bookmark) return input.bookmark;
  return input.member ? "first-primary" : "first-unconstrained";
}

function isRead(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

export interface RequestDb {
  db: Db;
  /** What the session started from (a constraint or the request's bookmark). */
  start: D1SessionConstraint | D1SessionBookmark;
  /** The bookmark the request came with, or null. */
  incoming: string | null;
  /** The latest bookmark of the session's queries so far (null before the first). */
  bookmark: () => string | null;
  input: SessionStartInput;
}

/** One request's database: a Drizzle instance around a D1 session started where `sessionStart` says. */
export function openRequestDb(d1: D1Database, input: SessionStartInput, beforeWrite?: () => Promise<void>): RequestDb {
  const start = sessionStart(input);
  const session = d1.withSession(start);
  const counted = countingD1Calls() ? countD1Calls(session) : session;
  const client = beforeWrite ? gatedWrites(counted, beforeWrite) : counted;
  return { db: bindDb(client), start, incoming: input.bookmark, bookmark: () => session.getBookmark(), input };
}

/** A statement that may write: anything but a select (or a `with` that only selects). */
export function isWriteSql(text: string): boolean {
  if (/^\s*select\b/i.test(text)) return false;
  return !(/^\s*with\b/i.test(text) && !/\b(insert|update|delete|replace)\b/i.test(text));
}

/**
 * `d1` whose writes wait for `beforeWrite` (and fail with it): a statement that may write, alone or in a batch, is
 * sent only once it has settled. Reads go at once.
 */
function gatedWrites<T extends D1Client>(d1: T, beforeWrite: () => Promise<void>): T {
  return intercepted(d1, {
    statement: async (sent, run) => {
      if (isWriteSql(sent.sql)) await beforeWrite();
      return run();
    },
    batch: async (sent, run) => {
      if (sent.some((statement) => isWriteSql(statement.sql))) await beforeWrite();
      return run();
    },
  });
}

/** A statement as sent: its text and bound values. */
interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * `d1` with its calls going through `around`: each statement's run (`all`, `first`, `run`, `raw`, with the method's
 * name) and each batch, with what they send. `run` makes the call itself.
 */
function intercepted<T extends D1Client>(
  d1: T,
  around: {
    statement: (sent: SentStatement & { method: string }, run: () => Promise<unknown>) => Promise<unknown>;
    batch: (sent: SentStatement[], run: () => Promise<unknown>) => Promise<unknown>;
  },
): T {
  const real = new WeakMap<object, { stmt: D1PreparedStatement } & SentStatement>();
  const wrap = (stmt: D1PreparedStatement, sql: string, params: unknown[] = []): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql, values);
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "all" || key === "first" || key === "run" || key === "raw") {
          return (...args: unknown[]) =>
            around.statement({ sql, params, method: key }, () => value.apply(target, args) as Promise<unknown>);
        }
        return value.bind(target);
      },
    });
    real.set(proxy, { stmt, sql, params });
    return proxy;
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (key === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          const sent = stmts.map((s) => real.get(s) ?? { sql: "?", params: [] });
          return around.batch(sent, () => target.batch(stmts.map((s) => real.get(s)?.stmt ?? s)));
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The request's bookmark: the later (bookmarks sort as text) of the header's and the cookie's valid values. */
export function requestBookmark(request: Request, cookies: Record<string, string>): string | null {
  const fromHeader = validBookmark(request.headers.get(BOOKMARK_HEADER));
  const fromCookie = validBookmark(cookies[BOOKMARK_COOKIE]);
  if (fromHeader && fromCookie && fromCookie > fromHeader) return fromCookie;
  return fromHeader ?? fromCookie;
}

/**
 * What the response carries back, once the handler is done: the session's latest bookmark in `X-D1-Bookmark` (API
 * clients send it back), and for a member or after a mutation also in the cookie (`setCookie`), when it moved past
 * the request's own. A guest's read sets no cookie; a shared render carries neither (it goes into the page cache
 * for every guest).
 */
export function bookmarkForResponse(
  request: Request,
  requestDb: RequestDb | undefined,
): { header: string | null; setCookie: string | null } {
  const latest = validBookmark(requestDb?.bookmark());
  if (!requestDb || !latest || requestDb.input.sharedRender) return { header: null, setCookie: null };
  const moved = !requestDb.incoming || latest > requestDb.incoming;
  const remember = requestDb.input.member || !isRead(requestDb.input.method);
  const setCookie = moved && remember ? bookmarkCookie(request, latest, BOOKMARK_MAX_AGE_SECONDS) : null;
  return { header: latest, setCookie };
}

// ─── opt-in D1 round-trip counter (benchmarks only) ─────────────────────────────────────────────────────
// Off unless the var DEBUG_D1_COUNT is "1" (`npm run bench` sets it with `wrangler dev --var`). Then every
// round trip to D1 made through this Db (a statement's all/first/run/raw, one batch) prints
// `d1_call db=<this Db> n=<its count so far> <method> <sql> ⟦<bound values>⟧`; one Db is made per request.
let dbSeq = 0;

// Read once per isolate: `process` is a getter of the Node compatibility layer, not free on every request.
let counting: boolean | undefined;

function countingD1Calls(): boolean {
  if (counting === undefined) {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
    counting = env?.DEBUG_D1_COUNT === "1";
  }
  return counting;
}

/** `d1` as raw statements use it (workers/core/comments/d1.ts rawBatch): counted like a Db's own calls. */
export function rawD1Client<T extends D1Client>(d1: T): T {
  return countingD1Calls() ? countD1Calls(d1) : d1;
}

function countD1Calls<T extends D1Client>(d1: T): T {
  const db = ++dbSeq;
  let n = 0;
  const log = (method: string, sql: string) =>
    console.log(`d1_call db=${db} n=${++n} ${method} ${sql.replace(/\s+/g, " ")}`);
  // The bound values follow the statement as ⟦JSON⟧, so a statement can be replayed (EXPLAIN, timing).
  const shown = (sent: SentStatement) => `${sent.sql} ⟦${JSON.stringify(sent.params)}⟧`;
  return intercepted(d1, {
    statement: (sent, run) => {
      log(sent.method, shown(sent));
      return run();
    },
    batch: (sent, run) => {
      log(`batch(${sent.length})`, sent.map(shown).join(" | "));
      return run();
    },
  });
}

// ─── coalesced reads: one D1 round trip per turn of the event loop ─────────────────────────────────────

type BatchArg = Parameters<Db["batch"]>[0];
type BatchGroup = { queries: BatchArg; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void };
/** A group whose reads are made when its batch goes (`later`). */
type LateGroup = Omit<BatchGroup, "queries"> & { queries: BatchArg | (() => BatchArg) };

/**
 * A coalescing reader (`ctx.read`): `db.batch` for reads, and `later`, whose reads are built only when the batch goes
 * (so whatever the turn gathered meanwhile goes with them).
 */
export type Reader = Db["batch"] & { later: (build: () => BatchArg) => Promise<unknown[]> };

/**
 * Reads waiting to go with the next batch a coalescing reader sends, without starting one of their own (see `ride`).
 */
export type Riders = BatchGroup[];

/**
 * A `db.batch` for READS that waits until the current turn of the event loop is over and sends every read
 * batch asked for meanwhile to D1 as one batch. A page's loaders run side by side (the root loader's site
 * config and unread count, the route's own queries), so together they cost one round trip instead of one
 * each. Only for reads: a failing merged batch is retried group by group, so one caller's error stays its own.
 * `riders` go first in the next batch sent.
 */
export function coalescingReader(db: Db, riders: Riders = []): Reader {
  let pending: LateGroup[] = [];

  /** The groups' reads, each late group's built now (one that fails to build fails alone). */
  function built(late: LateGroup[]): BatchGroup[] {
    return late.flatMap((group) => {
      if (typeof group.queries !== "function") return [group as BatchGroup];
      try {
        return [{ ...group, queries: group.queries() }];
      } catch (error) {
        group.reject(error);
        return [];
      }
    });
  }

  async function flush(): Promise<void> {
    const groups = [...riders.splice(0), ...built(pending)];
    pending = [];
    if (groups.length === 0) return;
    if (groups.length === 1) {
      const [only] = groups;
      await db.batch(only.queries).then(only.resolve as (rows: unknown) => void, only.reject);
      return;
    }
    try {
      const all = (await db.batch(
        groups.flatMap((g) => [...g.queries]) as unknown as BatchArg,
      )) as unknown as unknown[];
      let at = 0;
      for (const group of groups) {
        group.resolve(all.slice(at, at + group.queries.length));
        at += group.queries.length;
      }
    } catch {
      await Promise.all(groups.map((g) => db.batch(g.queries).then(g.resolve as (rows: unknown) => void, g.reject)));
    }
  }

  const enqueue = (queries: LateGroup["queries"]) =>
    new Promise<unknown[]>((resolve, reject) => {
      pending.push({ queries, resolve, reject });
      if (pending.length === 1) setTimeout(() => void flush(), 0);
    });
  return Object.assign(enqueue as unknown as Db["batch"], { later: (build: () => BatchArg) => enqueue(build) });
}

/**
 * A read that goes with the next batch of the coalescing reader given `riders` (its first statement), or on its own
 * when `send` is called before any batch took it. Its rows as the query's own.
 */
export function ride<R>(db: Db, riders: Riders, query: BatchArg[number]): { rows: Promise<R>; send: () => void } {
  let group: BatchGroup | undefined;
  const rows = new Promise<unknown[]>((resolve, reject) => {
    group = { queries: [query] as unknown as BatchArg, resolve, reject };
  }).then((results) => results[0] as R);
  // Whoever sends it awaits it; a failure no one asked about is not an unhandled rejection.
  rows.catch(() => {});
  const waiting = group as BatchGroup;
  riders.push(waiting);
  const send = () => {
    const at = riders.indexOf(waiting);
    if (at === -1) return;
    riders.splice(at, 1);
    db.batch(waiting.queries).then(waiting.resolve as (rows: unknown) => void, waiting.reject);
  };
  return { rows, send };
}

/**
 * A query to embed in several statements of one read, serialized once: Drizzle builds an embedded query's SQL again
 * for every statement that holds it (every column through a chain of entity checks), and a list query with its
 * twenty card columns was built five times per read. The same SQL text and parameters, in parentheses as Drizzle
 * embeds a query; a text holding a literal `?` (never one of ours) is embedded the usual way.
 */
export function embeddedOnce(query: SQLWrapper): SQL {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return embeddedText(text, params) ?? sql`${query}`;
}

/** A statement's text and its values as a query to embed, in parentheses; null when the text has a literal `?`. */
export function embeddedText(text: string, params: readonly unknown[]): SQL | null {
  const pieces = text.split("?");
  if (pieces.length !== params.length + 1) return null;
  const chunks = pieces.flatMap((piece, i) =>
    i < params.length ? [sql.raw(piece), sql`${params[i]}`] : [sql.raw(piece)],
  );
  return sql.join([sql.raw("("), ...chunks, sql.raw(")")]);
}

/**
 * A column under another name, decoded as the column is. A batch returns rows as objects keyed by column name, so a
 * join read through `ctx.read` renames the columns its tables share (`id`, `created_at`) with this.
 */
export function renamed<C extends AnySQLiteColumn>(column: C, name: string): SQL.Aliased<C["_"]["data"]> {
  return sql<C["_"]["data"]>`${column}`.mapWith(column).as(name);
}
