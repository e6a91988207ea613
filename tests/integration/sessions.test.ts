import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { clientFor, guestClient, json } from "#tests/factories/client";
import { createUser } from "#tests/factories/users";

async function sessionCount(userId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("sessions of the current member", () => {
  it("lists the member's sessions and marks the current one", async () => {
    const user = await createUser();
    const laptop = await clientFor(user);
    await clientFor(user);
    const res = await laptop.get("/user/sessions/");
    expect(res.status).toBe(200);
    const page = await json<{ results: { is_current: boolean; id: string }[]; next: null; previous: null }>(res);
    expect(page).toMatchObject({ next: null, previous: null });
    const { results } = page;
    expect(results).toHaveLength(2);
    expect(results.filter((s) => s.is_current)).toHaveLength(1);
    expect(results.every((s) => s.id.length === 8)).toBe(true);
  });

  it("ends every other session and keeps this one", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const here = await clientFor(user);
    const phone = await clientFor(user);
    await clientFor(stranger);
    expect(await sessionCount(user.id)).toBe(2);

    const res = await here.post("/user/sessions/revoke-others/");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ revoked: 1 });
    expect(await sessionCount(user.id)).toBe(1);
    expect(await sessionCount(stranger.id)).toBe(1);
    expect((await here.get("/user/me/")).status).toBe(200);
    expect((await phone.get("/user/me/")).status).toBe(403);
  });

  it("refuses a guest (401) and a request without the CSRF token (403)", async () => {
    const guest = await guestClient();
    expect((await guest.get("/user/sessions/")).status).toBe(401);
    expect((await guest.post("/user/sessions/revoke-others/")).status).toBe(401);
    const user = await createUser();
    const member = await clientFor(user);
    await clientFor(user);
    const res = await member.post("/user/sessions/revoke-others/", undefined, { csrf: false });
    expect(res.status).toBe(403);
    expect(await sessionCount(user.id)).toBe(2);
  });
});
