import { describe, expect, it } from "vitest";
import { guestClient, json } from "#tests/factories/client";
import { createUser, uniqueName } from "#tests/factories/users";

type Found = { id: number; username: string }[];

describe("GET /v1/search", () => {
  it("finds members by any part of the name, in any case and with ё as е", async () => {
    const suffix = uniqueName("x").slice(-8);
    const owl = await createUser({ username: `Сёмга_${suffix}` });
    const other = await createUser({ username: `Щука_${suffix}` });
    const guest = await guestClient();

    for (const q of [`сем`, `СЁМГА_${suffix}`, `га_${suffix}`]) {
      const res = await guest.get(`/search?type=user&q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const found = await json<Found>(res);
      expect(found.map((u) => u.id)).toContain(owl.id);
      expect(found.map((u) => u.id)).not.toContain(other.id);
    }
  });

  it("puts the exact name first and hides banned members", async () => {
    const suffix = uniqueName("y").slice(-8);
    const exact = await createUser({ username: `Лис${suffix}` });
    const longer = await createUser({ username: `Лис${suffix}ица` });
    const banned = await createUser({ username: `Лис${suffix}_бан`, isBanned: true });
    const guest = await guestClient();
    const found = await json<Found>(await guest.get(`/search?type=user&q=${encodeURIComponent(`лис${suffix}`)}`));
    expect(found[0].id).toBe(exact.id);
    expect(found.map((u) => u.id)).toContain(longer.id);
    expect(found.map((u) => u.id)).not.toContain(banned.id);
  });

  it("treats LIKE wildcards in the query as plain characters", async () => {
    await createUser({ username: uniqueName("z") });
    const guest = await guestClient();
    const found = await json<Found>(await guest.get("/search?type=user&q=%25"));
    expect(found).toEqual([]);
  });

  it("checks the minimum length per type and the type itself, in Russian", async () => {
    const guest = await guestClient();
    const short = await guest.get(`/search?type=post&q=${encodeURIComponent("а")}`);
    expect(short.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(short)).errors.q[0]).toBe("Введите хотя бы 2 символа.");
    const badType = await guest.get("/search?type=planet&q=abc");
    expect(badType.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(badType)).errors.type[0]).toBe("Выберите, что искать.");
    const empty = await guest.get("/search?type=user&q=");
    expect(await json(empty)).toEqual([]);
  });
});
