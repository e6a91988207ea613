import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiClient, type ErrorBody, guestClient, json, RUSSIAN } from "#tests/factories/client";
import { freshWindow, scalar } from "#tests/factories/db";
import { createResetLink } from "#tests/factories/resets";
import { createUser, PASSWORD, randomIp } from "#tests/factories/users";
import { SIGN_IN_ACCOUNT_LIMIT, SIGN_IN_ADDRESS_ACCOUNT_LIMIT } from "#workers/core/accounts/rate-limits";
import { signIn } from "#workers/core/accounts/sign-in";
import { AppError } from "#workers/core/errors";
import { buildRequestContext } from "#workers/platform/context";
import { randomToken } from "#workers/platform/crypto";

const WRONG = "неверный-пароль-123";
const NEW_PASSWORD = "Новый-пароль-у-реки-42";
/** The account-wide refusal names what still works: a known device, waiting, or a reset. */
const ACCOUNT_CLOSED = /с новых устройств вход в него ненадолго закрыт.*устройства, на котором уже входили/s;
const FIFTEEN_MINUTES = 15 * 60;

/** Wrong passwords for `login` from `times` different addresses (fresh browsers); their statuses. */
async function attackFromManyAddresses(login: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await (await guestClient()).signIn(login, WRONG)).status);
  return statuses;
}

/** A browser that signed in to the user once and signed out again: it keeps only its known-device cookie. */
async function deviceThatSignedInBefore(user: { username: string }): Promise<ApiClient> {
  const device = await guestClient();
  expect((await device.signIn(user.username, PASSWORD)).status).toBe(200);
  expect(device.cookies.get("device")).toBeTruthy();
  expect((await device.post("/auth/sign-out/")).status).toBe(200);
  expect(device.cookies.has("sessionid")).toBe(false);
  return device;
}

