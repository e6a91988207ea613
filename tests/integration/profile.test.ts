import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { scalar } from "#tests/factories/db";
import { createUser, uniqueName } from "#tests/factories/users";

const DEFAULT_SETTINGS = {
  is_hidden_media_enabled: false,
  is_shouts_public: true,
  is_shouts_expanded: false,
  is_role_mention_enabled: true,
  is_beta_enabled: false,
  is_endless_enabled: true,
  is_winter_effects_enabled: true,
  is_shouts_views_enabled: true,
  is_notifications_enabled: true,
  is_notifications_pinned: false,
  is_twitch_activity_enabled: false,
  is_spotify_enabled: false,
  is_recap_hidden: false,
};

describe("GET /v1/user/me/", () => {
  it("returns the current user exactly as the spec's Current user", async () => {
    const { client, user } = await memberClient();
    const res = await client.get("/user/me/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const me = await json(res);
    expect(me).toEqual({
      id: user.id,
      username: user.username,
      isAuthenticated: true,
      avatar: { tiny: expect.any(String), small: expect.any(String), big: expect.any(String) },
      background_url: null,
      theme: "darkorange",
      auth_accounts: [],
      roles: [],
      is_admin: false,
      is_mod: false,
      is_db_editor: false,
      is_banned: false,
      is_fp_required: false,
      is_supporter: false,
      is_activated: true,
      email: user.email,
      datetime_created: user.createdAt.toISOString(),
      settings: DEFAULT_SETTINGS,
    });
    expect(me).not.toHaveProperty("password_hash");
    expect(JSON.stringify(me)).not.toContain("argon2");
  });

  it("reflects role flags", async () => {
    const { client } = await memberClient({ isAdmin: true, isMod: true, isSupporter: true, roles: ["ветеран"] });
    expect(await json(await client.get("/user/me/"))).toMatchObject({
      is_admin: true,
      is_mod: true,
      is_supporter: true,
      roles: ["ветеран"],
    });
  });

  it("answers 403 to a guest", async () => {
    const res = await new ApiClient().get("/user/me/");
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
  });
});

describe("PATCH /v1/user/me/", () => {
  it("changes the theme and merges settings", async () => {
    const { client, user } = await memberClient();
    const res = await client.patch("/user/me/", {
      theme: "winter",
      settings: { is_beta_enabled: true, is_endless_enabled: false },
    });
    expect(res.status).toBe(200);
    const me = await json<{ theme: string; settings: Record<string, boolean> }>(res);
    expect(me.theme).toBe("winter");
    expect(me.settings).toEqual({ ...DEFAULT_SETTINGS, is_beta_enabled: true, is_endless_enabled: false });

    const second = await json<{ settings: Record<string, boolean> }>(
      await client.patch("/user/me/", { settings: { is_spotify_enabled: true } }),
    );
    expect(second.settings).toMatchObject({
      is_beta_enabled: true,
      is_endless_enabled: false,
      is_spotify_enabled: true,
    });
    const row = await env.DB.prepare("SELECT theme, settings FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ theme: string; settings: string }>();
    expect(row?.theme).toBe("winter");
    expect(JSON.parse(row!.settings)).toMatchObject({ is_beta_enabled: true, is_spotify_enabled: true });
  });

  it("an empty patch changes nothing", async () => {
    const { client } = await memberClient();
    const res = await client.patch("/user/me/", {});
    expect(res.status).toBe(200);
    expect((await json(res)).theme).toBe("darkorange");
  });

  it("refuses unknown themes, unknown keys and wrong types with Russian errors and writes nothing", async () => {
    const { client, user } = await memberClient();
    const bodies: unknown[] = [
      { theme: "neon" },
      { theme: 7 },
      { settings: { is_beta_enabled: "да" } },
      { settings: { is_admin: true } },
      { settings: [] },
      { is_admin: true },
      { email: "new@example.test" },
      [],
      null,
    ];
    for (const body of bodies) {
      const res = await client.patch("/user/me/", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = await json<ErrorBody>(res);
      expect(err.detail).toMatch(RUSSIAN);
      for (const messages of Object.values(err.errors ?? {})) for (const m of messages) expect(m).toMatch(RUSSIAN);
    }
    const row = await env.DB.prepare("SELECT theme, settings, is_admin, email FROM users WHERE id = ?")
      .bind(user.id)
      .first();
    expect(row).toEqual({ theme: "darkorange", settings: "{}", is_admin: 0, email: user.email });
  });

  it("answers 415 to a wrong content type and 400 to broken JSON", async () => {
    const { client } = await memberClient();
    const text = await client.request("PATCH", "/user/me/", {
      body: '{"theme":"winter"}',
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await json<ErrorBody>(text)).detail).toMatch(RUSSIAN);
    const form = await client.request("PATCH", "/user/me/", { body: new URLSearchParams({ theme: "winter" }) });
    expect(form.status).toBe(415);
    const broken = await client.request("PATCH", "/user/me/", {
      body: '{"theme": "winter"',
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect((await json<ErrorBody>(broken)).detail).toMatch(/JSON/);
    const huge = await client.patch("/user/me/", { theme: "x".repeat(500_000) });
    expect(huge.status).toBe(413);
    expect((await json(await client.get("/user/me/"))).theme).toBe("darkorange");
  });

  it("answers 401 to a guest", async () => {
    const res = await (await guestClient()).patch("/user/me/", { theme: "winter" });
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
  });
});

describe("PATCH /v1/user/rename/", () => {
  it("renames the member", async () => {
    const { client, user } = await memberClient();
    const username = uniqueName("Новое");
    const res = await client.patch("/user/rename/", { username: `  ${username} ` });
    expect(res.status).toBe(200);
    expect((await json(res)).username).toBe(username);
    const row = await env.DB.prepare("SELECT username, username_key FROM users WHERE id = ?").bind(user.id).first();
    expect(row).toEqual({ username, username_key: username.toLocaleLowerCase("ru") });
  });

  it("lets a member change the case of their own name", async () => {
    const { client, user } = await memberClient({ username: uniqueName("тестер") });
    const upper = user.username.replace("т", "Т");
    const res = await client.patch("/user/rename/", { username: upper });
    expect(res.status).toBe(200);
    expect((await json(res)).username).toBe(upper);
  });

  it("refuses a name taken in another case or with ё/е, and keeps the old name", async () => {
    const taken = await createUser({ username: uniqueName("Тестёр") });
    const { client, user } = await memberClient();
    for (const username of [
      taken.username.toLocaleLowerCase("ru"),
      taken.username.replace("ё", "е"),
      taken.username.toLocaleUpperCase("ru"),
    ]) {
      const res = await client.patch("/user/rename/", { username });
      expect(res.status, username).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.username).toEqual(["Это имя уже занято."]);
    }
    expect(await scalar("SELECT username FROM users WHERE id = ?", user.id)).toBe(user.username);
  });

  it("validates the name", async () => {
    const { client, user } = await memberClient();
    for (const username of ["ab", "x".repeat(33), "имя с пробелом", "", 42, null]) {
      const res = await client.patch("/user/rename/", { username });
      expect(res.status, String(username)).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.username?.[0]).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT username FROM users WHERE id = ?", user.id)).toBe(user.username);
  });

  it("rate-limits renames (3 a day) with 429 and Retry-After", async () => {
    const { client, user } = await memberClient();
    for (let i = 0; i < 3; i++)
      expect((await client.patch("/user/rename/", { username: uniqueName("имя") })).status).toBe(200);
    const before = await scalar("SELECT username FROM users WHERE id = ?", user.id);
    const res = await client.patch("/user/rename/", { username: uniqueName("имя") });
    expect(res.status).toBe(429);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await scalar("SELECT username FROM users WHERE id = ?", user.id)).toBe(before);
  });

  it("answers 401 to a guest", async () => {
    const res = await (await guestClient()).patch("/user/rename/", { username: uniqueName("гость") });
    expect(res.status).toBe(401);
  });
});

describe("GET /v1/user/{id}/", () => {
  it("returns the public profile without private fields", async () => {
    const user = await createUser({ isSupporter: true });
    const res = await new ApiClient().get(`/user/${user.id}/`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      id: user.id,
      username: user.username,
      avatar: { tiny: expect.any(String), small: expect.any(String), big: expect.any(String) },
      background_url: null,
      is_supporter: true,
      is_mod: false,
      datetime_last_seen: expect.any(String),
      datetime_created: user.createdAt.toISOString(),
      social_accounts: [],
    });
    expect(JSON.stringify(body)).not.toContain(user.email);
  });

  it("404 for an unknown, malformed or huge id", async () => {
    for (const id of ["999999", "0", "abc", "99999999999999999999999", "-1"]) {
      const res = await new ApiClient().get(`/user/${id}/`);
      expect(res.status, id).toBe(404);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
  });
});
