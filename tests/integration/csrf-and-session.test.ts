import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiClient, clientFor, type ErrorBody, guestClient, json, memberClient } from "#tests/factories/client";
import { scalar } from "#tests/factories/db";
import { createUser, PASSWORD } from "#tests/factories/users";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "#workers/platform/session";

describe("GET /v1/user/csrf/", () => {
  it("sets a readable csrftoken cookie and returns the token", async () => {
    const client = new ApiClient();
    const res = await client.get("/user/csrf/");
    expect(res.status).toBe(200);
    const body = await json<{ csrftoken: string }>(res);
    expect(body.csrftoken).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    const cookie = client.lastSetCookies.find((c) => c.startsWith("csrftoken="));
    expect(cookie).toBeDefined();
    expect(cookie).toContain(`csrftoken=${body.csrftoken}`);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\//);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keeps an existing token instead of rotating it", async () => {
    const client = await guestClient();
    const token = client.csrfToken;
    const res = await client.get("/user/csrf/");
    expect((await json<{ csrftoken: string }>(res)).csrftoken).toBe(token);
    expect(client.lastSetCookies).toHaveLength(0);
  });

  it("marks the cookie Secure outside localhost", async () => {
    const client = new ApiClient({ origin: "https://kostyor.example" });
    await client.get("/user/csrf/");
    expect(client.lastSetCookies[0]).toMatch(/Secure/);
  });
});

describe("CSRF on unsafe methods", () => {
  const unsafe: [string, string, unknown][] = [
    ["POST", "/auth/sign-in/", { username: "кто-то", password: "x" }],
    ["POST", "/auth/sign-up/", { username: "кто-то", email: "a@b.ru", password: "x" }],
    ["POST", "/auth/sign-out/", undefined],
    ["POST", "/auth/reset/", { email: "a@b.ru" }],
    ["POST", "/auth/set/1/token/", { password: "x" }],
    ["PATCH", "/user/me/", { theme: "winter" }],
    ["PATCH", "/user/rename/", { username: "новоеимя" }],
    ["POST", "/user/invitations/", { days: 7 }],
    ["POST", "/user/me/avatar/", undefined],
    ["DELETE", "/user/me/avatar/", undefined],
    ["POST", "/user/me/background/", undefined],
    ["DELETE", "/user/me/background/", undefined],
    ["PATCH", "/config/", { site_name: "Взлом" }],
    ["PUT", "/config/menu/", { menu_items: [] }],
  ];

  for (const [method, path, body] of unsafe) {
    it(`${method} ${path}: 403 without the header, with a wrong one, and without the cookie`, async () => {
      const { client, user } = await memberClient({ isAdmin: true });
      const missing = await client.request(method, path, { json: body, csrf: false });
      expect(missing.status).toBe(403);
      const err = await json<ErrorBody>(missing);
      expect(err.detail).toMatch(/CSRF/);

      const wrong = await client.request(method, path, { json: body, csrf: "not-the-cookie-value" });
      expect(wrong.status).toBe(403);

      const noCookie = new ApiClient();
      noCookie.cookies.set("sessionid", client.cookies.get("sessionid")!);
      const headerOnly = await noCookie.request(method, path, { json: body, csrf: "some-token" });
      expect(headerOnly.status).toBe(403);

      // Nothing changed for the member.
      const row = await env.DB.prepare("SELECT username, theme, avatar_key FROM users WHERE id = ?")
        .bind(user.id)
        .first();
      expect(row).toEqual({ username: user.username, theme: "darkorange", avatar_key: null });
      expect(await scalar("SELECT count(*) FROM site_settings")).toBe(0);
      expect(await scalar("SELECT count(*) FROM invitations WHERE user_id = ?", user.id)).toBe(0);
      expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(1);
    });
  }

  it("safe methods need no token", async () => {
    const res = await new ApiClient().get("/config/");
    expect(res.status).toBe(200);
  });
});