describe("sign-in brute force without locking the owner out (decision 0021)", () => {
  it("attackers from many addresses cannot keep the owner out of a device that signed in before", {
    timeout: 90_000,
  }, async () => {
    await freshWindow(FIFTEEN_MINUTES, 40);
    const owner = await createUser();
    const device = await deviceThatSignedInBefore(owner);

    const statuses = await attackFromManyAddresses(owner.username, SIGN_IN_ACCOUNT_LIMIT + 2);
    expect(statuses).toEqual([...Array(SIGN_IN_ACCOUNT_LIMIT).fill(400), 429, 429]);

    // A new device, even with the right password, is refused with a clear Russian message and Retry-After.
    const stranger = await guestClient();
    const refused = await stranger.signIn(owner.email, PASSWORD);
    expect(refused.status).toBe(429);
    const { detail } = await json<ErrorBody>(refused);
    expect(detail).toMatch(RUSSIAN);
    expect(detail).toMatch(ACCOUNT_CLOSED);
    expect(detail).toMatch(/через \d+ минут[уы]?/);
    const retry = Number(refused.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(FIFTEEN_MINUTES);
    expect(stranger.cookies.has("sessionid")).toBe(false);

    // The owner's device gets in, by name or e-mail, from its usual address or another one.
    expect((await device.signIn(owner.email, PASSWORD)).status).toBe(200);
    const elsewhere = new ApiClient();
    elsewhere.cookies.set("device", device.cookies.get("device")!);
    expect((await elsewhere.signIn(owner.username, PASSWORD)).status).toBe(200);
    expect(await scalar("SELECT count(*) FROM sessions WHERE user_id = ?", owner.id)).toBe(2);
  });

  it("a known-device cookie of another account, or a forged one, exempts nothing", { timeout: 90_000 }, async () => {
    await freshWindow(FIFTEEN_MINUTES, 40);
    const owner = await createUser();
    const other = await createUser();
    const otherDevice = await deviceThatSignedInBefore(other);
    await attackFromManyAddresses(owner.username, SIGN_IN_ACCOUNT_LIMIT);

    expect((await otherDevice.signIn(owner.username, PASSWORD)).status).toBe(429);
    const [, issued, mac] = otherDevice.cookies.get("device")!.split(".");
    for (const forged of [
      `${owner.id}.${issued}.${mac}`, // another account's signature
      `${owner.id}.${Math.floor(Date.now() / 1000)}.${randomToken()}`, // a made-up one
      `${owner.id}`,
      "x".repeat(500),
    ]) {
      const client = await guestClient();
      client.cookies.set("device", forged);
      expect((await client.signIn(owner.username, PASSWORD)).status, forged.slice(0, 30)).toBe(429);
    }
    // The other member's own device still works for the other member.
    expect((await otherDevice.signIn(other.username, PASSWORD)).status).toBe(200);
  });

  it("successful sign-ins are not counted against the account", { timeout: 90_000 }, async () => {
    await freshWindow(FIFTEEN_MINUTES, 40);
    const owner = await createUser();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT + 2; i++) {
      expect((await (await guestClient()).signIn(owner.username, PASSWORD)).status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it("the per-address limit still blocks an attacker, known device or not", { timeout: 30_000 }, async () => {
    const owner = await createUser();
    const device = await deviceThatSignedInBefore(owner);
    const nowSec = Math.floor(Date.now() / 1000);
    await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, 30)")
      .bind(`sign-in:ip:${device.ip}:3600`, nowSec - (nowSec % 3600))
      .run();
    const res = await device.signIn(owner.username, PASSWORD);
    expect(res.status).toBe(429);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
  });

  it("per address and account: five wrong passwords close the account to that address only", {
    timeout: 90_000,
  }, async () => {
    await freshWindow(FIFTEEN_MINUTES, 20);
    await freshWindow(60, 15);
    const owner = await createUser();
    const attacker = await guestClient();
    for (let i = 0; i < SIGN_IN_ADDRESS_ACCOUNT_LIMIT; i++) {
      expect((await attacker.signIn(owner.username, WRONG)).status).toBe(400);
    }
    const res = await attacker.signIn(owner.username, PASSWORD);
    expect(res.status).toBe(429);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    expect(attacker.cookies.has("sessionid")).toBe(false);
    // The account as a whole is not closed (5 of 10): the owner gets in from anywhere else.
    expect((await (await guestClient()).signIn(owner.username, PASSWORD)).status).toBe(200);
  });
});

describe("windows, on the service's clock", () => {
  /** One sign-in at `now` from `ip` (with a known-device cookie if given): "ok", or the AppError. */
  async function attempt(login: string, password: string, now: Date, ip: string, device?: string) {
    const headers = new Headers({ "CF-Connecting-IP": ip });
    if (device) headers.set("Cookie", `device=${device}`);
    const ctx = await buildRequestContext(
      new Request("http://localhost/", { headers }),
      env,
      { waitUntil: () => {} },
      { now: () => now },
    );
    return signIn(ctx, { username: login, password }).then(
      () => "ok" as const,
      (error: unknown) => {
        if (error instanceof AppError) return error;
        throw error;
      },
    );
  }

  /** The start of a 15-minute window well after any counter a real-time test wrote. */
  function windowStart(): number {
    const later = Date.now() + 24 * 3600_000;
    return later - (later % (FIFTEEN_MINUTES * 1000));
  }

  it("an address closed for an account opens again in the next window", { timeout: 30_000 }, async () => {
    const owner = await createUser();
    const ip = randomIp();
    const t0 = windowStart();
    for (let i = 0; i < SIGN_IN_ADDRESS_ACCOUNT_LIMIT; i++) {
      expect(await attempt(owner.username, WRONG, new Date(t0 + i * 1000), ip)).toMatchObject({ code: "invalid" });
    }
    expect(await attempt(owner.username, PASSWORD, new Date(t0 + 10_000), ip)).toMatchObject({ code: "rate_limited" });
    expect(await attempt(owner.username, PASSWORD, new Date(t0 + FIFTEEN_MINUTES * 1000 + 1000), ip)).toBe("ok");
  });

  it("the account closed to new devices opens again in the next window; known devices never notice", {
    timeout: 90_000,
  }, async () => {
    const owner = await createUser();
    const device = await deviceThatSignedInBefore(owner);
    const deviceToken = device.cookies.get("device")!;
    const t0 = windowStart();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT; i++) {
      expect(await attempt(owner.username, WRONG, new Date(t0 + i * 1000), randomIp())).toMatchObject({
        code: "invalid",
      });
    }
    const closed = await attempt(owner.username, PASSWORD, new Date(t0 + 20_000), randomIp());
    expect(closed).toMatchObject({ code: "rate_limited", message: expect.stringMatching(ACCOUNT_CLOSED) });
    expect(await attempt(owner.username, PASSWORD, new Date(t0 + 21_000), randomIp(), deviceToken)).toBe("ok");
    // A known device's wrong passwords do not count against the account either.
    for (let i = 0; i < 3; i++) {
      expect(await attempt(owner.username, WRONG, new Date(t0 + 22_000 + i), randomIp(), deviceToken)).toMatchObject({
        code: "invalid",
      });
    }
    expect(await attempt(owner.username, PASSWORD, new Date(t0 + FIFTEEN_MINUTES * 1000 + 1000), randomIp())).toBe(
      "ok",
    );
    // A device cookie older than its lifetime is not known any more.
    const later = new Date(t0 + 181 * 24 * 3600_000);
    const l0 = later.getTime() - (later.getTime() % (FIFTEEN_MINUTES * 1000));
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT; i++) await attempt(owner.username, WRONG, new Date(l0 + i), randomIp());
    expect(await attempt(owner.username, PASSWORD, new Date(l0 + 100), randomIp(), deviceToken)).toMatchObject({
      code: "rate_limited",
    });
  });
});

describe("a password set from the e-mailed link makes the browser a known device", () => {
  it("through the page form", { timeout: 90_000 }, async () => {
    await freshWindow(FIFTEEN_MINUTES, 40);
    const owner = await createUser();
    await attackFromManyAddresses(owner.username, SIGN_IN_ACCOUNT_LIMIT);
    const browser = await guestClient();
    expect((await browser.signIn(owner.username, PASSWORD)).status).toBe(429);

    const { uid, token } = await createResetLink(owner);
    const res = await browser.form(`/auth/set?uid=${uid}&token=${token}`, {
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(browser.cookies.get("device")).toBeTruthy();
    expect((await browser.signIn(owner.username, NEW_PASSWORD)).status).toBe(200);
    // Other new devices stay refused until the window ends.
    expect((await (await guestClient()).signIn(owner.username, NEW_PASSWORD)).status).toBe(429);
  });

  it("through the API", { timeout: 90_000 }, async () => {
    await freshWindow(FIFTEEN_MINUTES, 40);
    const owner = await createUser();
    await attackFromManyAddresses(owner.username, SIGN_IN_ACCOUNT_LIMIT);
    const client = await guestClient();
    const { uid, token } = await createResetLink(owner);
    expect((await client.post(`/auth/set/${uid}/${token}/`, { password: NEW_PASSWORD })).status).toBe(200);
    expect(client.cookies.get("device")).toBeTruthy();
    expect((await client.signIn(owner.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("a failed set (wrong token) sets no device cookie", async () => {
    const owner = await createUser();
    const client = await guestClient();
    const res = await client.post(`/auth/set/${owner.id}/${randomToken()}/`, { password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(client.cookies.has("device")).toBe(false);
  });
});
