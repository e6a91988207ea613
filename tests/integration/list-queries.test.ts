import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { guestClient, json } from "#tests/factories/client";
import { createDraftRow, createPublishedPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";

/**
 * List queries read off indexes built for them (docs/decisions/0040-render-cpu.md): a tag's page off the links' copy
 * of their posts' publication time (post_tags_tag_published_idx, kept by triggers, written here by raw SQL as seeds
 * and imports write), a member's published posts off posts_user_idx. The page is the same as the plain query's:
 * published posts only, newest first, paged, however large the tag and however deep the page.
 */
type PageOf<T> = { results: T[]; next: string | null; previous: string | null };
type Card = { id: number; slug: string; is_published: boolean };

const run = Math.random().toString(36).slice(2, 7);

/** `count` posts of `authorId` in one statement, a published one every `draftEvery`-th a draft, newest last. */
async function bulkPosts(
  authorId: number,
  count: number,
  draftEvery: number,
  tag: { id: number; slug: string },
): Promise<void> {
  const base = Date.UTC(2020, 0, 1);
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO posts (slug, user_id, title, headline, body, is_published, published_at, created_at, updated_at)
     SELECT 'bulk-' || ?2 || '-' || i, ?3, 'Статья ' || i, 'Описание', '{"type":"doc","content":[]}',
            CASE WHEN i % ?4 = 0 THEN 0 ELSE 1 END,
            CASE WHEN i % ?4 = 0 THEN NULL ELSE ?5 + i * 60000 END, ?5 + i * 60000, ?5 + i * 60000
     FROM n`,
  )
    .bind(count, tag.slug, authorId, draftEvery, base)
    .run();
  await env.DB.prepare(
    `INSERT INTO post_tags (post_id, tag_id, position) SELECT id, ?1, 0 FROM posts WHERE slug LIKE 'bulk-' || ?2 || '-%'`,
  )
    .bind(tag.id, tag.slug)
    .run();
  await env.DB.prepare(
    "UPDATE tags SET posts_count = (SELECT count(*) FROM post_tags JOIN posts ON posts.id = post_id WHERE tag_id = ?1 AND is_published = 1) WHERE id = ?1",
  )
    .bind(tag.id)
    .run();
}

async function newTag(name: string): Promise<{ id: number; slug: string }> {
  const slug = `tag-${run}-${name}`;
  const row = await env.DB.prepare("INSERT INTO tags (slug, name, name_key) VALUES (?1, ?2, ?2) RETURNING id")
    .bind(slug, `${name}${run}`)
    .first<{ id: number }>();
  return { id: row?.id as number, slug };
}

/** What the page must hold: the tag's published posts, newest first, `size` from `offset`. */
async function expectedIds(tagId: number, offset: number, size: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT posts.id FROM post_tags JOIN posts ON posts.id = post_tags.post_id
     WHERE tag_id = ?1 AND is_published = 1 ORDER BY published_at DESC, posts.id DESC LIMIT ?2 OFFSET ?3`,
  )
    .bind(tagId, size, offset)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("a tag's posts", () => {
  it("a tag on 2,000 posts: pages of published posts, newest first", { timeout: 60_000 }, async () => {
    const author = await createUser();
    const tag = await newTag("busy");
    await bulkPosts(author.id, 2_200, 10, tag);
    const count = await env.DB.prepare("SELECT posts_count AS n FROM tags WHERE id = ?")
      .bind(tag.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1_980);
    const guest = await guestClient();
    const first = await json<PageOf<Card>>(await guest.get(`/tag/${tag.slug}/posts/`));
    expect(first.results.map((p) => p.id)).toEqual(await expectedIds(tag.id, 0, 20));
    const third = await json<PageOf<Card>>(await guest.get(`/tag/${tag.slug}/posts/?page=3`));
    expect(third.results.map((p) => p.id)).toEqual(await expectedIds(tag.id, 40, 20));
    expect(third.results.every((p) => p.is_published)).toBe(true);
  });

  it("a deep page of a larger tag", { timeout: 60_000 }, async () => {
    const author = await createUser();
    const tag = await newTag("busier");
    await bulkPosts(author.id, 2_400, 7, tag);
    const guest = await guestClient();
    const first = await json<PageOf<Card>>(await guest.get(`/tag/${tag.slug}/posts/`));
    expect(first.results.map((p) => p.id)).toEqual(await expectedIds(tag.id, 0, 20));
    expect(first.next).not.toBeNull();
    const last = await json<PageOf<Card>>(await guest.get(`/tag/${tag.slug}/posts/?page=99`));
    expect(last.results.map((p) => p.id)).toEqual(await expectedIds(tag.id, 98 * 20, 20));
    expect(last.results.length).toBeGreaterThan(0);
  });

  it("a rare tag among many posts: its few published posts, newest first", async () => {
    const author = await createUser();
    const tag = await newTag("rare");
    const old = await createPublishedPost(author, new Date(Date.UTC(2021, 5, 1)));
    const recent = await createPublishedPost(author, new Date(Date.UTC(2024, 5, 1)));
    const draft = await createDraftRow(author);
    for (const post of [old, recent, draft]) {
      await env.DB.prepare("INSERT INTO post_tags (post_id, tag_id, position) VALUES (?, ?, 0)")
        .bind(post.id, tag.id)
        .run();
    }
    await env.DB.prepare("UPDATE tags SET posts_count = 2 WHERE id = ?").bind(tag.id).run();
    const guest = await guestClient();
    const page = await json<PageOf<Card>>(await guest.get(`/tag/${tag.slug}/posts/`));
    expect(page.results.map((p) => p.id)).toEqual([recent.id, old.id]);
    expect(page.next).toBeNull();
  });
});

describe("a member's published posts", () => {
  it("newest first, drafts left out, paged", async () => {
    const author = await createUser();
    const posts = [];
    for (let i = 0; i < 22; i++) posts.push(await createPublishedPost(author, new Date(Date.UTC(2023, 0, 1 + i))));
    await createDraftRow(author);
    const guest = await guestClient();
    const first = await json<PageOf<Card>>(await guest.get(`/user/${author.id}/posts/`));
    const newestFirst = posts.map((p) => p.id).reverse();
    expect(first.results.map((p) => p.id)).toEqual(newestFirst.slice(0, 20));
    const second = await json<PageOf<Card>>(await guest.get(`/user/${author.id}/posts/?page=2`));
    expect(second.results.map((p) => p.id)).toEqual(newestFirst.slice(20));
  });
});
