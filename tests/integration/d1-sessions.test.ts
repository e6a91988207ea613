import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ApiClient, guestClient, json, memberClient } from "#tests/factories/client";
import worker from "#workers/app";
import { BOOKMARK_COOKIE } from "#workers/platform/cookies";
import { BOOKMARK_HEADER, sessionStart, validBookmark } from "#workers/platform/db";

/**
 * D1 read replicas through the Sessions API (docs/decisions/0036-d1-read-replicas.md). Locally there is one copy of
 * the database, so a read always sees every write: these tests watch where each request's session STARTS (the real
 * binding, with `withSession` recorded on the way) and what bookmark the responses carry back.
 */

const ORIGIN = "http://localhost";

/** The real Worker over the real local D1, with every `withSession(...)` argument recorded. */
function recordingWorker() {
  const starts: (string | undefined)[] = [];
  const DB = new Proxy(env.DB, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "withSession") {
        return (start?: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const fetch = async (request: Request): Promise<Response> => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, DB }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
  return { fetch, starts };
}

/** A request as `client` would send it (its cookies, IP and CSRF token), with extra cookies or headers. */
function requestAs(
  client: ApiClient,
  path: string,
  options: { method?: string; cookies?: Record<string, string>; headers?: Record<string, string>; json?: unknown } = {},
): Request {
  const cookies = new Map(client.cookies);
  for (const [name, value] of Object.entries(options.cookies ?? {})) cookies.set(name, value);
  const headers = new Headers(options.headers);
  headers.set("CF-Connecting-IP", client.ip);
  if (cookies.size) headers.set("Cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  if (client.csrfToken) headers.set("X-CSRFTOKEN", client.csrfToken);
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  }
  return new Request(`${ORIGIN}${path}`, { method: options.method ?? "GET", headers, body, redirect: "manual" });
}

function bookmarkCookieOf(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const match = new RegExp(`^${BOOKMARK_COOKIE}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return null;
}

describe("D1 sessions: read your own writes across requests", () => {
  it("a member's write answers with its bookmark; the next request starts its session there and reads the write", async () => {
    const { client } = await memberClient();
    const posted = await client.post("/shout/", { text: "Пишу в реплику и читаю своё" });
    expect(posted.status).toBe(201);
    const { id } = await json<{ id: number }>(posted);
    const written = posted.headers.get(BOOKMARK_HEADER);
    expect(validBookmark(written)).toBe(written);
    // The browser keeps it in the cookie (ApiClient keeps cookies as a browser does).
    expect(bookmarkCookieOf(posted)).toBe(written);
    expect(client.cookies.get(BOOKMARK_COOKIE)).toBe(written);

    // Request 2 (API door): the session starts at the write's bookmark, reads the shout, and answers with a bookmark
    // at least as new.
    const api = recordingWorker();
    const read = await api.fetch(requestAs(client, `/api/v1/shout/${id}/`));
    expect(read.status).toBe(200);
    expect(api.starts).toEqual([written]);
    expect((await json<{ headline: string }>(read)).headline).toContain("Пишу в реплику");
    const after = read.headers.get(BOOKMARK_HEADER) ?? "";
    expect(after >= (written ?? "")).toBe(true);

    // The page door does the same with the cookie.
    const pages = recordingWorker();
    const page = await pages.fetch(requestAs(client, `/bonfire/${id}`));
    expect(page.status).toBe(200);
    expect(pages.starts).toEqual([written]);
    expect(await page.text()).toContain("Пишу в реплику");
  });

  it("an API client without cookies carries the bookmark in X-D1-Bookmark both ways", async () => {
    const { client } = await memberClient();
    const posted = await client.post("/shout/", { text: "Клиент API без печенья" });
    const written = posted.headers.get(BOOKMARK_HEADER) ?? "";
    expect(validBookmark(written)).toBe(written);
    client.cookies.delete(BOOKMARK_COOKIE);
    const api = recordingWorker();
    const read = await api.fetch(requestAs(client, "/api/v1/shout/", { headers: { [BOOKMARK_HEADER]: written } }));
    expect(read.status).toBe(200);
    expect(api.starts).toEqual([written]);
    expect((read.headers.get(BOOKMARK_HEADER) ?? "") >= written).toBe(true);
  });

  it("a write (any method but GET) starts at the primary, whatever bookmark it carries", async () => {
    const { client } = await memberClient();
    await (await client.post("/shout/", { text: "Первая" })).body?.cancel();
    const bookmark = client.cookies.get(BOOKMARK_COOKIE);
    expect(bookmark).toBeTruthy();
    const api = recordingWorker();
    const second = await api.fetch(requestAs(client, "/api/v1/shout/", { method: "POST", json: { text: "Вторая" } }));
    expect(second.status).toBe(201);
    expect(api.starts).toEqual(["first-primary"]);
    // It answers with a newer bookmark than the one it came with, in the cookie too.
    const newer = bookmarkCookieOf(second) ?? "";
    expect(newer > (bookmark ?? "")).toBe(true);
  });

  it("a member without a bookmark reads the primary once and gets one; a repeated read with it sets no cookie", async () => {
    const { client } = await memberClient();
    client.cookies.delete(BOOKMARK_COOKIE);
    const first = recordingWorker();
    const res = await first.fetch(requestAs(client, "/api/v1/shout/"));
    expect(first.starts).toEqual(["first-primary"]);
    const bookmark = bookmarkCookieOf(res);
    expect(validBookmark(bookmark)).toBe(bookmark);
    // The same bookmark again and no write since: nothing new to remember.
    const again = recordingWorker();
    const res2 = await again.fetch(
      requestAs(client, "/api/v1/shout/", { cookies: { [BOOKMARK_COOKIE]: bookmark ?? "" } }),
    );
    expect(again.starts).toEqual([bookmark]);
    const moved = (res2.headers.get(BOOKMARK_HEADER) ?? "") > (bookmark ?? "");
    expect(bookmarkCookieOf(res2) !== null).toBe(moved);
  });
});

describe("D1 sessions: guests", () => {
  it("a guest's cacheable page gets no bookmark cookie or header, stays cacheable, and is rendered from the primary", async () => {
    const guest = await guestClient();
    const worker = recordingWorker();
    // A path no other test caches, so this request renders (MISS) rather than hitting a stored page.
    const path = `/bonfire?d1-sessions=${crypto.randomUUID()}`;
    const first = await worker.fetch(requestAs(guest, path));
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toContain("public");
    expect(bookmarkCookieOf(first)).toBeNull();
    expect(first.headers.get(BOOKMARK_HEADER)).toBeNull();
    // A cache fill reads the primary: a purge after a change must not be refilled from a lagging replica.
    expect(worker.starts).toContain("first-primary");
    await first.body?.cancel();
    const second = await SELF.fetch(requestAs(guest, path));
    expect(second.headers.get("X-Page-Cache")).toBe("HIT");
    await second.body?.cancel();
  });

  it("a guest's other reads go to any replica and set no cookie", async () => {
    const guest = await guestClient();
    const worker = recordingWorker();
    const res = await worker.fetch(requestAs(guest, "/api/v1/shout/"));
    expect(res.status).toBe(200);
    expect(worker.starts).toEqual(["first-unconstrained"]);
    expect(bookmarkCookieOf(res)).toBeNull();
  });
});

describe("D1 sessions: hostile bookmarks", () => {
  const hostile = [
    "garbage",
    "first-primary",
    "00000000-00000000-00000000",
    "0000000g-00000000-00000000-0000000000000000",
    "../../etc/passwd",
    `00000001-00000002-00000003-${"a".repeat(5000)}`,
    "00000001-00000002-00000003-abcdef0123456789%0D%0ASet-Cookie:x=1",
    "'; DROP TABLE users; --",
  ];

  it("a malformed bookmark in the cookie or the header is ignored: no 500, the session starts as without one", async () => {
    const { client } = await memberClient();
    client.cookies.delete(BOOKMARK_COOKIE);
    const guest = await guestClient();
    for (const value of hostile) {
      const encoded = encodeURIComponent(value);
      for (const [who, expected] of [
        [client, "first-primary"],
        [guest, "first-unconstrained"],
      ] as const) {
        const byCookie = recordingWorker();
        const res = await byCookie.fetch(requestAs(who, "/api/v1/shout/", { cookies: { [BOOKMARK_COOKIE]: encoded } }));
        expect(res.status, value).toBe(200);
        expect(byCookie.starts, value).toEqual([expected]);
        await res.body?.cancel();
        const byHeader = recordingWorker();
        const res2 = await byHeader.fetch(
          requestAs(who, "/api/v1/shout/", { headers: { [BOOKMARK_HEADER]: encoded } }),
        );
        expect(res2.status, value).toBe(200);
        expect(byHeader.starts, value).toEqual([expected]);
        await res2.body?.cancel();
      }
      // A page too.
      const page = recordingWorker();
      const res = await page.fetch(requestAs(client, "/bonfire", { cookies: { [BOOKMARK_COOKIE]: encoded } }));
      expect(res.status, value).toBe(200);
      expect(page.starts[0], value).toBe("first-primary");
      await res.body?.cancel();
    }
  });

  it("decides in one place: mutations and cache fills at the primary, bookmarks honoured, guests anywhere", () => {
    const bookmark = "0000002a-00000003-00004fbc-8e61117bf38d7adb71b934ebbf891683";
    const read = { method: "GET", bookmark: null, member: false, sharedRender: false };
    expect(sessionStart(read)).toBe("first-unconstrained");
    expect(sessionStart({ ...read, member: true })).toBe("first-primary");
    expect(sessionStart({ ...read, member: true, bookmark })).toBe(bookmark);
    expect(sessionStart({ ...read, bookmark })).toBe(bookmark);
    expect(sessionStart({ ...read, method: "HEAD", bookmark })).toBe(bookmark);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(sessionStart({ ...read, method, member: true, bookmark })).toBe("first-primary");
    }
    expect(sessionStart({ ...read, sharedRender: true, bookmark })).toBe("first-primary");
  });
});
