import * as drizzle from "drizzle-orm";
import { and, Column, desc, eq, gt, inArray, is, SQL, sql, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, siteSettings, users } from "#drizzle/schema";
import { countingD1 } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { coalescingReader, createDb, embeddedOnce } from "#workers/platform/db";

describe("coalesced reads", () => {
  it("reads asked for in the same turn go to D1 as one batch, each caller gets its own rows", async () => {
    const a = await createUser();
    const b = await createUser();
    const { d1, trips: batches } = countingD1();
    const db = createDb(d1);
    const read = coalescingReader(db);
    const [[first], [[second], settings]] = await Promise.all([
      read([db.select().from(users).where(eq(users.id, a.id))]),
      read([db.select().from(users).where(eq(users.id, b.id)), db.select().from(siteSettings)]),
    ]);
    expect(batches).toEqual([3]);
    expect(first[0]?.username).toBe(a.username);
    expect(second?.username).toBe(b.username);
    expect(Array.isArray(settings)).toBe(true);
  });

  it("reads of later turns are separate round trips", async () => {
    const { d1, trips: batches } = countingD1();
    const db = createDb(d1);
    const read = coalescingReader(db);
    await read([db.select().from(siteSettings)]);
    await read([db.select().from(siteSettings)]);
    expect(batches).toEqual([1, 1]);
  });

  it("one caller's failing read does not fail the others", async () => {
    const user = await createUser();
    const { d1 } = countingD1();
    const db = createDb(d1);
    const read = coalescingReader(db);
    const broken = db.select().from(users).where(eq(users.id, user.id));
    // A statement D1 rejects: a table that does not exist.
    const bad = read([db.run("SELECT * FROM no_such_table") as never]);
    const good = read([broken]);
    await expect(bad).rejects.toThrow();
    const [[row]] = await good;
    expect(row?.id).toBe(user.id);
  });

  it("`later` builds its reads when the batch goes: what the turn gathered meanwhile goes with them", async () => {
    const a = await createUser();
    const b = await createUser();
    const { d1, trips: batches } = countingD1();
    const db = createDb(d1);
    const read = coalescingReader(db);
    const wanted: number[] = [a.id];
    const late = read.later(() => [
      db
        .select()
        .from(users)
        .where(inArray(users.id, [...wanted])),
    ]);
    const early = read([db.select().from(siteSettings)]);
    wanted.push(b.id);
    const [rows] = (await late) as [{ id: number }[]];
    await early;
    expect(batches).toEqual([2]);
    expect(rows.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());

    // A build that throws fails its own caller only.
    const failing = read.later(() => {
      throw new Error("no reads");
    });
    const fine = read([db.select().from(siteSettings)]);
    await expect(failing).rejects.toThrow("no reads");
    expect(Array.isArray((await fine)[0])).toBe(true);
  });

  it("a query embedded once is the same SQL, parameters and rows as Drizzle's own embedding", async () => {
    const made = [await createUser(), await createUser(), await createUser()];
    const db = createDb(countingD1().d1);
    const list = db
      .select()
      .from(users)
      .where(and(gt(users.id, made[0].id - 1), eq(users.isBanned, false)))
      .orderBy(desc(users.id))
      .limit(2);
    const around = (inner: unknown) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, sql`(select ${sql.identifier("id")} from ${inner})`));
    const drizzles = around(list).toSQL();
    const ours = around(embeddedOnce(list)).toSQL();
    expect(ours).toEqual(drizzles);
    expect(drizzles.params.length).toBeGreaterThan(1);
    const rows = await around(embeddedOnce(list));
    expect(rows.map((r) => r.id).sort()).toEqual([made[1].id, made[2].id].sort());
    // Without parameters too.
    const plain = db.select({ id: users.id }).from(users).limit(1);
    expect(around(embeddedOnce(plain)).toSQL()).toEqual(around(plain).toSQL());
  });

  it("Drizzle's entity check is the patched one (vite/drizzle-entity-check.ts) and answers as before", () => {
    expect(String(is)).toContain("notKinds");
    for (let round = 0; round < 2; round++) {
      // The second round answers from what the first remembered.
      expect(is(users.id, SQL)).toBe(false);
      expect(is(users.id, Table)).toBe(false);
      expect(is(users.id, Column)).toBe(true);
      expect(is(users, Table)).toBe(true);
      expect(is(sql`1`, SQL)).toBe(true);
      expect(is(sql`1`, Column)).toBe(false);
      expect(is({}, Column)).toBe(false);
      expect(is(null, Column)).toBe(false);
    }
  });

  it("Drizzle's row mapping is the patched one (vite/drizzle-row-mapper.ts) and builds the same results", async () => {
    // Exported by Drizzle's index, not by its types.
    const { mapResultRow } = drizzle as unknown as { mapResultRow: () => unknown };
    expect(String(mapResultRow)).toContain("rowPlan");
    const blockedUntil = new Date("2026-12-31T21:00:00.000Z");
    const writer = await createUser({ isMod: true });
    const reader = await createUser();
    const post = await createPost(writer);
    const db = createDb(countingD1().d1);
    await db.update(users).set({ blockedUntil }).where(eq(users.id, writer.id));
    // Nested objects, decoded columns (boolean, timestamp), an SQL field with its own decoder, and a left join that
    // finds nothing for the reader (its object becomes null). No two columns share a name: a batch's rows come as
    // objects keyed by column name, and Drizzle's own mapping loses such columns there (patched or not).
    const query = () =>
      db
        .select({
          id: users.id,
          user: { name: users.username, isMod: users.isMod, blockedUntil: users.blockedUntil },
          post: { slug: posts.slug, title: posts.title },
          two: sql<number>`'2'`.mapWith(Number),
        })
        .from(users)
        .leftJoin(posts, eq(posts.userId, users.id))
        .where(inArray(users.id, [writer.id, reader.id]))
        .orderBy(users.id);
    const expected = [
      {
        id: writer.id,
        user: { name: writer.username, isMod: true, blockedUntil },
        post: { slug: post.slug, title: post.title },
        two: 2,
      },
      { id: reader.id, user: { name: reader.username, isMod: false, blockedUntil: null }, post: null, two: 2 },
    ];
    // Each way Drizzle maps rows: a statement's own rows, a batch's (object rows turned back into arrays), one row.
    expect(await query()).toEqual(expected);
    const [batched] = await db.batch([query()]);
    expect(batched).toEqual(expected);
    expect(await query().get()).toEqual(expected[0]);
  });
});
