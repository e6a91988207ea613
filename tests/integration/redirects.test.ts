import { describe, expect, it } from "vitest";
import { safeRedirect } from "#app/lib/redirects";
import { guestClient, memberClient } from "#tests/factories/client";
import { createUser, PASSWORD } from "#tests/factories/users";

/** Targets a browser would follow off the site, or that cannot go in a Location header. */
const OFF_SITE = [
  "/\t/evil.example",
  "/\t\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\r\nSet-Cookie: a=b",
  "/\u0000/evil.example",
  "/\u001f/evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "/ /evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "",
  ` /${"x".repeat(10)}`,
  `/${"x".repeat(3000)}`,
];

describe("safeRedirect", () => {
  for (const target of OFF_SITE) {
    it(`refuses ${JSON.stringify(target).slice(0, 60)}`, () => {
      expect(safeRedirect(target)).toBeNull();
    });
  }

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 1, {}, ["/"], new File([], "/")]) expect(safeRedirect(value)).toBeNull();
  });

  it("keeps same-site paths, normalised (path, query, fragment)", () => {
    expect(safeRedirect("/")).toBe("/");
    expect(safeRedirect("/bonfire")).toBe("/bonfire");
    expect(safeRedirect("/posts/igra?comments=1#comments")).toBe("/posts/igra?comments=1#comments");
    expect(safeRedirect("/a/../b/./c")).toBe("/b/c");
    // Encoded control characters stay encoded: a harmless path on this site.
    expect(safeRedirect("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    // Cyrillic is percent-encoded, so the Location header is plain ASCII.
    expect(safeRedirect("/tags/игры#комменты")).toBe(
      "/tags/%D0%B8%D0%B3%D1%80%D1%8B#%D0%BA%D0%BE%D0%BC%D0%BC%D0%B5%D0%BD%D1%82%D1%8B",
    );
  });
});

describe("redirect targets of the page forms, through the Worker", () => {
  const BAD = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/x",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
  ];

  it("the guest theme form goes home for a target off the site, and never answers 500", async () => {
    const client = await guestClient();
    for (const target of BAD) {
      const res = await client.form("/theme", { redirectTo: target });
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(res.headers.get("Location"), JSON.stringify(target)).toBe("/");
      expect(client.lastSetCookies.some((c) => c.startsWith("theme="))).toBe(true);
    }
    const ok = await client.form("/theme", { redirectTo: "/bonfire?x=1" });
    expect(ok.headers.get("Location")).toBe("/bonfire?x=1");
  });

  it("a failed no-JS theme change shows why on /theme instead of sending the visitor home", async () => {
    const client = await guestClient();
    const res = await client.form("/theme", { theme: "neon", redirectTo: "/bonfire" });
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
    const html = await res.text();
    expect(html).toContain("Не удалось сменить тему");
    expect(html).toContain("Такой темы нет.");
    // Nothing was changed: no theme cookie.
    expect(client.lastSetCookies.some((c) => c.startsWith("theme="))).toBe(false);
  });

  it("GET /theme is a page of its own (themes to choose from), not a redirect", async () => {
    const client = await guestClient();
    const res = await client.request("GET", "http://localhost/theme");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Тема оформления");
  });

  it("a member's theme form too", async () => {
    const { client } = await memberClient();
    for (const target of BAD) {
      const res = await client.form("/theme", { redirectTo: target });
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(res.headers.get("Location"), JSON.stringify(target)).toBe("/");
    }
  });

  it("the sign-in form goes home after signing in with a target off the site (or into /auth/)", async () => {
    const user = await createUser();
    for (const target of [...BAD, "/auth/sign-in", "/AUTH/sign-out", "/x/../auth/sign-up"]) {
      const client = await guestClient();
      const res = await client.form("/auth/sign-in", {
        username: user.username,
        password: PASSWORD,
        redirectTo: target,
      });
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(res.headers.get("Location"), JSON.stringify(target)).toBe("/");
      expect(client.cookies.has("sessionid")).toBe(true);
    }
    const client = await guestClient();
    const res = await client.form("/auth/sign-in", {
      username: user.username,
      password: PASSWORD,
      redirectTo: "/posts/new",
    });
    expect(res.headers.get("Location")).toBe("/posts/new");
  });

  it("the sign-in page sends a signed-in member only to a target on the site", async () => {
    const { client } = await memberClient();
    for (const target of BAD) {
      const res = await client.get(`${client.origin}/auth/sign-in?redirectTo=${encodeURIComponent(target)}`);
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(res.headers.get("Location"), JSON.stringify(target)).toBe("/");
    }
  });
});
