import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { likes, sessions, users } from "#drizzle/schema";
import { countingD1 } from "#tests/factories/db";
import { createUser } from "#tests/factories/users";
import { coalescingReader, createDb } from "#workers/platform/db";
import { inJson, preparedRead } from "#workers/platform/prepared";

describe("prepared reads (workers/platform/prepared.ts)", () => {
  it("builds the statement once, and each call runs it with its own values", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const db = createDb(countingD1().d1);
    let builds = 0;
    const byId = preparedRead(["id"], (d, p) => {
      builds++;
      return d.select().from(users).where(eq(users.id, p.id));
    });
    const [first] = await byId(db, { id: a.id });
    const [second] = await byId(db, { id: b.id });
    expect(builds).toBe(1);
    expect(first?.username).toBe(a.username);
    expect(second?.username).toBe(b.username);
    // Decoded as Drizzle's own select decodes them: dates, booleans.
    const [own] = await db.select().from(users).where(eq(users.id, b.id));
    expect(second).toEqual(own);
    expect(second?.createdAt).toBeInstanceOf(Date);
  });

  it("runs in a coalesced batch beside Drizzle's own queries, with a left join's nulls and an encoded date", async () => {
    const member = await createUser();
    const { d1, trips } = countingD1();
    const db = createDb(d1);
    const read = coalescingReader(db);
    const withPaws = preparedRead(["id", "after"], (d, p) =>
      d
        .select({ id: users.id, paw: likes })
        .from(users)
        .leftJoin(likes, and(eq(likes.userId, users.id), eq(likes.itemType, "post")))
        .where(and(eq(users.id, p.id), gt(users.createdAt, sql.param(p.after, users.createdAt)))),
    );
    const before = new Date(member.createdAt.getTime() - 60_000);
    const after = new Date(member.createdAt.getTime() + 60_000);
    const [[found], [missed], [plain]] = await Promise.all([
      read([withPaws(db, { id: member.id, after: before })]),
      read([withPaws(db, { id: member.id, after })]),
      read([db.select({ id: users.id }).from(users).where(eq(users.id, member.id))]),
    ]);
    expect(trips).toEqual([3]);
    expect(found).toEqual([{ id: member.id, paw: null }]);
    expect(missed).toEqual([]);
    expect(plain).toEqual([{ id: member.id }]);
  });

  it("a list as one JSON value finds what `inArray` finds, with one statement text for any length", async () => {
    const made = [await createUser(), await createUser(), await createUser()];
    const db = createDb(countingD1().d1);
    const named = preparedRead(["ids"], (d, p) =>
      d.select({ id: users.id, username: users.username }).from(users).where(inJson(users.id, p.ids)),
    );
    for (const ids of [[], [made[0].id], made.map((u) => u.id), [made[2].id, 999_999_999]]) {
      const rows = await named(db, { ids: JSON.stringify(ids) });
      const expected = ids.length
        ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))
        : [];
      expect(rows.sort((x, y) => x.id - y.id)).toEqual(expected.sort((x, y) => x.id - y.id));
    }
  });

  it("a missing value is an error, not a query with a hole", async () => {
    const db = createDb(countingD1().d1);
    const bySession = preparedRead(["id", "now"], (d, p) =>
      d.select().from(sessions).where(and(eq(sessions.id, p.id), gt(sessions.expiresAt, p.now))),
    );
    await expect(Promise.resolve().then(() => bySession(db, { id: "x" } as never))).rejects.toThrow(/now/);
  });
});
