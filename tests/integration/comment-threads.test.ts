import { describe, expect, it } from "vitest";
import { createCommentRow } from "#tests/factories/comments";
import { serviceContext } from "#tests/factories/context";
import { createPublishedPost } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { getCommentTree, postPageComments } from "#workers/core/comments/comments";
import type { CommentView } from "#workers/core/comments/comments.serializers";

/** Four threads of 3, 2, 1 and 3 comments under one post, and one comment under another post. */
async function discussion() {
  const author = await createUser();
  const post = await createPublishedPost(author);
  const other = await createPublishedPost(author);
  const a = await createCommentRow(post, author);
  const a1 = await createCommentRow(post, author, { parent: a });
  await createCommentRow(post, author, { parent: a1 });
  const b = await createCommentRow(post, author);
  await createCommentRow(post, author, { parent: b });
  const c = await createCommentRow(post, author);
  const d = await createCommentRow(post, author);
  await createCommentRow(post, author, { parent: d });
  await createCommentRow(post, author, { parent: d });
  await createCommentRow(other, author);
  return { post, roots: [a.id, b.id, c.id, d.id] };
}

const ids = (roots: CommentView[]) => roots.map((r) => r.id);
const size = (root: CommentView): number => 1 + root.children.reduce((sum, child) => sum + size(child), 0);

describe("the first threads of a long discussion (the post page's comments)", () => {
  it("keeps whole threads until the limit is reached and counts what is left out", async () => {
    const { post, roots } = await discussion();
    const ctx = await serviceContext(null);
    const { roots: shown, hidden } = await postPageComments(ctx, post.slug, 4);
    expect(ids(shown)).toEqual(roots.slice(0, 2));
    expect(shown.map(size)).toEqual([3, 2]);
    expect(hidden).toBe(4);
    // A limit that ends a thread takes no more: the next thread starts after it.
    const three = await postPageComments(ctx, post.slug, 3);
    expect(ids(three.roots)).toEqual(roots.slice(0, 1));
    expect(three.hidden).toBe(6);
    const six = await postPageComments(ctx, post.slug, 6);
    expect(ids(six.roots)).toEqual(roots.slice(0, 3));
    expect(six.hidden).toBe(3);
    const seven = await postPageComments(ctx, post.slug, 7);
    expect(ids(seven.roots)).toEqual(roots);
    expect(seven.hidden).toBe(0);
  });

  it("never cuts a thread larger than the limit", async () => {
    const { post, roots } = await discussion();
    const { roots: shown, hidden } = await postPageComments(await serviceContext(null), post.slug, 2);
    expect(ids(shown)).toEqual([roots[0]]);
    expect(size(shown[0])).toBe(3);
    expect(hidden).toBe(6);
  });

  it("shows everything when the discussion is within the limit, like the whole tree", async () => {
    const { post } = await discussion();
    const ctx = await serviceContext(null);
    const first = await postPageComments(ctx, post.slug, 100);
    expect(first.hidden).toBe(0);
    expect(first.roots).toEqual(await getCommentTree(ctx, post.id, post.slug));
    // Without a limit, every comment: the API's tree (read by the post's id) and the page's (by its slug) alike.
    expect(await postPageComments(ctx, post.slug)).toEqual({ roots: first.roots, hidden: 0 });
    const empty = await createPublishedPost(await createUser());
    expect(await postPageComments(ctx, empty.slug, 100)).toEqual({ roots: [], hidden: 0 });
  });
});
