import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { memberClient } from "#tests/factories/client";
import { eventually } from "#tests/factories/db";
import { createPublishedPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";

const ORIGIN = "http://localhost";

/**
 * The stylesheets a page's HTML links, in order — but the development server's inline-able critical CSS, which
 * React Router adds outside production builds (the tests run on Vite's development build).
 */
function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .filter((m) => !m[0].includes("data-react-router-critical-css"))
    .map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1] ?? "");
}

/** The stylesheets a response's `Link` header preloads, in order; fails on any other kind of link in it. */
function preloadedStylesheets(res: Response): string[] {
  const header = res.headers.get("Link") ?? "";
  return header
    .split(/,\s*/)
    .filter(Boolean)
    .map((entry) => {
      const match = /^<([^>]+)>; rel=preload; as=style$/.exec(entry);
      expect(match, entry).not.toBeNull();
      return match?.[1] ?? "";
    });
}

/** A page's response: its Link header preloads exactly the stylesheets its HTML links (at least the site's). */
async function expectStylesPreloaded(res: Response): Promise<string[]> {
  const html = await res.text();
  const linked = linkedStylesheets(html);
  expect(linked.length).toBeGreaterThan(0);
  expect(linked.every((href) => href.endsWith(".css"))).toBe(true);
  expect(preloadedStylesheets(res)).toEqual(linked);
  return linked;
}

describe("pages preload their stylesheets in a Link header", () => {
  it("a guest's pages, rendered and from the page cache, and a member's", async () => {
    const post = await createPublishedPost(await createUser());
    const path = `/posts/${post.slug}`;
    const first = await SELF.fetch(`${ORIGIN}${path}`);
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    const postStyles = await expectStylesPreloaded(first);
    // The post page has its own stylesheet besides the site's.
    expect(postStyles.length).toBeGreaterThan(1);
    await eventually(async () => {
      const res = await SELF.fetch(`${ORIGIN}${path}`);
      if (res.headers.get("X-Page-Cache") !== "HIT") {
        await res.body?.cancel();
        return false;
      }
      expect(await expectStylesPreloaded(res)).toEqual(postStyles);
      return true;
    });

    const bonfire = await SELF.fetch(`${ORIGIN}/bonfire`);
    expect(await expectStylesPreloaded(bonfire)).not.toEqual(postStyles);

    const { client } = await memberClient();
    const home = await client.request("GET", `${ORIGIN}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("X-Page-Cache")).toBeNull();
    await expectStylesPreloaded(home);
  });

  it("an error page preloads only what it links (the site's stylesheet, not the failed route's)", async () => {
    const missing = await SELF.fetch(`${ORIGIN}/posts/no-such-post-${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    const styles = await expectStylesPreloaded(missing);
    expect(styles).toHaveLength(1);
  });
});
