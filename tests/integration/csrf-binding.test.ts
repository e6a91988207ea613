import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiClient, type ErrorBody, guestClient, json, memberClient } from "#tests/factories/client";
import { scalar } from "#tests/factories/db";
import { createUser, PASSWORD } from "#tests/factories/users";
import { randomToken } from "#workers/platform/crypto";
import { mintCsrfToken, verifyCsrfToken } from "#workers/platform/csrf";
import { DEV_SECRET_KEY, parseVars } from "#workers/platform/env";

const CSRF = /CSRF/;

/** A request that needs a valid token: PATCH /user/me/ for a member (403 CSRF, or 200). */
function patchTheme(client: ApiClient, token?: string) {
  return client.patch("/user/me/", { theme: "winter" }, token ? { csrf: token } : {});
}

function setCookieOf(client: ApiClient, name: string): string | undefined {
  return client.lastSetCookies.find((c) => c.startsWith(`${name}=`));
}

describe("CSRF tokens are signed and bound to the session", () => {
  it("a token is random.HMAC; a forged or unsigned one is refused even when cookie and header agree", async () => {
    const { client, user } = await memberClient();
    const good = client.csrfToken!;
    const [random, mac] = good.split(".");
    const forgeries = [
      randomToken(), // the old unsigned kind
      `${randomToken()}.${mac}`, // a real MAC on another random part
      `${random}.${randomToken()}`, // a made-up MAC
      `${random}.${mac}.x`,
      `${random}.`,
      `.${mac}`,
      `${good}${good}`,
      "x".repeat(5000),
    ];
    for (const forged of forgeries) {
      client.cookies.set("csrftoken", forged);
      const res = await patchTheme(client, forged);
      expect(res.status, forged.slice(0, 40)).toBe(403);
      expect((await json<ErrorBody>(res)).detail).toMatch(CSRF);
    }
    expect(await scalar("SELECT theme FROM users WHERE id = ?", user.id)).toBe("darkorange");
    client.cookies.set("csrftoken", good);
    expect((await patchTheme(client, good)).status).toBe(200);
  });

  it("a token minted for another member's session is refused", async () => {
    const a = await memberClient();
    const b = await memberClient();
    const stolen = a.client.csrfToken!;
    b.client.cookies.set("csrftoken", stolen);
    const res = await patchTheme(b.client, stolen);
    expect(res.status).toBe(403);
    expect(await scalar("SELECT theme FROM users WHERE id = ?", b.user.id)).toBe("darkorange");
  });

  it("a guest's token (the one an attacker can get for himself) does not work with a member's session", async () => {
    const attacker = await guestClient();
    const { client, user } = await memberClient();
    const planted = attacker.csrfToken!;
    client.cookies.set("csrftoken", planted);
    expect((await patchTheme(client, planted)).status).toBe(403);
    // A page visit (here GET /user/csrf/) replaces the planted token with one for the member's session.
    const res = await client.get("/user/csrf/");
    const fresh = (await json<{ csrftoken: string }>(res)).csrftoken;
    expect(fresh).not.toBe(planted);
    expect(client.csrfToken).toBe(fresh);
    expect((await patchTheme(client)).status).toBe(200);
    expect(await scalar("SELECT theme FROM users WHERE id = ?", user.id)).toBe("winter");
  });

  it("a token signed with another key is refused", async () => {
    const token = await mintCsrfToken("another-secret-key-of-at-least-32-chars", null);
    expect(await verifyCsrfToken(env.SECRET_KEY, null, token)).toBe(false);
    expect(await verifyCsrfToken("another-secret-key-of-at-least-32-chars", null, token)).toBe(true);
    expect(await verifyCsrfToken("another-secret-key-of-at-least-32-chars", "some-session", token)).toBe(false);
  });
});

