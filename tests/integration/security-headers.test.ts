import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { guestClient, memberClient } from "#tests/factories/client";
import { eventually } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createSessionFor, createUser } from "#tests/factories/users";
import { embedSrc } from "#workers/core/shared/video-players";
import { EMBED_FRAME_ORIGINS } from "#workers/platform/security-headers";

const ORIGIN = "http://localhost";

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Headers every response of the site carries, whatever its kind. */
function expectBaseHeaders(res: Response): void {
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  const csp = directives(res.headers.get("Content-Security-Policy"));
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
}

/** A response that is not a page: nothing in it may load or run anything. */
function expectResourcePolicy(res: Response): void {
  expectBaseHeaders(res);
  expect(directives(res.headers.get("Content-Security-Policy")).get("default-src")).toEqual(["'none'"]);
}

/**
 * A page: its CSP allows scripts only by the nonce, and every <script> of the HTML carries that nonce.
 * Returns the nonce.
 */
async function expectPagePolicy(res: Response): Promise<{ nonce: string; html: string }> {
  expectBaseHeaders(res);
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  const csp = directives(res.headers.get("Content-Security-Policy"));
  const script = csp.get("script-src") ?? [];
  const nonces = script.filter((v) => v.startsWith("'nonce-")).map((v) => v.slice("'nonce-".length, -1));
  expect(nonces).toHaveLength(1);
  const nonce = nonces[0] ?? "";
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(script).toContain("'strict-dynamic'");
  expect(script).not.toContain("'unsafe-inline'");
  expect(script).not.toContain("'unsafe-eval'");
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  expect(csp.get("connect-src")).toEqual(expect.arrayContaining(["'self'", "ws://localhost"]));
  expect(csp.get("worker-src")).toEqual(["'self'"]);
  expect(csp.get("style-src")).not.toContain("'unsafe-inline'");

  const html = await res.text();
  // Every script the browser runs carries the nonce; a data block (app/lib/sidecar.tsx: JSON, never run) needs none.
  const tags = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
  const scripts = tags.filter((tag) => !tag.includes(' type="application/json"'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
  for (const tag of tags) expect(tag).toMatch(/ nonce="|^<script type="application\/json" id="sidecar-[a-z-]+">$/);
  // The nonce is in attributes only (a nonce in the text would survive the page cache's rewrite).
  expect(html.split(nonce).length - 1).toBe([...html.matchAll(/\snonce="/g)].length);
  // No inline event handlers in the markup.
  expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  return { nonce, html };
}

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, { headers, redirect: "manual" });
}

describe("security headers on every kind of response", () => {
  it("a guest page: a fresh nonce on the miss and on every cache hit, matching the header", async () => {
    const post = await createPost(await createUser(), { title: "Заголовки безопасности" });
    const path = `/posts/${post.slug}`;
    // A guest who has a CSRF cookie already (a first visit would get one: tests/integration/page-cache.test.ts).
    const visitor = await guestClient();
    const cookie = { Cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
    const miss = await get(path, cookie);
    expect(miss.status).toBe(200);
    expect(miss.headers.get("X-Page-Cache")).toBe("MISS");
    const first = await expectPagePolicy(miss);
    expect(first.html).toContain("Заголовки безопасности");

    let hit: Response | undefined;
    await eventually(async () => {
      hit = await get(path, cookie);
      if (hit.headers.get("X-Page-Cache") === "HIT") return true;
      await hit.body?.cancel();
      return false;
    });
    const second = await expectPagePolicy(hit as Response);
    const third = await expectPagePolicy(await get(path, cookie));
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
    expect(second.html).not.toContain(first.nonce);
    expect(third.html).not.toContain(second.nonce);
  });

  it("a member page, a 404 page and a guest page without the cache", async () => {
    const user = await createUser();
    const member = await get("/", { Cookie: `sessionid=${await createSessionFor(user)}` });
    expect(member.status).toBe(200);
    expect(member.headers.get("Cache-Control")).toBe("private, no-store");
    await expectPagePolicy(member);

    const missing = await get("/no-such-page-at-all");
    expect(missing.status).toBe(404);
    await expectPagePolicy(missing);

    const signIn = await get("/auth/sign-in");
    expect(signIn.status).toBe(200);
    await expectPagePolicy(signIn);
  });

  it("redirects, feeds, robots.txt and single-fetch data", async () => {
    const redirect = await get("/auth/sign-out");
    expect(redirect.status).toBe(302);
    expectResourcePolicy(redirect);

    for (const path of ["/rss.xml", "/sitemap.xml", "/robots.txt", "/_.data", "/bonfire.data"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expectResourcePolicy(res);
      await res.body?.cancel();
    }
  });

  it("the API: JSON, errors, the OpenAPI document", async () => {
    const guest = await guestClient();
    const config = await guest.get("/config/");
    expect(config.status).toBe(200);
    expectResourcePolicy(config);
    const missing = await guest.get("/no-such-route/");
    expect(missing.status).toBe(404);
    expectResourcePolicy(missing);
    const forbidden = await guest.post("/post/", { title: "x" }, { csrf: false });
    expect(forbidden.status).toBe(403);
    expectResourcePolicy(forbidden);
    const { client } = await memberClient();
    const invalid = await client.post("/post/", { title: 5 });
    expect(invalid.status).toBe(400);
    expectResourcePolicy(invalid);
    expectResourcePolicy(await guest.get("/openapi.json"));
  });

  it("/media: files are sandboxed; missing and malformed keys are 404s, not 500s", async () => {
    await env.MEDIA.put("tests/headers.webp", new Uint8Array([1, 2, 3]), {
      httpMetadata: { contentType: "image/webp" },
    });
    const file = await get("/media/tests/headers.webp");
    expect(file.status).toBe(200);
    expectResourcePolicy(file);
    expect(directives(file.headers.get("Content-Security-Policy")).get("sandbox")).toEqual([]);
    await file.body?.cancel();
    for (const path of ["/media/tests/nothing.webp", "/media/%E0%A4%A"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expectResourcePolicy(res);
      await res.body?.cancel();
    }
  });

  it("the websocket's refusals", async () => {
    const plain = await get("/ws/");
    expect(plain.status).toBe(426);
    expectResourcePolicy(plain);
    const foreign = await get("/ws/", { Upgrade: "websocket", Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expectResourcePolicy(foreign);
  });

  it("frame-src allows exactly the players of the click-to-load embeds", async () => {
    const players = [
      embedSrc({ provider: "youtube", id: "dQw4w9WgXcQ" }, "localhost"),
      embedSrc({ provider: "vk", id: "-123_456" }, "localhost"),
      embedSrc({ provider: "twitch", id: "2012345678" }, "localhost"),
      embedSrc({ provider: "twitch", id: "some_channel" }, "localhost"),
    ].map((src) => new URL(src).origin);
    for (const origin of players) expect(EMBED_FRAME_ORIGINS).toContain(origin);
    const res = await get("/auth/sign-in");
    const frameSrc = directives(res.headers.get("Content-Security-Policy")).get("frame-src") ?? [];
    expect(frameSrc).toEqual([...EMBED_FRAME_ORIGINS]);
    await res.body?.cancel();
  });
});
