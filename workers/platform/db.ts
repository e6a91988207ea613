import { drizzle } from "drizzle-orm/d1";
import * as schema from "#drizzle/schema";

function makeDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof makeDb>;

// Making a Drizzle instance builds its relational config from the whole schema (milliseconds per request on
// the bench profile), and an instance holds no request state: one per D1 binding per isolate is enough.
const instances = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  if (countingD1Calls()) return makeDb(countD1Calls(d1));
  let db = instances.get(d1);
  if (!db) {
    db = makeDb(d1);
    instances.set(d1, db);
  }
  return db;
}

// ─── opt-in D1 round-trip counter (benchmarks only) ─────────────────────────────────────────────────────
// Off unless the var DEBUG_D1_COUNT is "1" (`npm run bench` sets it with `wrangler dev --var`). Then every
// round trip to D1 made through this Db (a statement's all/first/run/raw, one batch, one exec) prints
// `d1_call db=<this Db> n=<its count so far> <method> <sql>`; one Db is made per request.
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

function countD1Calls(d1: D1Database): D1Database {
  const db = ++dbSeq;
  let n = 0;
  const log = (method: string, sql: string) =>
    console.log(`d1_call db=${db} n=${++n} ${method} ${sql.replace(/\s+/g, " ")}`);
  const real = new WeakMap<object, { stmt: D1PreparedStatement; sql: string }>();
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "all" || key === "first" || key === "run" || key === "raw") {
          return (...args: unknown[]) => {
            log(key, sql);
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    real.set(proxy, { stmt, sql });
    return proxy;
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (key === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          log(`batch(${stmts.length})`, stmts.map((s) => real.get(s)?.sql ?? "?").join(" | "));
          return target.batch(stmts.map((s) => real.get(s)?.stmt ?? s));
        };
      }
      if (key === "exec") {
        return (sql: string) => {
          log("exec", sql);
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// ─── coalesced reads: one D1 round trip per turn of the event loop ─────────────────────────────────────

type BatchArg = Parameters<Db["batch"]>[0];

/**
 * A `db.batch` for READS that waits until the current turn of the event loop is over and sends every read
 * batch asked for meanwhile to D1 as one batch. A page's loaders run side by side (the root loader's site
 * config and unread count, the route's own queries), so together they cost one round trip instead of one
 * each. Only for reads: a failing merged batch is retried group by group, so one caller's error stays its own.
 */
export function coalescingReader(db: Db): Db["batch"] {
  let pending: { queries: BatchArg; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void }[] = [];

  async function flush(): Promise<void> {
    const groups = pending;
    pending = [];
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

  return ((queries: BatchArg) =>
    new Promise((resolve, reject) => {
      pending.push({ queries, resolve: resolve as (rows: unknown[]) => void, reject });
      if (pending.length === 1) setTimeout(() => void flush(), 0);
    })) as Db["batch"];
}
