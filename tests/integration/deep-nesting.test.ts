import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ErrorBody, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { serviceContext } from "#tests/factories/context";
import { scalar } from "#tests/factories/db";
import { createDraftRow, createPublishedPost } from "#tests/factories/posts";
import { AppError } from "#workers/core/errors";
import { getPost } from "#workers/core/posts/posts";
import { updatePost } from "#workers/core/posts/posts.write";
import { MAX_INPUT_DEPTH } from "#workers/core/shared/input";

/**
 * A post body `levels` JSON levels deep: blockquotes in blockquotes (each costs two levels, the node and its
 * `content`). Built as a string: building it as an object and stringifying it would recurse.
 */
function deepBody(levels: number): string {
  const quotes = Math.ceil(levels / 2);
  return `{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(quotes)}{"type":"paragraph"}${"]}".repeat(quotes)}]}`;
}

/** A plain array nested `levels` deep (2 bytes a level: 100,000 levels stay under the API's size limit). */
const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

/** The deepest body that still fits the API's size limit: blockquotes up to 900 levels, arrays beyond. */
const deepRequestBody = (levels: number) =>
  levels <= 900 ? deepBody(levels) : `{"type":"doc","content":[${deepArray(levels)}]}`;

async function expectRussian400(res: Response) {
  expect(res.status, await res.clone().text()).toBe(400);
  const body = await json<ErrorBody>(res);
  expect(body.detail).toMatch(RUSSIAN);
  expect(body.detail).toContain("вложенность");
}

describe("deep nesting is refused before validation", () => {
  it.each([900, 100_000])(
    "PATCH /v1/post/{slug}/ with a body %i levels deep: 400 in Russian, nothing written",
    async (levels) => {
      const { client, user } = await memberClient();
      const draft = await createDraftRow(user);
      const before = await scalar<string>("SELECT body FROM posts WHERE id = ?", draft.id);
      const res = await client.request("PATCH", `/post/${draft.slug}/`, {
        body: `{"title":"Глубоко","body":${deepRequestBody(levels)}}`,
        headers: { "Content-Type": "application/json" },
      });
      await expectRussian400(res);
      expect(await scalar<string>("SELECT body FROM posts WHERE id = ?", draft.id)).toBe(before);
      expect(await scalar<string>("SELECT title FROM posts WHERE id = ?", draft.id)).toBe(draft.title);
    },
  );

  it.each([900, 100_000])("any JSON body %i levels deep is a 400 (comments, shouts, tags)", async (levels) => {
    const { client, user } = await memberClient();
    const post = await createPublishedPost(user);
    const nested = deepArray(levels);
    for (const [method, path, body] of [
      ["POST", "/comment/", `{"post_slug":"${post.slug}","text":${nested}}`],
      ["POST", "/shout/", `{"text":"Записка","captions":${nested}}`],
      ["POST", "/post/", nested],
      ["PATCH", `/post/${post.slug}/`, `{"tags":${nested}}`],
    ] as const) {
      await expectRussian400(
        await client.request(method, path, { body, headers: { "Content-Type": "application/json" } }),
      );
    }
    expect(await scalar("SELECT count(*) FROM comments WHERE post_id = ?", post.id)).toBe(0);
    expect(await scalar("SELECT count(*) FROM shouts WHERE user_id = ?", user.id)).toBe(0);
  });

  it.each([900, 100_000])("the services the pages' actions call refuse a body %i levels deep too", async (levels) => {
    const { user } = await memberClient();
    const draft = await createDraftRow(user);
    const ctx = await serviceContext(user);
    const error = await updatePost(ctx, draft.slug, { body: JSON.parse(deepBody(levels)) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toMatch(RUSSIAN);
  });

  it("a body as deep as the limit allows is kept; a stored body deeper than that is shown as broken, not a 500", async () => {
    const { client, user } = await memberClient();
    const draft = await createDraftRow(user);
    // 47 blockquotes: the paragraph inside sits 97 levels below the request object (doc, content, then two a quote).
    const res = await client.request("PATCH", `/post/${draft.slug}/`, {
      body: `{"body":${deepBody(MAX_INPUT_DEPTH - 6)}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status, await res.clone().text()).toBe(200);

    await env.DB.prepare("UPDATE posts SET body = ? WHERE id = ?").bind(deepBody(5000), draft.id).run();
    const ctx = await serviceContext(user);
    expect((await getPost(ctx, draft.slug)).body).toBeNull();
    expect((await client.get(`/post/${draft.slug}/`)).status).toBe(200);
  });
});
