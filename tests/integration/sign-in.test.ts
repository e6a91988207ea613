import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { freshWindow, scalar } from "#tests/factories/db";
import { createUser, PASSWORD, uniqueName } from "#tests/factories/users";

const BAD = "Неверное имя пользователя или пароль.";

describe("POST /v1/auth/sign-in/", () => {
  it("signs in by username, in any case, and returns the current user", async () => {
    const user = await createUser({ username: uniqueName("Тестер") });
    const client = await guestClient();
    const res = await client.signIn(user.username.toLocaleUpperCase("ru"), PASSWORD);
    expect(res.status).toBe(200);
    const me = await json(res);
    expect(me).toMatchObject({ id: user.id, username: user.username, isAuthenticated: true });
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(1);
    expect(await scalar("SELECT last_seen_at FROM users WHERE id = ?", user.id)).toBeGreaterThan(0);
    expect((await client.get("/user/me/")).status).toBe(200);
  });

  it("signs in by e-mail, and by ё/е-insensitive username", async () => {
    const user = await createUser({ username: uniqueName("Ёжик") });
    const byEmail = await (await guestClient()).signIn(user.email.toUpperCase(), PASSWORD);
    expect(byEmail.status).toBe(200);
    const byE = await (await guestClient()).signIn(user.username.replace("Ё", "Е"), PASSWORD);
    expect(byE.status).toBe(200);
  });

  it("replaces the session it is called with (no session fixation)", async () => {
    const user = await createUser();
    const { client, user: other } = await memberClient();
    const oldToken = client.cookies.get("sessionid");
    const res = await client.signIn(user.username, PASSWORD);
    expect(res.status).toBe(200);
    expect(client.cookies.get("sessionid")).not.toBe(oldToken);
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", other.id)).toBe(0);
  });

  it("a wrong password or unknown name gets one Russian message and no session", async () => {
    const user = await createUser();
    for (const [username, password] of [
      [user.username, "неверный-пароль"],
      ["нет_такого_человека", PASSWORD],
    ]) {
      const client = await guestClient();
      const res = await client.signIn(username, password);
      expect(res.status).toBe(400);
      expect(await json<ErrorBody>(res)).toEqual({ detail: BAD, errors: { non_field_errors: [BAD] } });
      expect(client.cookies.has("sessionid")).toBe(false);
    }
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(0);
  });

  it("a banned member signs in (to read; writes are refused, decision 0024)", async () => {
    const user = await createUser({ isBanned: true });
    const res = await (await guestClient()).signIn(user.username, PASSWORD);
    expect(res.status).toBe(200);
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(1);
  });

  it("validates input: missing fields, wrong types, huge values", async () => {
    const bodies: unknown[] = [
      {},
      { username: "кто-то" },
      { username: 1, password: 2 },
      { username: "x".repeat(10_000), password: PASSWORD },
      { username: "кто-то", password: "x".repeat(10_000) },
      null,
    ];
    for (const body of bodies) {
      const res = await (await guestClient()).post("/auth/sign-in/", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
  });

  it("rate-limits 6 attempts a minute per IP (429, Russian message, Retry-After)", { timeout: 30_000 }, async () => {
    await freshWindow(60, 5);
    const client = await guestClient();
    for (let i = 0; i < 6; i++) {
      const res = await client.signIn(`nobody${i}`, "whatever-password");
      expect(res.status).toBe(400);
    }
    const user = await createUser();
    const res = await client.signIn(user.username, PASSWORD);
    expect(res.status).toBe(429);
    const err = await json<ErrorBody>(res);
    expect(err.detail).toMatch(RUSSIAN);
    const retry = Number(res.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(client.cookies.has("sessionid")).toBe(false);
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(0);
    // The same account from another address is fine.
    expect((await (await guestClient()).signIn(user.username, PASSWORD)).status).toBe(200);
  });

  it("rate-limits 30 attempts an hour per IP", async () => {
    const ip = "10.251.0.1";
    const nowSec = Math.floor(Date.now() / 1000);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 30)")
      .bind(`sign-in:ip:${ip}:3600`, nowSec - (nowSec % 3600))
      .run();
    const user = await createUser();
    const res = await (await guestClient({ ip })).signIn(user.username, PASSWORD);
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
  });

  it("rate-limits attempts per account across addresses", { timeout: 30_000 }, async () => {
    await freshWindow(15 * 60, 10);
    const user = await createUser();
    for (let i = 0; i < 10; i++) {
      const res = await (await guestClient()).signIn(user.username, "неверный-пароль");
      expect(res.status).toBe(400);
    }
    // Even the right password from a fresh address is refused now.
    const res = await (await guestClient()).signIn(user.email, PASSWORD);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBeTruthy();
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(0);
  });
});

describe("POST /v1/auth/sign-out/", () => {
  it("deletes the session row and clears the cookie", async () => {
    const { client, user } = await memberClient();
    const res = await client.post("/auth/sign-out/");
    expect(res.status).toBe(200);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    const cleared = client.lastSetCookies.find((c) => c.startsWith("sessionid="));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/HttpOnly/);
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(0);
    expect((await client.get("/user/me/")).status).toBe(403);
  });

  it("only ends its own session", async () => {
    const { client, user } = await memberClient();
    const other = new ApiClient();
    await other.init();
    await other.signIn(user.username, PASSWORD);
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(2);
    await client.post("/auth/sign-out/");
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(1);
    expect((await other.get("/user/me/")).status).toBe(200);
  });

  it("is harmless for a guest", async () => {
    const res = await (await guestClient()).post("/auth/sign-out/");
    expect(res.status).toBe(200);
  });
});
