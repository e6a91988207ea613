import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { eventually, freshWindow, scalar } from "#tests/factories/db";
import { createSessionFor, createUser, PASSWORD } from "#tests/factories/users";

const NEW_PASSWORD = "Новый-пароль-у-реки-42";

async function outboxFor(email: string) {
  const { results } = await env.DB.prepare('SELECT * FROM mail_outbox WHERE "to" = ? ORDER BY id')
    .bind(email)
    .all<{ id: number; subject: string; text: string; kind: string }>();
  return results;
}

/** uid and token from the last reset link mailed to `email` (the mail is written after the response). */
async function resetLink(email: string, count = 1): Promise<{ uid: string; token: string }> {
  await eventually(async () => (await outboxFor(email)).length >= count);
  const mails = await outboxFor(email);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  const url = new URL(/https?:\/\/\S+/.exec(last.text)![0]);
  return { uid: url.searchParams.get("uid")!, token: url.searchParams.get("token")! };
}

async function requestReset(email: string) {
  return (await guestClient()).post("/auth/reset/", { email });
}

describe("POST /v1/auth/reset/", () => {
  it("mails a single link to a known address and answers like for an unknown one", async () => {
    const user = await createUser();
    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset("nobody-here@example.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await json(known);
    expect(knownBody).toEqual(await json(unknown));
    expect(knownBody.detail).toMatch(RUSSIAN);

    await resetLink(user.email);
    const mails = await outboxFor(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].kind).toBe("password_reset");
    expect(mails[0].subject).toMatch(RUSSIAN);
    expect(mails[0].text).toContain(user.username);
    expect(await outboxFor("nobody-here@example.test")).toHaveLength(0);
    expect(await scalar("SELECT count(*) FROM password_resets WHERE user_id = ?", user.id)).toBe(1);
    // Only the token's hash is stored.
    const { token } = await resetLink(user.email);
    expect(await scalar("SELECT count(*) FROM password_resets WHERE id = ?", token)).toBe(0);
  });

  it("a banned member gets no mail", async () => {
    const user = await createUser({ isBanned: true });
    expect((await requestReset(user.email)).status).toBe(200);
    const witness = await createUser();
    await requestReset(witness.email);
    await resetLink(witness.email);
    expect(await outboxFor(user.email)).toHaveLength(0);
  });

  it("validates the address", async () => {
    for (const body of [{}, { email: "не адрес" }, { email: 5 }, { email: `${"a".repeat(300)}@x.ru` }]) {
      const res = await (await guestClient()).post("/auth/reset/", body);
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.email?.[0]).toMatch(RUSSIAN);
    }
  });

  it("rate-limits per account (3 an hour) without telling whether the address exists", async () => {
    const user = await createUser();
    const nowSec = Math.floor(Date.now() / 1000);
    const windowStart = nowSec - (nowSec % 3600);
    for (const email of [user.emailKey, "ghost@example.test"]) {
      await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)")
        .bind(`reset:account:${email}:3600`, windowStart)
        .run();
    }
    const known = await requestReset(user.email);
    const unknown = await requestReset("ghost@example.test");
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect((await json<ErrorBody>(known)).detail).toMatch(RUSSIAN);
    expect(Number(known.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await outboxFor(user.email)).toHaveLength(0);
  });

  it("rate-limits per IP (6 a minute)", { timeout: 30_000 }, async () => {
    await freshWindow(60, 5);
    const client = await guestClient();
    for (let i = 0; i < 6; i++) {
      expect((await client.post("/auth/reset/", { email: `someone${i}@example.test` })).status).toBe(200);
    }
    const res = await client.post("/auth/reset/", { email: "someone-else@example.test" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
  });
});

describe("POST /v1/auth/set/{uid}/{token}/", () => {
  it("sets the new password, ends every session, and the token works once", async () => {
    const user = await createUser();
    const { client: signedIn } = await memberClient();
    await createSessionFor(user);
    await createSessionFor(user);
    await requestReset(user.email);
    const { uid, token } = await resetLink(user.email);
    expect(uid).toBe(String(user.id));

    const client = await guestClient();
    const res = await client.post(`/auth/set/${uid}/${token}/`, { password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await json(res)).detail).toMatch(RUSSIAN);
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", user.id)).toBe(0);
    expect(await scalar("SELECT used_at FROM password_resets WHERE user_id = ?", user.id)).toBeGreaterThan(0);
    // Other members keep their sessions.
    expect((await signedIn.get("/user/me/")).status).toBe(200);

    expect((await (await guestClient()).signIn(user.username, PASSWORD)).status).toBe(400);
    expect((await (await guestClient()).signIn(user.username, NEW_PASSWORD)).status).toBe(200);

    const hashAfter = await scalar("SELECT password_hash FROM users WHERE id = ?", user.id);
    const reuse = await (await guestClient()).post(`/auth/set/${uid}/${token}/`, { password: "Ещё-один-пароль-99" });
    expect(reuse.status).toBe(400);
    expect((await json<ErrorBody>(reuse)).errors?.token?.[0]).toMatch(/недействительна/);
    expect(await scalar("SELECT password_hash FROM users WHERE id = ?", user.id)).toBe(hashAfter);
  });

  it("using one link voids the member's other outstanding links", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const first = await resetLink(user.email);
    await requestReset(user.email);
    const second = await resetLink(user.email, 2);
    expect(second.token).not.toBe(first.token);
    expect(
      (await (await guestClient()).post(`/auth/set/${second.uid}/${second.token}/`, { password: NEW_PASSWORD })).status,
    ).toBe(200);
    const old = await (await guestClient()).post(`/auth/set/${first.uid}/${first.token}/`, {
      password: "Ещё-один-пароль-99",
    });
    expect(old.status).toBe(400);
  });

  it("an expired token is refused and the password stays", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const { uid, token } = await resetLink(user.email);
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, user.id)
      .run();
    const res = await (await guestClient()).post(`/auth/set/${uid}/${token}/`, { password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).detail).toMatch(/устарела/);
    expect(await scalar("SELECT password_hash FROM users WHERE id = ?", user.id)).toBe(user.passwordHash);
  });

  it("a wrong token, a wrong uid, or garbage is refused", async () => {
    const user = await createUser();
    const other = await createUser();
    await requestReset(user.email);
    const { uid, token } = await resetLink(user.email);
    const attempts = [
      `/auth/set/${uid}/${token}x/`,
      `/auth/set/${other.id}/${token}/`,
      `/auth/set/abc/${token}/`,
      `/auth/set/99999999999999999999/${token}/`,
      `/auth/set/${uid}/${"z".repeat(200)}/`,
    ];
    for (const path of attempts) {
      const res = await (await guestClient()).post(path, { password: NEW_PASSWORD });
      expect(res.status, path).toBe(400);
    }
    expect(await scalar("SELECT used_at FROM password_resets WHERE user_id = ?", user.id)).toBeNull();
    expect(await scalar("SELECT password_hash FROM users WHERE id = ?", user.id)).toBe(user.passwordHash);
  });

  it("a weak or short password is refused and the token stays usable", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const { uid, token } = await resetLink(user.email);
    for (const password of ["password1", "коротко", user.username, 12345678]) {
      const res = await (await guestClient()).post(`/auth/set/${uid}/${token}/`, { password });
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.password?.[0]).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT used_at FROM password_resets WHERE user_id = ?", user.id)).toBeNull();
    expect((await (await guestClient()).post(`/auth/set/${uid}/${token}/`, { password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it("rate-limits attempts per IP", { timeout: 30_000 }, async () => {
    await freshWindow(60, 3);
    const ip = "10.252.0.1";
    const nowSec = Math.floor(Date.now() / 1000);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 10)")
      .bind(`set-password:ip:${ip}:60`, nowSec - (nowSec % 60))
      .run();
    const res = await (await guestClient({ ip })).post("/auth/set/1/abc/", { password: NEW_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBeTruthy();
  });
});
