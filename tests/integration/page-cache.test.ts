import { SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { guestClient, memberClient } from "#tests/factories/client";
import { eventually, scalar } from "#tests/factories/db";
import { createPost, createPublishedPost } from "#tests/factories/posts";
import { createShoutRow } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import { THEMES } from "#workers/core/accounts/accounts.schemas";
import {
  cacheTags,
  GENERATION_RECHECK_MS,
  isCacheableGuestRequest,
  MEMORY_TTL_MS,
  pageKey,
  purgePages,
  readPage,
  storePage,
} from "#workers/platform/page-cache";
import { pageCsp } from "#workers/platform/security-headers";

const ORIGIN = "http://localhost";

async function put(path: string, theme: string) {
  await storePage(
    pageKey(`${ORIGIN}${path}`, theme),
    new Response(`<p>${path} ${theme}</p>`, { headers: { "Cache-Control": "public, s-maxage=60" } }),
  );
}

/** Drops this isolate's in-memory copy (as its TTL would), keeping the Cache API's. */
async function purgeMemoryOnly(key: Request): Promise<void> {
  const cache = (caches as unknown as { default: Cache }).default;
  const copy = await cache.match(key);
  await purgePages(ORIGIN, [new URL(key.url).pathname]);
  if (copy) await cache.put(key, copy);
}

describe("guest page cache", () => {
  it("caches only guests' GETs of public pages", () => {
    const get = (path: string) => new Request(`${ORIGIN}${path}`);
    expect(isCacheableGuestRequest(get("/"), {})).toBe(true);
    expect(isCacheableGuestRequest(get("/posts/vedmak-abc123"), {})).toBe(true);
    expect(isCacheableGuestRequest(get("/tags/rpg"), {})).toBe(true);
    expect(isCacheableGuestRequest(get("/users/12"), {})).toBe(true);
    expect(isCacheableGuestRequest(get("/"), { sessionid: "x" })).toBe(false);
    expect(isCacheableGuestRequest(get("/users/12/settings"), {})).toBe(false);
    expect(isCacheableGuestRequest(get("/posts/x/editor"), {})).toBe(false);
    expect(isCacheableGuestRequest(get("/posts/x.data"), {})).toBe(false);
    expect(isCacheableGuestRequest(get("/posts/x?reply=5"), {})).toBe(false);
    expect(isCacheableGuestRequest(get("/auth/sign-in"), {})).toBe(false);
    expect(isCacheableGuestRequest(new Request(`${ORIGIN}/`, { method: "POST" }), {})).toBe(false);
    expect(cacheTags("/posts/vedmak")).toBe("html,p:/posts/vedmak,post:vedmak");
  });

  it("answers a hot page from the isolate's memory for a few seconds, then from the Cache API again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-22T12:00:00Z"));
      const key = pageKey(`${ORIGIN}/posts/hot`, "darkorange");
      await put("/posts/hot", "darkorange");
      // Another isolate's purge reaches the shared Cache API, not this isolate's memory.
      await (caches as unknown as { default: Cache }).default.delete(key);
      expect(await (await readPage(key))?.text()).toBe("<p>/posts/hot darkorange</p>");
      vi.setSystemTime(new Date(Date.now() + MEMORY_TTL_MS + 1));
      expect(await readPage(key)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("after its few seconds in memory, a page is read again from the Cache API (another isolate's newer copy)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-22T12:00:00Z"));
      const key = pageKey(`${ORIGIN}/posts/renewed`, "darkorange");
      await put("/posts/renewed", "darkorange");
      vi.setSystemTime(new Date(Date.now() + MEMORY_TTL_MS + 1));
      expect(await (await readPage(key))?.text()).toBe("<p>/posts/renewed darkorange</p>");
      // Another isolate re-rendered the page after a change (under the same page generation): its version
      // reaches this one after the TTL.
      const cache = (caches as unknown as { default: Cache }).default;
      const generation = (await cache.match(key))?.headers.get("X-Page-Generation") ?? "";
      await cache.put(
        key,
        new Response("<p>newer</p>", {
          headers: { "Cache-Control": "public, s-maxage=60", "X-Page-Generation": generation },
        }),
      );
      expect(await (await readPage(key))?.text()).toBe("<p>/posts/renewed darkorange</p>");
      vi.setSystemTime(new Date(Date.now() + MEMORY_TTL_MS + 1));
      expect(await (await readPage(key))?.text()).toBe("<p>newer</p>");
    } finally {
      vi.useRealTimers();
    }
  });

  it("serves a page only to the build that stored it: the next deployment has none of its scripts and styles", async () => {
    const key = pageKey(`${ORIGIN}/posts/deployed`, "darkorange");
    const headers = { "Cache-Control": "public, s-maxage=60" };
    await storePage(key, new Response("<p>rendered by build a</p>", { headers }), "build-a");
    expect(await (await readPage(key, "build-a"))?.text()).toBe("<p>rendered by build a</p>");
    // From the isolate's memory and, once that copy is gone, from the Cache API: a miss for another build.
    expect(await readPage(key, "build-b")).toBeUndefined();
    await purgeMemoryOnly(key);
    expect(await readPage(key, "build-b")).toBeUndefined();
    // The new build's render replaces it, and the old build (an isolate not yet updated) no longer gets it.
    await storePage(key, new Response("<p>rendered by build b</p>", { headers }), "build-b");
    expect(await (await readPage(key, "build-b"))?.text()).toBe("<p>rendered by build b</p>");
    expect(await readPage(key, "build-a")).toBeUndefined();
  });

  it("another isolate's purge (a new generation in the Cache API) reaches this isolate within a second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-22T12:00:00Z"));
      const cache = (caches as unknown as { default: Cache }).default;
      const generationKey = new Request(`${ORIGIN}/__page-cache/generation`);
      const key = pageKey(`${ORIGIN}/posts/hidden-elsewhere`, "darkorange");
      await put("/posts/hidden-elsewhere", "darkorange");
      expect(await readPage(key)).toBeDefined();
      const replaced = "othergeneration0";
      await cache.put(
        generationKey,
        new Response(replaced, { headers: { "Cache-Control": "public, max-age=60", "X-Page-Generation": replaced } }),
      );
      // Within the recheck interval this isolate still trusts the generation it read…
      expect(await readPage(key)).toBeDefined();
      vi.setSystemTime(new Date(Date.now() + GENERATION_RECHECK_MS + 1));
      // …then reads the new one: the memory copy and the Cache API copy of the old generation are both misses.
      expect(await readPage(key)).toBeUndefined();
      expect(await readPage(key)).toBeUndefined();
      // A page another isolate stored under a generation newer than this isolate's reading is served at once.
      const newer = "newergeneration0";
      await cache.put(
        generationKey,
        new Response(newer, { headers: { "Cache-Control": "public, max-age=60", "X-Page-Generation": newer } }),
      );
      const otherKey = pageKey(`${ORIGIN}/posts/rendered-elsewhere`, "darkorange");
      await cache.put(
        otherKey,
        new Response("<p>from another isolate</p>", {
          headers: { "Cache-Control": "public, s-maxage=60", "X-Page-Generation": newer },
        }),
      );
      const page = await readPage(otherKey);
      expect(await page?.text()).toBe("<p>from another isolate</p>");
      expect(page?.headers.has("X-Page-Generation")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps one entry per theme and purges every theme of a path", async () => {
    await put("/posts/a", "darkorange");
    await put("/posts/a", "lightside");
    await put("/posts/b", "darkorange");
    expect(await (await readPage(pageKey(`${ORIGIN}/posts/a`, "lightside")))?.text()).toBe("<p>/posts/a lightside</p>");
    await purgePages(ORIGIN, ["/posts/a"]);
    for (const theme of THEMES) expect(await readPage(pageKey(`${ORIGIN}/posts/a`, theme))).toBeUndefined();
    expect(await readPage(pageKey(`${ORIGIN}/posts/b`, "darkorange"))).toBeDefined();
  });

  it("a stored page leaves the cache with a fresh nonce each time, in every script and in its policy", async () => {
    const stored = "storedstorednonce00000";
    const key = pageKey(`${ORIGIN}/posts/nonce`, "darkorange");
    const html = `<!DOCTYPE html><html><head><script nonce="${stored}">a()</script><link rel="modulepreload" href="/x.js" nonce="${stored}"></head><body><p>nonce: not an attribute</p><script type="module" nonce="${stored}">b()</script></body></html>`;
    await storePage(
      key,
      new Response(html, {
        headers: {
          "Content-Type": "text/html",
          "Content-Security-Policy": pageCsp(stored, new URL(ORIGIN)),
          "Cache-Control": "public, s-maxage=60",
        },
      }),
    );
    const seen = new Set<string>([stored]);
    // The first read comes from the isolate's memory; after its TTL, from the Cache API: both renew.
    for (const step of ["memory", "memory again", "cache api"]) {
      if (step === "cache api") await purgeMemoryOnly(key);
      const page = await readPage(key);
      const csp = page?.headers.get("Content-Security-Policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
      expect(nonce, step).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(seen.has(nonce), step).toBe(false);
      seen.add(nonce);
      const body = (await page?.text()) ?? "";
      expect(body.match(/nonce="[^"]*"/g), step).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`, `nonce="${nonce}"`]);
      expect(body, step).not.toContain(stored);
      expect(body, step).toContain("<p>nonce: not an attribute</p>");
    }
  });

  it("a new comment purges the post page and the home page; other pages stay", async () => {
    const author = await createUser();
    const post = await createPublishedPost(author);
    await put(`/posts/${post.slug}`, "darkorange");
    await put("/", "winter");
    await put("/tags/other", "darkorange");
    const { client } = await memberClient();
    const res = await client.post("/comment/", { post_slug: post.slug, text: "Новый комментарий" });
    expect(res.status).toBe(201);
    await eventually(async () => !(await readPage(pageKey(`${ORIGIN}/posts/${post.slug}`, "darkorange"))));
    await eventually(async () => !(await readPage(pageKey(`${ORIGIN}/`, "winter"))));
    expect(await readPage(pageKey(`${ORIGIN}/tags/other`, "darkorange"))).toBeDefined();
  });

  it("a post unpublished or deleted, or a comment deleted, leaves every cached guest page at once", async () => {
    const { client, user } = await memberClient();
    const pages = ["/?cursor=abc", "/tags/any-tag", `/users/${user.id}/bookmark-posts`];
    const cached = async () => {
      const found = await Promise.all(pages.map((path) => readPage(pageKey(`${ORIGIN}${path}`, "darkorange"))));
      return found.filter(Boolean).length;
    };
    const leaves = async (change: () => Promise<Response>) => {
      for (const path of pages) await put(path, "darkorange");
      expect(await cached()).toBe(pages.length);
      expect((await change()).ok).toBe(true);
      expect(await cached()).toBe(0);
    };

    const unpublished = await createPublishedPost(user);
    await leaves(() => client.post(`/post/${unpublished.slug}/unpublish/`));
    const deleted = await createPublishedPost(user);
    await leaves(() => client.request("DELETE", `/post/${deleted.slug}/`));
    const commented = await createPublishedPost(user);
    const comment = await client.post("/comment/", { post_slug: commented.slug, text: "Уйду без следа" });
    const { id } = (await comment.json()) as { id: number };
    await leaves(() => client.request("DELETE", `/comment/${id}/`));
  });

  it("a guest's view of a shout's page counts once a day per address, from the cache too", async () => {
    const shout = await createShoutRow(await createUser());
    const url = `${ORIGIN}/bonfire/${shout.id}`;
    const viewsCount = () => scalar("SELECT views_count FROM shouts WHERE id = ?", shout.id);
    const view = async (ip: string) => {
      const response = await SELF.fetch(url, { headers: { "CF-Connecting-IP": ip } });
      expect(response.status).toBe(200);
      await response.body?.cancel();
      return response.headers.get("X-Page-Cache");
    };
    expect(await view("203.0.113.7")).toBe("MISS");
    await eventually(async () => (await viewsCount()) === 1);
    // The same guest again (a hit): no second view. Another address: one more.
    await eventually(async () => (await view("203.0.113.7")) === "HIT");
    expect(await view("203.0.113.8")).toBe("HIT");
    await eventually(async () => (await viewsCount()) === 2);
    expect(await view("203.0.113.7")).toBe("HIT");
    expect(await view("203.0.113.8")).toBe("HIT");
    expect(await viewsCount()).toBe(2);
  });

  it("a response that sets a cookie is never publicly cacheable, and never stored", async () => {
    const post = await createPost(await createUser());
    const url = `${ORIGIN}/posts/${post.slug}`;
    // A first visit on a page nobody cached yet: rendered, stored without the cookie, answered with it.
    const first = await SELF.fetch(url);
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    expect(first.headers.getSetCookie().join()).toContain("csrftoken=");
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    await first.body?.cancel();

    // A visitor who has the cookie gets the shared copy, publicly cacheable.
    const visitor = await guestClient();
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let hit: Response | undefined;
    await eventually(async () => {
      hit = await SELF.fetch(url, { headers: { Cookie: cookie } });
      await hit.body?.cancel();
      return hit.headers.get("X-Page-Cache") === "HIT";
    });
    expect(hit?.headers.getSetCookie()).toEqual([]);
    expect(hit?.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(hit?.headers.has("X-Page-Generation")).toBe(false);

    // Another first visit: the same cached page, now with that visitor's new CSRF cookie — private.
    const another = await SELF.fetch(url);
    expect(another.headers.get("X-Page-Cache")).toBe("HIT");
    expect(another.headers.getSetCookie().join()).toContain("csrftoken=");
    expect(another.headers.get("Cache-Control")).toBe("private, no-store");
    await another.body?.cancel();

    // The cache itself refuses a page with a cookie.
    const key = pageKey(`${ORIGIN}/posts/with-cookie`, "darkorange");
    await storePage(
      key,
      new Response("<p>x</p>", { headers: { "Set-Cookie": "a=b", "Cache-Control": "public, s-maxage=60" } }),
    );
    expect(await readPage(key)).toBeUndefined();
  });
});
