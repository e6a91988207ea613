import { asc, eq, inArray } from "drizzle-orm";
import { comments, posts, shoutComments, shoutMedia, shouts, type UserRow, users } from "#drizzle/schema";
import { type AvatarUrls, avatarUrls } from "#workers/core/accounts/accounts.serializers";
import { commentUrl } from "#workers/core/comments/comments.serializers";
import { postUrl } from "#workers/core/posts/posts.urls";
import { type MediaItem, serializeMedia } from "#workers/core/shouts/shouts.serializers";
import { shoutCommentUrl, shoutUrl } from "#workers/core/shouts/shouts.urls";
import type { RequestContext } from "#workers/platform/context";
import type { ReportTarget } from "./reports.constants";

/** The reported items as moderators see them: what it says, where it is, who wrote it. */

export interface TargetAuthor {
  id: number;
  username: string;
  avatar: AvatarUrls;
}

export interface TargetContent {
  type: ReportTarget;
  id: number;
  /** false: the item is gone (deleted by its author or a moderator). */
  exists: boolean;
  url: string | null;
  /** A post's title, a member's name. */
  title: string;
  /** The text as written (comments, shouts) or a post's headline. */
  text: string;
  media: MediaItem[];
  author: TargetAuthor | null;
  /** A muted shout or an unpublished post: off the site's lists already. */
  is_hidden: boolean;
  /** The slug of the post (posts), for its editor and delete services. */
  slug: string | null;
}

export const itemKey = (type: string, id: number) => `${type}:${id}`;

function author(row: UserRow | undefined): TargetAuthor | null {
  return row ? { id: row.id, username: row.username, avatar: avatarUrls(row) } : null;
}

/** Loads reported items of any kind in a few queries; the map's keys are `itemKey(type, id)`. */
export async function loadTargets(
  ctx: RequestContext,
  refs: { type: string; id: number }[],
): Promise<Map<string, TargetContent>> {
  const ids = (type: ReportTarget) => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
  const [postIds, commentIds, shoutIds, shoutCommentIds, userIds] = [
    ids("post"),
    ids("comment"),
    ids("shout"),
    ids("shout_comment"),
    ids("user"),
  ];
  const none = Promise.resolve([]);
  const [postRows, commentRows, shoutRows, shoutCommentRows, mediaRows] = await Promise.all([
    postIds.length ? ctx.db.select().from(posts).where(inArray(posts.id, postIds)) : none,
    commentIds.length
      ? ctx.db
          .select({ comment: comments, slug: posts.slug })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(inArray(comments.id, commentIds))
      : none,
    shoutIds.length ? ctx.db.select().from(shouts).where(inArray(shouts.id, shoutIds)) : none,
    shoutCommentIds.length
      ? ctx.db.select().from(shoutComments).where(inArray(shoutComments.id, shoutCommentIds))
      : none,
    shoutIds.length
      ? ctx.db.select().from(shoutMedia).where(inArray(shoutMedia.shoutId, shoutIds)).orderBy(asc(shoutMedia.position))
      : none,
  ]);
  const authorIds = new Set<number>(userIds);
  for (const p of postRows) authorIds.add(p.userId);
  for (const c of commentRows) authorIds.add(c.comment.userId);
  for (const s of shoutRows) authorIds.add(s.userId);
  for (const c of shoutCommentRows) authorIds.add(c.userId);
  const people = authorIds.size
    ? await ctx.db
        .select()
        .from(users)
        .where(inArray(users.id, [...authorIds]))
    : [];
  const byId = new Map(people.map((u) => [u.id, u]));

  const out = new Map<string, TargetContent>();
  const base = (type: ReportTarget, id: number): TargetContent => ({
    type,
    id,
    exists: false,
    url: null,
    title: "",
    text: "",
    media: [],
    author: null,
    is_hidden: false,
    slug: null,
  });
  for (const ref of refs) out.set(itemKey(ref.type, ref.id), base(ref.type as ReportTarget, ref.id));
  for (const p of postRows) {
    out.set(itemKey("post", p.id), {
      ...base("post", p.id),
      exists: true,
      url: p.isPublished ? postUrl(p.slug) : null,
      title: p.title,
      text: p.headline,
      author: author(byId.get(p.userId)),
      is_hidden: !p.isPublished,
      slug: p.slug,
    });
  }
  for (const { comment, slug } of commentRows) {
    if (comment.isDeleted) continue;
    out.set(itemKey("comment", comment.id), {
      ...base("comment", comment.id),
      exists: true,
      url: commentUrl(slug, comment.id),
      text: comment.text,
      author: author(byId.get(comment.userId)),
      slug,
    });
  }
  for (const s of shoutRows) {
    out.set(itemKey("shout", s.id), {
      ...base("shout", s.id),
      exists: true,
      url: shoutUrl(s.id),
      text: s.text,
      media: mediaRows.filter((m) => m.shoutId === s.id).map(serializeMedia),
      author: author(byId.get(s.userId)),
      is_hidden: s.isMuted,
    });
  }
  for (const c of shoutCommentRows) {
    if (c.isDeleted) continue;
    out.set(itemKey("shout_comment", c.id), {
      ...base("shout_comment", c.id),
      exists: true,
      url: shoutCommentUrl(c.shoutId, c.id),
      text: c.text,
      author: author(byId.get(c.userId)),
    });
  }
  for (const id of userIds) {
    const u = byId.get(id);
    if (!u) continue;
    out.set(itemKey("user", id), {
      ...base("user", id),
      exists: true,
      url: `/users/${id}`,
      title: u.username,
      author: author(u),
    });
  }
  return out;
}