describe("rotation at sign-in and sign-out", () => {
  it("signing in (API) sets a new token for the new session; the guest token stops working", async () => {
    const user = await createUser();
    const client = await guestClient();
    const guestToken = client.csrfToken!;
    const res = await client.signIn(user.username, PASSWORD);
    expect(res.status).toBe(200);
    const rotated = setCookieOf(client, "csrftoken");
    expect(rotated).toBeDefined();
    expect(client.csrfToken).not.toBe(guestToken);
    expect((await patchTheme(client, guestToken)).status).toBe(403);
    expect((await patchTheme(client)).status).toBe(200);
  });

  it("signing in through the page form rotates it too", async () => {
    const user = await createUser();
    const client = await guestClient();
    const guestToken = client.csrfToken!;
    const res = await client.form("/auth/sign-in", { username: user.username, password: PASSWORD });
    expect(res.status).toBe(302);
    expect(setCookieOf(client, "csrftoken")).toBeDefined();
    expect(client.csrfToken).not.toBe(guestToken);
    expect((await patchTheme(client, guestToken)).status).toBe(403);
    expect((await patchTheme(client)).status).toBe(200);
  });

  it("signing out (API and page form) sets a new token for no session; the member's token stops working", async () => {
    for (const signOut of [
      (c: ApiClient) => c.post("/auth/sign-out/"),
      (c: ApiClient) => c.form("/auth/sign-out", {}),
    ]) {
      const { client } = await memberClient();
      const memberToken = client.csrfToken!;
      const res = await signOut(client);
      expect(res.status).toBeLessThan(400);
      expect(client.cookies.has("sessionid")).toBe(false);
      expect(setCookieOf(client, "csrftoken")).toBeDefined();
      expect(client.csrfToken).not.toBe(memberToken);
      // The old token cannot sign anyone in (login CSRF) from this browser now; the new one can.
      const user = await createUser();
      const stale = await client.post(
        "/auth/sign-in/",
        { username: user.username, password: PASSWORD },
        { csrf: memberToken },
      );
      expect(stale.status).toBe(403);
      expect((await client.signIn(user.username, PASSWORD)).status).toBe(200);
    }
  });

  it("a page visit with another session's token gets a fresh one; with its own, none", async () => {
    const { client } = await memberClient();
    const own = client.csrfToken!;
    await client.get(`${client.origin}/`);
    expect(setCookieOf(client, "csrftoken")).toBeUndefined();
    const other = await guestClient();
    client.cookies.set("csrftoken", other.csrfToken!);
    await client.get(`${client.origin}/`);
    expect(setCookieOf(client, "csrftoken")).toBeDefined();
    expect(client.csrfToken).not.toBe(other.csrfToken);
    expect(client.csrfToken).not.toBe(own);
    expect((await patchTheme(client)).status).toBe(200);
  });

  it("a page form with another session's token is refused", async () => {
    const { client, user } = await memberClient();
    const other = await memberClient();
    client.cookies.set("csrftoken", other.client.csrfToken!);
    const res = await client.form("/theme", { theme: "winter" });
    expect(res.status).toBeLessThan(500);
    expect(await scalar("SELECT theme FROM users WHERE id = ?", user.id)).toBe("darkorange");

    const guest = new ApiClient();
    guest.cookies.set("csrftoken", other.client.csrfToken!);
    const signIn = await guest.form("/auth/sign-in", { username: user.username, password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect(guest.cookies.has("sessionid")).toBe(false);
  });
});

describe("the __Host- prefix on secure origins", () => {
  it("https: the cookie is __Host-csrftoken, Secure, Path=/, no Domain; and it works", async () => {
    const client = new ApiClient({ origin: "https://kostyor.example" });
    const res = await client.get("/user/csrf/");
    const token = (await json<{ csrftoken: string }>(res)).csrftoken;
    const cookie = setCookieOf(client, "__Host-csrftoken");
    expect(cookie).toBeDefined();
    expect(cookie).toContain(`__Host-csrftoken=${token}`);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(setCookieOf(client, "csrftoken")).toBeUndefined();

    const user = await createUser();
    const signIn = await client.post("/auth/sign-in/", { username: user.username, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(setCookieOf(client, "__Host-csrftoken")).toMatch(/; Secure/);
    expect((await patchTheme(client)).status).toBe(200);
  });

  it("https: a plain csrftoken cookie (a subdomain could plant one) is ignored", async () => {
    const client = new ApiClient({ origin: "https://kostyor.example" });
    await client.get("/user/csrf/");
    const token = client.csrfToken!;
    client.cookies.delete("__Host-csrftoken");
    client.cookies.set("csrftoken", token);
    const res = await client.post("/auth/sign-out/", undefined, { csrf: token });
    expect(res.status).toBe(403);
  });

  it("https: the session and known-device cookies are __Host- too; a planted bare sessionid is ignored", async () => {
    const user = await createUser();
    const owner = new ApiClient({ origin: "https://kostyor.example" });
    await owner.get("/user/csrf/");
    expect((await owner.signIn(user.username, PASSWORD)).status).toBe(200);
    const session = setCookieOf(owner, "__Host-sessionid");
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(setCookieOf(owner, "__Host-device")).toMatch(/; Secure/);
    expect(setCookieOf(owner, "sessionid")).toBeUndefined();
    expect((await owner.get("/user/me/")).status).toBe(200);

    // The same session token under the bare name (what a sibling subdomain could set) is not a session here.
    const planted = new ApiClient({ origin: "https://kostyor.example" });
    planted.cookies.set("sessionid", owner.cookies.get("__Host-sessionid")!);
    const guest = new ApiClient({ origin: "https://kostyor.example" });
    const guestStatus = (await guest.get("/user/me/")).status;
    expect(guestStatus).not.toBe(200);
    expect((await planted.get("/user/me/")).status).toBe(guestStatus);
  });

  it("http on localhost keeps the plain name (the prefix needs Secure)", async () => {
    const client = await guestClient();
    expect(client.cookies.has("csrftoken")).toBe(true);
    expect(client.cookies.has("__Host-csrftoken")).toBe(false);
  });
});

describe("SECRET_KEY", () => {
  it("is required, at least 32 characters, and the development value is refused in production", () => {
    // The other required secret (the Secret Santa address key) is valid throughout: only SECRET_KEY varies.
    const santa = { SANTA_ADDRESS_KEY: btoa("s".repeat(32)) };
    const base = { ENVIRONMENT: "test", SECRET_KEY: DEV_SECRET_KEY, ...santa };
    expect(env.SECRET_KEY).toBe(DEV_SECRET_KEY);
    expect(parseVars(base).SECRET_KEY).toBe(DEV_SECRET_KEY);
    expect(() => parseVars({ ENVIRONMENT: "test", ...santa })).toThrow();
    expect(() => parseVars({ ENVIRONMENT: "test", SECRET_KEY: "short", ...santa })).toThrow();
    expect(() => parseVars({ ...base, ENVIRONMENT: "production" })).toThrow(/SECRET_KEY/);
    const real = "k".repeat(48);
    expect(parseVars({ ENVIRONMENT: "production", SECRET_KEY: real, ...santa }).SECRET_KEY).toBe(real);
  });
});
