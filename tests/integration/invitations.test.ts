import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { scalar } from "#tests/factories/db";
import { INVITATION_QUOTA } from "#workers/core/accounts/accounts.schemas";

type Invitation = {
  code: string;
  url: string;
  datetime_created: string;
  datetime_expires: string;
  is_used: boolean;
  is_expired: boolean;
};

describe("POST /v1/user/invitations/", () => {
  it("creates a single-use code with the chosen expiry", async () => {
    const { client, user } = await memberClient();
    for (const days of [1, 7, 30]) {
      const res = await client.post("/user/invitations/", { days });
      expect(res.status).toBe(201);
      const inv = await json<Invitation>(res);
      expect(inv.code).toMatch(/^[A-Za-z0-9_-]{12,}$/);
      expect(inv.url).toBe(`http://localhost/auth/sign-up/${inv.code}`);
      expect(inv.is_used).toBe(false);
      expect(inv.is_expired).toBe(false);
      const span = Date.parse(inv.datetime_expires) - Date.parse(inv.datetime_created);
      expect(span).toBe(days * 86_400_000);
      expect(await scalar("SELECT user_id FROM invitations WHERE code = ?", inv.code)).toBe(user.id);
    }
  });

  it(`holds a member to ${INVITATION_QUOTA} active codes (409); used and expired ones do not count`, async () => {
    const { client, user } = await memberClient();
    const codes: string[] = [];
    for (let i = 0; i < INVITATION_QUOTA; i++)
      codes.push((await json<Invitation>(await client.post("/user/invitations/", { days: 7 }))).code);
    const over = await client.post("/user/invitations/", { days: 7 });
    expect(over.status).toBe(409);
    expect((await json<ErrorBody>(over)).detail).toMatch(RUSSIAN);
    expect(await scalar("SELECT count(*) FROM invitations WHERE user_id = ?", user.id)).toBe(INVITATION_QUOTA);

    await env.DB.prepare("UPDATE invitations SET expires_at = ? WHERE code = ?")
      .bind(Date.now() - 1000, codes[0])
      .run();
    expect((await client.post("/user/invitations/", { days: 1 })).status).toBe(201);
    expect((await client.post("/user/invitations/", { days: 1 })).status).toBe(409);
    await env.DB.prepare("UPDATE invitations SET used_at = ? WHERE code = ?").bind(Date.now(), codes[1]).run();
    expect((await client.post("/user/invitations/", { days: 1 })).status).toBe(201);
  });

  it("refuses other expiries and wrong types with a Russian field error", async () => {
    const { client, user } = await memberClient();
    for (const body of [
      {},
      { days: 2 },
      { days: -1 },
      { days: "много" },
      { days: null },
      { days: 1e308 },
      { days: [7] },
      { days: true },
      { days: "" },
    ]) {
      const res = await client.post("/user/invitations/", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.days?.[0]).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM invitations WHERE user_id = ?", user.id)).toBe(0);
  });

  it("a guest gets 401, a banned member 403 (decision 0024)", async () => {
    expect((await (await guestClient()).post("/user/invitations/", { days: 7 })).status).toBe(401);
    const { client, user } = await memberClient({ isBanned: true });
    expect((await client.post("/user/invitations/", { days: 7 })).status).toBe(403);
    expect(await scalar("SELECT count(*) FROM invitations WHERE user_id = ?", user.id)).toBe(0);
  });
});

describe("GET /v1/user/invitations/", () => {
  it("lists only the member's own codes, newest first, with used/expired state", async () => {
    const { client, user } = await memberClient();
    const { client: other } = await memberClient();
    await other.post("/user/invitations/", { days: 7 });
    const a = await json<Invitation>(await client.post("/user/invitations/", { days: 1 }));
    const b = await json<Invitation>(await client.post("/user/invitations/", { days: 30 }));
    await env.DB.prepare("UPDATE invitations SET created_at = created_at - 1000 WHERE code = ?").bind(a.code).run();
    await env.DB.prepare("UPDATE invitations SET expires_at = ? WHERE code = ?")
      .bind(Date.now() - 1, a.code)
      .run();
    await env.DB.prepare("UPDATE invitations SET used_at = ?, used_by = ? WHERE code = ?")
      .bind(Date.now(), user.id, b.code)
      .run();

    const res = await client.get("/user/invitations/");
    expect(res.status).toBe(200);
    const { results } = await json<{ results: Invitation[] }>(res);
    expect(results.map((r) => r.code)).toEqual([b.code, a.code]);
    expect(results[0]).toMatchObject({ is_used: true, is_expired: false });
    expect(results[1]).toMatchObject({ is_used: false, is_expired: true });
  });

  it("a guest gets 401", async () => {
    expect((await (await guestClient()).get("/user/invitations/")).status).toBe(401);
  });
});

describe("invitation expiry from a form", () => {
  it("accepts the number of days as digits", async () => {
    const { client } = await memberClient();
    expect((await client.post("/user/invitations/", { days: "7" })).status).toBe(201);
  });
});
