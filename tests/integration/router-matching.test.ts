import { matchRoutes, type RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

// React Router's matching as the build patches it (vite/router-branch-prefilter.ts): branches whose first segment
// is plain text are tried only for URLs that start with it, and a segment's expression is compiled when first
// needed. The route tree has the shapes ours has: an index, static and dynamic first segments, an optional
// parameter, a pathless layout, a parent with an index and a dynamic child, a splat and a catch-all.
const routes: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "bonfire", path: "bonfire" },
      { id: "shout", path: "bonfire/:id" },
      { id: "post-new", path: "posts/new" },
      { id: "post", path: "posts/:slug" },
      { id: "editor", path: "posts/:slug/editor" },
      { id: "sign-up", path: "auth/sign-up/:code?" },
      { id: "social", path: "auth/:provider/login" },
      { id: "localized", path: ":lang?/about" },
      {
        id: "profile",
        path: "users/:id",
        children: [
          { id: "profile-posts", index: true },
          { id: "profile-shouts", path: "shouts" },
          { id: "profile-tab", path: ":tab" },
        ],
      },
      { id: "layout", children: [{ id: "tag", path: "tags/:slug" }] },
      { id: "case", path: "CaseOnly", caseSensitive: true },
      { id: "lazy-only", path: "rarely/used*" },
      { id: "files", path: "files/*" },
      { id: "missing", path: "*" },
    ],
  },
];

function leaf(url: string): string | undefined {
  return matchRoutes(routes, url)?.at(-1)?.route.id;
}

describe("route matching (patched)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("finds the same route for every kind of path", () => {
    const expected: Record<string, string> = {
      "/": "home",
      "/bonfire": "bonfire",
      "/BONFIRE": "bonfire",
      "/bonfire/": "bonfire",
      "/bonfire/12": "shout",
      "/posts/new": "post-new",
      "/posts/a-b": "post",
      "/Posts/a-b": "post",
      "/posts/a-b/editor": "editor",
      "/auth/sign-up": "sign-up",
      "/auth/sign-up/XYZ": "sign-up",
      "/auth/vk/login": "social",
      "/about": "localized",
      "/en/about": "localized",
      "/users/5": "profile-posts",
      "/users/5/shouts": "profile-shouts",
      "/users/5/comments": "profile-tab",
      "/tags/игры": "tag",
      "/tags/%D0%B8%D0%B3%D1%80%D1%8B": "tag",
      "/CaseOnly": "case",
      "/caseonly": "missing",
      "/files": "files",
      "/files/a/b": "files",
      "/nothing/here": "missing",
      "//bonfire": "missing",
      "/bonfire%2Fx": "missing",
    };
    const found = Object.fromEntries(Object.keys(expected).map((url) => [url, leaf(url)]));
    expect(found).toEqual(expected);
    expect(matchRoutes(routes, "/users/5/comments")?.at(-1)?.params).toEqual({ id: "5", tab: "comments" });
    expect(matchRoutes(routes, "/en/about")?.at(-1)?.params).toEqual({ lang: "en" });
  });

  it("compiles a branch's expression only when a URL starting with its first segment is matched", () => {
    // React Router warns as it compiles a path ending in `*` without a slash before it.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const compiledLazily = () => warn.mock.calls.some(([message]) => String(message).includes("rarely/used*"));
    expect(leaf("/bonfire/1")).toBe("shout");
    expect(compiledLazily()).toBe(false);
    expect(leaf("/rarely/used")).toBe("lazy-only");
    expect(compiledLazily()).toBe(true);
  });
});
