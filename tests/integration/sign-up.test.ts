import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { setFlags } from "#tests/factories/context";
import { freshWindow, scalar } from "#tests/factories/db";
import { createUser, uniqueName } from "#tests/factories/users";
import { SETTING_KEYS } from "#workers/core/accounts/accounts.schemas";

const GOOD_PASSWORD = "Тихий-вечер-у-костра-7";

function signUpBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueName("new");
  return { username, email: `${username}@example.test`, password: GOOD_PASSWORD, data: {}, ...overrides };
}

async function usersNamed(username: string) {
  return scalar("SELECT count(*) FROM users WHERE username = ?", username);
}

describe("POST /v1/auth/sign-up/", () => {
  it("creates the account, signs in and returns the current user", async () => {
    const client = await guestClient();
    const body = signUpBody({ username: uniqueName("Тестер") });
    const res = await client.post("/auth/sign-up/", body);
    expect(res.status).toBe(201);
    const me = await json(res);
    expect(me).toMatchObject({ username: body.username, isAuthenticated: true, theme: "darkorange", is_admin: false });
    expect(Object.keys(me.settings as object).sort()).toEqual([...SETTING_KEYS].sort());

    const row = await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(me.id).first<Record<string, unknown>>();
    expect(row?.email).toBe(body.email);
    expect(row?.username_key).toBe(body.username.toLocaleLowerCase("ru"));
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(row?.password_hash).not.toContain(GOOD_PASSWORD);

    // Signed in: the session cookie works and is a D1 row.
    expect(client.cookies.get("sessionid")).toBeTruthy();
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", me.id)).toBe(1);
    const again = await client.get("/user/me/");
    expect(again.status).toBe(200);
    expect((await json(again)).id).toBe(me.id);
  });

  it("refuses a username taken in another case or with ё instead of е, and writes nothing", async () => {
    const base = uniqueName("Тестер");
    await createUser({ username: base });
    const client = await guestClient();
    for (const username of [base.toLocaleLowerCase("ru"), base.toLocaleUpperCase("ru")]) {
      const res = await client.post("/auth/sign-up/", signUpBody({ username }));
      expect(res.status).toBe(400);
      const err = await json<ErrorBody>(res);
      expect(err.errors?.username).toEqual(["Это имя уже занято."]);
      expect(await usersNamed(username)).toBe(0);
    }

    const yo = uniqueName("Алёна");
    await createUser({ username: yo });
    const e = yo.replace("ё", "е");
    const res = await (await guestClient()).post("/auth/sign-up/", signUpBody({ username: e }));
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.username).toBeDefined();
    expect(await usersNamed(e)).toBe(0);
    expect(client.cookies.has("sessionid")).toBe(false);
  });

  it("refuses an e-mail taken in another case", async () => {
    const existing = await createUser();
    const res = await (await guestClient()).post("/auth/sign-up/", signUpBody({ email: existing.email.toUpperCase() }));
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.email).toEqual(["Этот адрес уже зарегистрирован."]);
    expect(await scalar("SELECT count(*) FROM users WHERE email_key = ?", existing.emailKey)).toBe(1);
  });

  it("refuses weak, short and overlong passwords with Russian field errors", async () => {
    const cases: [string, RegExp][] = [
      ["password", /распространён/],
      ["qwerty123", /распространён/],
      ["йцукенгшщз", /распространён/],
      ["aaaaaaaaaaa", /распространён/],
      ["1234567890", /распространён/],
      ["Корот1", /не короче 8/],
      ["x".repeat(129), /не длиннее 128/],
    ];
    for (const [password, message] of cases) {
      const client = await guestClient();
      const body = signUpBody({ password });
      const res = await client.post("/auth/sign-up/", body);
      expect(res.status, password).toBe(400);
      const err = await json<ErrorBody>(res);
      expect(err.errors?.password?.[0]).toMatch(message);
      expect(await usersNamed(body.username)).toBe(0);
    }
  });

  it("refuses a password equal to the username", async () => {
    const username = uniqueName("равный");
    const res = await (await guestClient()).post("/auth/sign-up/", signUpBody({ username, password: username }));
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.password?.[0]).toMatch(/не должен совпадать/);
  });

  it("validates the username and e-mail", async () => {
    const cases: Record<string, unknown>[] = [
      { username: "ab" },
      { username: "a".repeat(33) },
      { username: "_начало" },
      { username: "с пробелом" },
      { email: "не-адрес" },
      { email: "" },
    ];
    // No account at all is made (other members may have an empty e-mail: social sign-ups without one).
    const members = await scalar("SELECT count(*) FROM users");
    for (const overrides of cases) {
      const body = signUpBody(overrides);
      const res = await (await guestClient()).post("/auth/sign-up/", body);
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      const err = await json<ErrorBody>(res);
      const field = Object.keys(overrides)[0];
      expect(err.errors?.[field]?.[0]).toMatch(RUSSIAN);
      expect(await scalar("SELECT count(*) FROM users")).toBe(members);
    }
  });

  it("answers 400 with Russian messages for wrong types and missing fields, never 500", async () => {
    const bodies: unknown[] = [
      {},
      null,
      [],
      "строка",
      42,
      { username: 123, email: true, password: ["x"] },
      { ...signUpBody(), data: null },
      { ...signUpBody(), data: { code: 5 } },
      { ...signUpBody(), data: "код" },
    ];
    for (const body of bodies) {
      const res = await (await guestClient()).post("/auth/sign-up/", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = await json<ErrorBody>(res);
      expect(err.detail, JSON.stringify(body)).toMatch(RUSSIAN);
      for (const messages of Object.values(err.errors ?? {})) for (const m of messages) expect(m).toMatch(RUSSIAN);
    }
  });

  it("409 when already signed in", async () => {
    const { client } = await memberClient();
    const body = signUpBody();
    const res = await client.post("/auth/sign-up/", body);
    expect(res.status).toBe(409);
    expect(await usersNamed(body.username)).toBe(0);
  });

  it("rate-limits sign-ups per IP address with 429, a Russian message and Retry-After", {
    timeout: 30_000,
  }, async () => {
    await freshWindow(60, 5);
    const ip = "10.250.0.1";
    for (let i = 0; i < 3; i++) {
      const res = await new ApiClient({ ip }).init().then((c) => c.post("/auth/sign-up/", signUpBody()));
      expect(res.status).toBe(201);
    }
    const body = signUpBody();
    const res = await (await guestClient({ ip })).post("/auth/sign-up/", body);
    expect(res.status).toBe(429);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    const retry = Number(res.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await usersNamed(body.username)).toBe(0);
    // Another address is not affected.
    expect((await (await guestClient()).post("/auth/sign-up/", signUpBody())).status).toBe(201);
  });

  it("rate-limits sign-ups per e-mail across addresses", async () => {
    const body = signUpBody();
    const nowSec = Math.floor(Date.now() / 1000);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 5)")
      .bind(`sign-up:account:${body.email.toLowerCase()}:3600`, nowSec - (nowSec % 3600))
      .run();
    const res = await (await guestClient()).post("/auth/sign-up/", { ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await usersNamed(body.username)).toBe(0);
  });

  it("the daily per-IP limit holds too", async () => {
    const ip = "10.250.0.2";
    const day = 24 * 3600;
    const nowSec = Math.floor(Date.now() / 1000);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 10)")
      .bind(`sign-up:ip:${ip}:${day}`, nowSec - (nowSec % day))
      .run();
    const res = await (await guestClient({ ip })).post("/auth/sign-up/", signUpBody());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("invitation-only sign-up", () => {
  async function invitation(overrides: { expiresAt?: number; usedAt?: number | null } = {}) {
    const owner = await createUser();
    const code = `code-${uniqueName("i")}`;
    await env.DB.prepare(
      "INSERT INTO invitations (code, user_id, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?)",
    )
      .bind(code, owner.id, Date.now(), overrides.expiresAt ?? Date.now() + 86_400_000, overrides.usedAt ?? null)
      .run();
    return { code, owner };
  }

  it("needs a code, refuses wrong, used and expired codes with a field error, and writes nothing", async () => {
    await setFlags({ is_sign_up_invitation_only: true });
    try {
      const used = await invitation({ usedAt: Date.now() - 1000 });
      const expired = await invitation({ expiresAt: Date.now() - 1000 });
      const cases: [Record<string, unknown>, RegExp][] = [
        [{}, /приглашени/],
        [{ code: "" }, /приглашени/],
        [{ code: "нет-такого-кода" }, /неверный, уже использован или истёк/],
        [{ code: used.code }, /неверный, уже использован или истёк/],
        [{ code: expired.code }, /неверный, уже использован или истёк/],
      ];
      for (const [data, message] of cases) {
        const body = signUpBody({ data });
        const res = await (await guestClient()).post("/auth/sign-up/", body);
        expect(res.status, JSON.stringify(data)).toBe(400);
        const err = await json<ErrorBody>(res);
        expect(err.errors?.code?.[0]).toMatch(message);
        expect(await usersNamed(body.username)).toBe(0);
      }
      expect(await scalar("SELECT used_by FROM invitations WHERE code = ?", expired.code)).toBeNull();
    } finally {
      await setFlags({ is_sign_up_invitation_only: false });
    }
  });

  it("a valid code signs up once and is then used up", async () => {
    await setFlags({ is_sign_up_invitation_only: true });
    try {
      const { code, owner } = await invitation();
      const body = signUpBody({ data: { code } });
      const res = await (await guestClient()).post("/auth/sign-up/", body);
      expect(res.status).toBe(201);
      const me = await json(res);
      const row = await env.DB.prepare("SELECT used_by, used_at FROM invitations WHERE code = ?")
        .bind(code)
        .first<{ used_by: number; used_at: number }>();
      expect(row?.used_by).toBe(me.id);
      expect(row?.used_at).toBeGreaterThan(0);
      expect(await scalar("SELECT invited_by FROM users WHERE id = ?", me.id)).toBe(owner.id);

      const second = signUpBody({ data: { code } });
      const again = await (await guestClient()).post("/auth/sign-up/", second);
      expect(again.status).toBe(400);
      expect((await json<ErrorBody>(again)).errors?.code).toBeDefined();
      expect(await usersNamed(second.username)).toBe(0);
    } finally {
      await setFlags({ is_sign_up_invitation_only: false });
    }
  });

  it("a taken username with a valid code leaves the code unused", async () => {
    await setFlags({ is_sign_up_invitation_only: true });
    try {
      const { code } = await invitation();
      const taken = await createUser();
      const res = await (await guestClient()).post(
        "/auth/sign-up/",
        signUpBody({ username: taken.username, data: { code } }),
      );
      expect(res.status).toBe(400);
      expect(await scalar("SELECT used_at FROM invitations WHERE code = ?", code)).toBeNull();
    } finally {
      await setFlags({ is_sign_up_invitation_only: false });
    }
  });

  it("with open sign-up a wrong code is still refused", async () => {
    const body = signUpBody({ data: { code: "выдуманный" } });
    const res = await (await guestClient()).post("/auth/sign-up/", body);
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.code).toBeDefined();
    expect(await usersNamed(body.username)).toBe(0);
  });
});
