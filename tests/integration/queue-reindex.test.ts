import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminClient, json, memberClient } from "#tests/factories/client";
import { eventually, scalar } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { serviceContext } from "#tests/factories/context";
import { REINDEX_RANGE, reindexRange } from "#workers/jobs/queue.reindex";

/**
 * Search reindexing through the queue (docs/decisions/0037-queues-fan-out.md): an admin starts it, the consumer
 * rebuilds each index one range of rowids at a time, each step sending the next.
 */

const inIndex = (postId: number) => scalar("SELECT count(*) FROM search_posts WHERE rowid = ?", postId);
const inTitles = (postId: number) => scalar("SELECT count(*) FROM search_post_titles WHERE rowid = ?", postId);

describe("search reindex through the queue", { timeout: 30_000 }, () => {
  it("is for admins only", async () => {
    const { client } = await memberClient();
    const res = await client.post("/search/reindex/");
    expect(res.status).toBe(403);
    expect((await json<{ detail: string }>(res)).detail).toBe("Перестроить поиск может только администратор.");
  });

  it("puts back a row the index lost, in the background, and notes it in the audit log", async () => {
    const post = await createPost(await createUser(), { title: "Потерянная статья про очереди" });
    await env.DB.prepare("DELETE FROM search_posts WHERE rowid = ?").bind(post.id).run();
    await env.DB.prepare("DELETE FROM search_post_titles WHERE rowid = ?").bind(post.id).run();
    expect(await inIndex(post.id)).toBe(0);
    expect(await inTitles(post.id)).toBe(0);

    const { client, user } = await adminClient();
    const res = await client.post("/search/reindex/");
    expect(res.status).toBe(202);
    const body = await json<{ indexes: { index: string; until_id: number; steps: number }[] }>(res);
    expect(body.indexes.map((i) => i.index)).toEqual([
      "search_posts",
      "search_post_titles",
      "search_shouts",
      "search_comments",
      "search_feed",
    ]);
    expect(body.indexes[0].until_id).toBeGreaterThanOrEqual(post.id);

    await eventually(async () => (await inIndex(post.id)) === 1 && (await inTitles(post.id)) === 1, 10_000);
    expect(
      await scalar("SELECT count(*) FROM audit_log WHERE action = 'search.reindex' AND actor_id = ?", user.id),
    ).toBe(1);
  });

  it("rebuilds one range per step and hands on the next one", async () => {
    const post = await createPost(await createUser(), { title: "Статья для шага переиндексации" });
    await env.DB.prepare("DELETE FROM search_posts WHERE rowid = ?").bind(post.id).run();
    const ctx = await serviceContext(null);
    const afterId = Math.max(0, post.id - 1);
    const next = await reindexRange(ctx, {
      kind: "reindex",
      index: "search_posts",
      afterId,
      untilId: afterId + 2 * REINDEX_RANGE,
    });
    expect(next).toMatchObject({ afterId: afterId + REINDEX_RANGE, untilId: afterId + 2 * REINDEX_RANGE });
    expect(await inIndex(post.id)).toBe(1);
    // The last range ends the chain; running a step again changes nothing.
    expect(await reindexRange(ctx, { kind: "reindex", index: "search_posts", afterId, untilId: post.id })).toBeNull();
    expect(await inIndex(post.id)).toBe(1);
  });
});
