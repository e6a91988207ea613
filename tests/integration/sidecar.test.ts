import { describe, expect, it } from "vitest";
import { sidecarJson } from "#app/lib/sidecar";
import { memberClient } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { pageScripts } from "#tests/factories/pages";
import { createDraftRow, createPost } from "#tests/factories/posts";
import { createShoutCommentRow, createShoutRow } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import { tagSlugBase } from "#workers/core/tags/tags.schemas";

type TreeNode = { id: number; text: string; children: TreeNode[] };

/** A hostile comment: it would end a script element, open a comment in it, or run if it were markup. */
const HOSTILE = `</script><script>alert(1)</script><!-- «кавычки» & \u2028`;

describe("a page's large data beside the hydration data (app/lib/sidecar.tsx)", () => {
  it("escapes every < of the JSON, which still reads back as the same value", () => {
    const value = { text: HOSTILE, list: [1, "<b>"] };
    const written = sidecarJson(value);
    expect(written).not.toContain("<");
    expect(JSON.parse(written)).toEqual(value);
  });

  it("a post page's document carries its tree once, as JSON, and its data request as data", async () => {
    const { client } = await memberClient();
    const author = await createUser();
    const post = await createPost(author);
    const mark = `метка-${Date.now().toString(36)}`;
    const first = await createCommentRow(post, author, { text: `${mark} первая` });
    await createCommentRow(post, author, { parent: first, text: HOSTILE });

    const res = await client.get(`http://localhost/posts/${post.slug}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    const { block, others } = pageScripts(page, "sidecar-comments");
    expect(block).toHaveLength(1);
    const tree = JSON.parse(block[0] as string) as TreeNode[];
    expect(tree.map((c) => [c.id, c.text])).toEqual([[first.id, `${mark} первая`]]);
    expect(tree[0]?.children.map((c) => c.text)).toEqual([HOSTILE]);
    // Only the data block has the texts: none went into React Router's hydration data, and the hostile text
    // ended no element (the page shows it as text).
    expect(others.some((text) => text.includes(mark))).toBe(false);
    expect(page).not.toContain("<script>alert(1)");
    expect(page).toContain(`${mark} первая`);

    // A client-side navigation's data request has no HTML to carry it: the tree comes in the data.
    const data = await client.get(`http://localhost/posts/${post.slug}.data`);
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain(mark);
    expect(body).not.toContain("sidecar");
  });

  it("a shout page's document carries its comments the same way", async () => {
    const { client } = await memberClient();
    const author = await createUser();
    const shout = await createShoutRow(author);
    const mark = `записка-${Date.now().toString(36)}`;
    const comment = await createShoutCommentRow(shout, author, { text: mark });

    const page = await (await client.get(`http://localhost/bonfire/${shout.id}`)).text();
    const { block, others } = pageScripts(page, "sidecar-comments");
    expect(block).toHaveLength(1);
    expect((JSON.parse(block[0] as string) as TreeNode[]).map((c) => [c.id, c.text])).toEqual([[comment.id, mark]]);
    expect(others.some((text) => text.includes(mark))).toBe(false);
    expect(await (await client.get(`http://localhost/bonfire/${shout.id}.data`)).text()).toContain(mark);
  });

  it("a list of posts (home, a tag, a profile) carries its cards the same way, and its next pages as data", async () => {
    const { client: author, user } = await memberClient();
    const mark = `лента-${Date.now().toString(36)}`;
    const tag = `Метка ${Date.now().toString(36)}`;
    const draft = await createDraftRow(user);
    const title = `${mark} </script><script>alert(1)</script><!-- «кавычки» &`;
    const body = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Текст статьи." }] }] };
    expect((await author.patch(`/post/${draft.slug}/`, { title, body, tags: [tag] })).status).toBe(200);
    expect((await author.post(`/post/${draft.slug}/publish/`)).status).toBe(200);
    const { client } = await memberClient();

    for (const path of ["/", `/tags/${tagSlugBase(tag)}`, `/users/${user.id}`]) {
      const res = await client.get(`http://localhost${path}`);
      expect(res.status, path).toBe(200);
      const page = await res.text();
      const { block, others } = pageScripts(page, "sidecar-feed");
      expect(block, path).toHaveLength(1);
      const feed = JSON.parse(block[0] as string) as { results: { id: number; title: string }[] };
      expect(feed.results.find((p) => p.id === draft.id)?.title, path).toBe(title);
      expect(
        others.some((text) => text.includes(mark)),
        path,
      ).toBe(false);
      expect(page, path).not.toContain("<script>alert(1)");

      // «Показать ещё» loads the next page with a fetcher, which reads the page as `feed`, inline.
      const data = await (await client.get(`http://localhost${path === "/" ? "/_" : path}.data`)).text();
      expect(data, path).toContain(mark);
      expect(data, path).toContain('"feed"');
      expect(data, path).not.toContain("sidecar");
    }

    // Search's results, the same way.
    const query = `/search?q=${encodeURIComponent(mark)}`;
    const { block, others } = pageScripts(
      await (await client.get(`http://localhost${query}`)).text(),
      "sidecar-results",
    );
    expect(block).toHaveLength(1);
    expect((JSON.parse(block[0] as string) as { id: number; title: string }[]).map((p) => [p.id, p.title])).toEqual([
      [draft.id, title],
    ]);
    // The query itself is in the hydration data (the search box shows it); the result's title is not.
    expect(others.some((text) => text.includes("кавычки"))).toBe(false);
    const data = await (await client.get(`http://localhost${query.replace("?", ".data?")}`)).text();
    expect(data).toContain(mark);
    expect(data).not.toContain("sidecar");
  });

  it("a list of shouts (the bonfire, a profile's shouts) carries its shouts the same way", async () => {
    const { client } = await memberClient();
    const author = await createUser();
    const mark = `костёр-${Date.now().toString(36)}`;
    const shout = await createShoutRow(author, { text: `${mark} ${HOSTILE}` });

    for (const path of ["/bonfire", `/users/${author.id}/shouts`]) {
      const page = await (await client.get(`http://localhost${path}`)).text();
      const { block, others } = pageScripts(page, "sidecar-feed");
      expect(block, path).toHaveLength(1);
      const feed = JSON.parse(block[0] as string) as { results: { id: number; headline: string }[] };
      expect(feed.results.find((s) => s.id === shout.id)?.headline, path).toBe(`${mark} ${HOSTILE}`);
      expect(
        others.some((text) => text.includes(mark)),
        path,
      ).toBe(false);
      expect(page, path).not.toContain("<script>alert(1)");
      const data = await (await client.get(`http://localhost${path}.data`)).text();
      expect(data, path).toContain(mark);
      expect(data, path).not.toContain("sidecar");
    }
  });
});
