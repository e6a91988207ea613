import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { json, memberClient } from "#tests/factories/client";
import { eventually } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { GENERATION_TAG, pathTag } from "#workers/platform/page-cache";
import { purgeTags } from "#workers/platform/zone-purge";

// The zone purge API is a real local server here (tests/servers/cloudflare-api.mjs, started by vitest.config.ts,
// which also sets these variables; they are not in wrangler.toml, so not in the generated Env type).
const vars = env as unknown as { CF_API_URL: string; CF_ZONE_ID: string; CF_PURGE_TOKEN: string };
interface Purge {
  zone: string;
  tags: string[];
}

async function purges(): Promise<Purge[]> {
  return (await fetch(`${vars.CF_API_URL.replace("/client/v4", "")}/__purges`)).json();
}

async function purgedTag(tag: string): Promise<boolean> {
  return (await purges()).some((purge) => purge.tags.includes(tag));
}

describe("guest pages in other data centres (zone purge by Cache-Tag)", () => {
  it("a cached guest page carries its path's tag, and a change to it purges that tag everywhere", async () => {
    const post = await createPost(await createUser(), { isPublished: true, publishedAt: new Date() });
    const page = await SELF.fetch(`http://localhost/posts/${post.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Page-Cache")).toBe("MISS");
    expect(page.headers.get("Cache-Tag")?.split(",")).toContain(pathTag(`/posts/${post.slug}`));

    const { client } = await memberClient();
    expect((await client.post("/comment/", { post_slug: post.slug, text: "Новая реплика" })).status).toBe(201);
    await eventually(() => purgedTag(pathTag(`/posts/${post.slug}`)));
    expect((await purges()).find((p) => p.tags.includes(pathTag(`/posts/${post.slug}`)))?.zone).toBe(vars.CF_ZONE_ID);
  });

  it("content leaving guests' view renews the page generation in every data centre", async () => {
    const post = await createPost(await createUser(), { isPublished: true, publishedAt: new Date() });
    const { client } = await memberClient();
    const comment = await json<{ id: number }>(await client.post("/comment/", { post_slug: post.slug, text: "Удалю" }));
    const before = (await purges()).filter((p) => p.tags.includes(GENERATION_TAG)).length;
    expect((await client.delete(`/comment/${comment.id}/`)).status).toBe(200);
    await eventually(async () => (await purges()).filter((p) => p.tags.includes(GENERATION_TAG)).length > before);
  });

  it("a refused purge (wrong token) is an error the caller logs, never a silent success", async () => {
    const url = `${vars.CF_API_URL}/zones/${vars.CF_ZONE_ID}/purge_cache`;
    await expect(purgeTags({ url, token: "wrong-token-0123456789" }, ["html"])).rejects.toThrow(/HTTP 403/);
    await expect(purgeTags({ url, token: vars.CF_PURGE_TOKEN }, ["html"])).resolves.toBeUndefined();
  });
});
