import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eventually } from "#tests/factories/db";
import { createPublishedPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { pageCacheEnabled, pageKey } from "#workers/platform/page-cache";

const ORIGIN = "http://localhost";

/** A guest's GET (no cookie): the X-Page-Cache it was answered with. */
async function guestGet(path: string): Promise<string | null> {
  const res = await SELF.fetch(`${ORIGIN}${path}`);
  await res.body?.cancel();
  expect(res.status).toBe(200);
  return res.headers.get("X-Page-Cache");
}

describe("guest page cache and query parameters", () => {
  it("keys a page on the parameters that change it, in any order, and ignores the rest", () => {
    const key = (path: string) => pageKey(`${ORIGIN}${path}`, "darkorange").url;
    expect(key("/?utm_source=vk&anything=x1")).toBe(key("/"));
    expect(key("/?utm_source=vk&type=top&page=2&fbclid=abc")).toBe(key("/?page=2&type=top"));
    expect(key("/?page=2")).not.toBe(key("/"));
    expect(key("/posts/a?comment=5&ecode=x")).toBe(key("/posts/a?comment=5"));
    expect(key("/posts/a?comment=5")).not.toBe(key("/posts/a"));
    expect(key("/tags/rpg?itemType=shouts&bench=1")).toBe(key("/tags/rpg?itemType=shouts"));
    expect(key("/calendar?date=2026-12&q=ведьмак&x=1")).toBe(key("/calendar?q=ведьмак&date=2026-12"));
    expect(key("/users/5?page=3&notification=9")).toBe(key("/users/5?page=3"));
    expect(pageKey(`${ORIGIN}/?a=1`, "lightside").url).not.toBe(key("/?a=1"));
  });

  it("answers a page with unknown parameters from the cached page (no render), a known one renders its own", async () => {
    const post = await createPublishedPost(await createUser());
    const path = `/posts/${post.slug}`;
    expect(await guestGet(path)).toBe("MISS");
    await eventually(async () => (await guestGet(path)) === "HIT");
    expect(await guestGet(`${path}?anything=${crypto.randomUUID()}`)).toBe("HIT");
    expect(await guestGet(`${path}?utm_source=telegram&utm_campaign=x`)).toBe("HIT");
    expect(await guestGet(`${path}?comments=all`)).toBe("MISS");
  });

  it("is turned off by PAGE_CACHE=off only outside production", () => {
    const env = (vars: Record<string, string>) => vars as unknown as Env;
    expect(pageCacheEnabled(env({ ENVIRONMENT: "development" }))).toBe(true);
    expect(pageCacheEnabled(env({ ENVIRONMENT: "development", PAGE_CACHE: "off" }))).toBe(false);
    expect(pageCacheEnabled(env({ ENVIRONMENT: "production", PAGE_CACHE: "off" }))).toBe(true);
  });
});