describe("sessions", () => {
  it("a session cookie is HttpOnly, SameSite=Lax, Secure outside localhost, and lives in D1", async () => {
    const user = await createUser();
    const local = await guestClient();
    const res = await local.signIn(user.username, PASSWORD);
    expect(res.status).toBe(200);
    const cookie = local.lastSetCookies.find((c) => c.startsWith("sessionid="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(cookie).toMatch(/Max-Age=\d+/);
    const row = await env.DB.prepare(
      "SELECT user_id, ip, user_agent, expires_at, created_at FROM sessions WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ user_id: number; ip: string; expires_at: number; created_at: number }>();
    expect(row?.ip).toBe(local.ip);
    expect(row!.expires_at - row!.created_at).toBe(SESSION_ABSOLUTE_MS);
    // The cookie holds a token; the row id is its hash, never the token itself.
    expect(await scalar("SELECT count(*) FROM sessions WHERE id = ?", local.cookies.get("sessionid"))).toBe(0);

    const remote = await guestClient({ origin: "https://kostyor.example" });
    await remote.signIn(user.username, PASSWORD);
    expect(remote.lastSetCookies.find((c) => c.startsWith("__Host-sessionid="))).toMatch(/Secure/);
  });

  it("a revoked session (row deleted) is a guest", async () => {
    const { client, user } = await memberClient();
    expect((await client.get("/user/me/")).status).toBe(200);
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(user.id).run();
    expect((await client.get("/user/me/")).status).toBe(403);
    expect((await client.patch("/user/me/", { theme: "winter" })).status).toBe(401);
  });

  it("an idle session expires and its row is removed", async () => {
    const { client, user } = await memberClient();
    const past = Date.now() - SESSION_IDLE_MS - 60_000;
    await env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE user_id = ?").bind(past, user.id).run();
    expect((await client.get("/user/me/")).status).toBe(403);
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(0);
  });

  it("a session used within the idle window is touched and stays", async () => {
    const { client, user } = await memberClient();
    const past = Date.now() - 2 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE user_id = ?").bind(past, user.id).run();
    expect((await client.get("/user/me/")).status).toBe(200);
    const lastUsed = await scalar<number>("SELECT last_used_at FROM sessions WHERE user_id = ?", user.id);
    expect(lastUsed).toBeGreaterThan(past);
  });

  it("a session past its absolute expiry is over even if recently used", async () => {
    const { client, user } = await memberClient();
    await env.DB.prepare("UPDATE sessions SET expires_at = ?, last_used_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, Date.now(), user.id)
      .run();
    expect((await client.get("/user/me/")).status).toBe(403);
  });

  it("a garbage or oversized session cookie is a guest, not an error", async () => {
    const client = await guestClient();
    client.cookies.set("sessionid", "x".repeat(5000));
    expect((await client.get("/user/me/")).status).toBe(403);
    client.cookies.set("sessionid", "%%%");
    expect((await client.get("/user/me/")).status).toBe(403);
  });

  it("a banned member keeps the session: reads, keeps their theme, cannot write (decision 0024)", async () => {
    const { client, user } = await memberClient();
    await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE id = ?").bind(user.id).run();
    const me = await client.get("/user/me/");
    expect(me.status).toBe(200);
    expect((await json<{ is_banned: boolean }>(me)).is_banned).toBe(true);
    expect((await client.patch("/user/me/", { theme: "winter" })).status).toBe(200);
    expect((await client.post("/user/invitations/", { days: 7 })).status).toBe(403);
  });

  it("clientFor shares nothing between clients", async () => {
    const a = await createUser();
    const b = await createUser();
    const ca = await clientFor(a);
    const cb = await clientFor(b);
    expect((await json(await ca.get("/user/me/"))).id).toBe(a.id);
    expect((await json(await cb.get("/user/me/"))).id).toBe(b.id);
  });
});
