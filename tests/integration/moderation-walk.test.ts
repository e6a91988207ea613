import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sanctions, users } from "#drizzle/schema";
import { type ErrorBody, memberClient } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { db } from "#tests/factories/db";
import { PNG_6X4 } from "#tests/factories/images";
import { createPublishedPost } from "#tests/factories/posts";
import { createShoutCommentRow, createShoutRow } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";

/**
 * Walks the OpenAPI document: every unsafe route, called by a blocked member on their own rows (so that without
 * the sanction most would succeed), must answer 403 with «Вы заблокированы до …: причина». A new route is covered
 * the moment it is in the document; the few a sanctioned member keeps (decision 0024) are listed here and must
 * NOT answer with the sanction.
 */
const ALLOWED_WHILE_SANCTIONED = new Set([
  // Signing in and out, the password.
  "POST /v1/auth/sign-in/",
  "POST /v1/auth/sign-out/",
  "POST /v1/auth/sign-up/",
  "POST /v1/auth/reset/",
  "POST /v1/auth/set/{uid}/{token}/",
  // Own settings, sessions and devices.
  "PATCH /v1/user/me/",
  "POST /v1/user/sessions/revoke-others/",
  "PATCH /v1/user/fp/",
  "POST /v1/push/subscription/",
  "DELETE /v1/push/subscription/",
  // Own notifications, ignores and bookmarks (nobody else sees them).
  "PATCH /v1/notification/view-all/",
  "PATCH /v1/notification/{id}/view/",
  "POST /v1/user/{id}/ignore/",
  "DELETE /v1/user/{id}/ignore/",
  "POST /v1/bookmark/",
  // Following releases is the member's own list.
  "POST /v1/release/subscribe/",
  "PATCH /v1/release/settings/",
  // Taking one's own things down from public view is always allowed.
  "DELETE /v1/social-account/{id}/",
  "DELETE /v1/year/{year}/share/",
]);

const UNSAFE = ["post", "put", "patch", "delete"];
const REASON = "Флуд в записках";
const DAY = 24 * 60 * 60 * 1000;

describe("a sanctioned member on every unsafe route of the OpenAPI document", () => {
  it("gets 403 with the reason and the end date, except on the routes decision 0024 leaves open", {
    timeout: 120_000,
  }, async () => {
    const doc = (await (await SELF.fetch("http://localhost/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => UNSAFE.includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    // Signing out ends the walk's session: last.
    routes.sort((a, b) => Number(a.path === "/v1/auth/sign-out/") - Number(b.path === "/v1/auth/sign-out/"));
    expect(routes.length).toBeGreaterThan(30);
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    // The list names real routes (a renamed route would silently lose its exception).
    expect([...ALLOWED_WHILE_SANCTIONED].filter((k) => !keys.has(k))).toEqual([]);

    // The strictest case: a member with every right (admin, moderator, games editor), blocked directly in the
    // database (no moderator may sanction an admin), so that no route can refuse for lack of rights instead.
    const { client, user } = await memberClient({ isMod: true, isAdmin: true, isDbEditor: true });
    const other = await createUser();
    const post = await createPublishedPost(user);
    const comment = await createCommentRow(post, user);
    const shout = await createShoutRow(user);
    const shoutComment = await createShoutCommentRow(shout, user);
    await db()
      .insert(sanctions)
      .values({
        userId: user.id,
        kind: "block",
        reason: REASON,
        days: 3,
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 3 * DAY),
      });
    await db()
      .update(users)
      .set({ blockedUntil: new Date(Date.now() + 3 * DAY) })
      .where(eq(users.id, user.id));

    const realPath = (path: string) =>
      path
        .replace("{slug}", post.slug)
        .replace("{uid}", String(user.id))
        .replace("{token}", "0".repeat(32))
        .replace(/^\/v1\/comment\/\{id\}/, `/v1/comment/${comment.id}`)
        .replace(/^\/v1\/shout\/\{id\}/, `/v1/shout/${shout.id}`)
        .replace(/^\/v1\/shout-comment\/\{id\}/, `/v1/shout-comment/${shoutComment.id}`)
        .replace(/^\/v1\/user\/\{id\}/, `/v1/user/${other.id}`)
        .replace("{year}", String(new Date().getFullYear()))
        .replace(/\{[a-z_]+\}/g, "1");

    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const content = route.op.requestBody?.content ?? {};
      let body: BodyInit | undefined;
      const headers: Record<string, string> = {};
      // A route that declares no JSON body gets a form with a picture under every file field name in use (a route
      // that reads no body ignores it), so an upload route reaches its service instead of refusing the body.
      if (!("application/json" in content)) {
        const form = new FormData();
        for (const name of ["file", "avatar", "background", "files", "cover", "picture"]) {
          form.append(name, new File([new Uint8Array(PNG_6X4)], "a.png", { type: "image/png" }));
        }
        form.append("text", "Текст");
        body = form;
      } else {
        body = "{}";
        headers["Content-Type"] = "application/json";
      }
      const res = await client.request(route.method, `${client.origin}/api${realPath(route.path)}`, { body, headers });
      const text = await res.text();
      let detail = "";
      try {
        detail = String((JSON.parse(text) as ErrorBody).detail ?? "");
      } catch {}
      const sanctioned = res.status === 403 && detail.startsWith("Вы заблокированы до ") && detail.endsWith(REASON);
      if (ALLOWED_WHILE_SANCTIONED.has(key)) {
        if (sanctioned) failures.push(`${key}: refused, but decision 0024 leaves it open`);
      } else if (!sanctioned) {
        failures.push(`${key}: ${res.status} ${text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
