import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookmarks, comments, likes, type PostRow, postShares, posts, postTags } from "#drizzle/schema";
import { auditInsert } from "#workers/core/audit/audit";
import { othersContentEntry } from "#workers/core/audit/audit.content";
import { AppError, type FieldErrors } from "#workers/core/errors";
import { enforceNewMemberLimits } from "#workers/core/moderation/limits";
import { onPostPublished, onPostRemoved } from "#workers/core/notifications/triggers/posts";
import { requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import { recountStatement, tagStatements } from "#workers/core/tags/tags.write";
import type { RequestContext } from "#workers/platform/context";
import { purgeGuestPages } from "#workers/platform/page-cache";
import { publish } from "#workers/realtime/publish";
import { bodyText, type TPostBody } from "./body.schemas";
import { detail, getPost, type PostDetail } from "./posts";
import { invalidatePost, NOT_FOUND, rules, visiblePost } from "./posts.access";
import { deleteImages, ownImageKey } from "./posts.images";
import { can } from "./posts.policy";
import { findPost } from "./posts.read";
import { PUBLISH_TITLE_MIN, ZDraftCreate, ZPostUpdate, ZVideoUrl } from "./posts.schemas";
import { makeSlug, UNTITLED_SLUG } from "./posts.slugs";

/** Writing posts: a new draft, saving the editor, publishing and back, deleting, pinning. */

/** POST /v1/post/: a new draft of the actor; returns its slug. */
export async function createDraft(ctx: RequestContext, input: unknown): Promise<{ slug: string; id: number }> {
  const actor = requireWriter(ctx);
  if (!can(actor, "create")) throw new AppError("forbidden");
  const { title } = parseInput(ZDraftCreate, input ?? {});
  const now = ctx.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await ctx.db
        .insert(posts)
        .values({
          slug: makeSlug(title),
          userId: actor.id,
          title: title ?? "",
          body: { type: "doc", content: [] },
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: posts.id, slug: posts.slug });
      return row;
    } catch (error) {
      if (attempt < 3 && String(error).includes("UNIQUE")) continue;
      throw error;
    }
  }
}

/** What a post must have to be published (and keep while published), field by field. */
function publishProblems(post: Pick<PostRow, "title" | "body">): FieldErrors | null {
  const errors: FieldErrors = {};
  if (post.title.trim().length < PUBLISH_TITLE_MIN)
    errors.title = [`Заголовок должен быть не короче ${PUBLISH_TITLE_MIN} символов.`];
  const body = post.body as TPostBody | null;
  const hasContent = !!body?.content?.some((block) => block.type !== "paragraph" || (block.content?.length ?? 0) > 0);
  if (!hasContent || (!bodyText(body, 10) && !body?.content.some((b) => b.type === "image" || b.type === "embed"))) {
    errors.body = ["Напишите текст статьи."];
  }
  return Object.keys(errors).length ? errors : null;
}

function throwProblems(errors: FieldErrors): never {
  throw new AppError("invalid", Object.values(errors)[0][0], { errors });
}

/** PATCH /v1/post/{slug}/: saves the editor's fields (any subset). */
export async function updatePost(ctx: RequestContext, slug: string, input: unknown): Promise<PostDetail> {
  requireWriter(ctx);
  const found = await visiblePost(ctx, slug);
  const r = await rules(ctx);
  if (!can(ctx.actor, "edit", found.access, r)) throw new AppError("forbidden", "Редактировать эту статью уже нельзя.");
  const data = parseInput(ZPostUpdate, input ?? {});
  const post = found.post;
  const patch: Partial<typeof posts.$inferInsert> = { updatedAt: ctx.now() };
  if (data.title !== undefined) patch.title = data.title;
  if (data.headline !== undefined) patch.headline = data.headline;
  if (data.body !== undefined) patch.body = data.body;

  // Cover: an uploaded image of this post, or a video URL when the background is a video.
  const isVideo = data.is_video_background ?? post.isVideoBackground;
  if (data.is_video_background !== undefined) patch.isVideoBackground = isVideo;
  if (data.image !== undefined) {
    if (data.image === null || data.image === "") patch.image = null;
    else if (isVideo) {
      const checked = ZVideoUrl.safeParse(data.image);
      if (!checked.success) throw AppError.field("image", checked.error.issues[0].message);
      patch.image = data.image;
    } else {
      const key = ownImageKey(post.id, data.image);
      if (!key) throw AppError.field("image", "Обложка должна быть картинкой, загруженной в эту статью.");
      if (key !== post.image && !(await ctx.env.MEDIA.head(key))) throw AppError.field("image", "Такой картинки нет.");
      patch.image = key;
    }
  } else if (data.is_video_background !== undefined && data.is_video_background !== post.isVideoBackground) {
    patch.image = null; // the old cover was of the other kind
  }

  const next = { ...post, ...patch } as PostRow;
  if (post.isPublished) {
    const problems = publishProblems(next);
    if (problems) throwProblems(problems);
  }
  const statements: BatchItem<"sqlite">[] = [ctx.db.update(posts).set(patch).where(eq(posts.id, post.id))];
  const audit = modEntry(ctx, post, "post.edit", { url: `/posts/${post.slug}` });
  if (audit) statements.push(audit);
  if (data.tags !== undefined) {
    const oldTagIds = (
      await ctx.db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, post.id))
    ).map((t) => t.tagId);
    statements.push(...(await tagStatements(ctx.db, post.id, data.tags)));
    statements.push(recountStatement(ctx.db, { postId: post.id, tagIds: oldTagIds }));
  }
  await batch(ctx, statements);
  const fresh = await findPost(ctx, slug);
  if (!fresh) throw new AppError("not_found", NOT_FOUND);
  if (post.isPublished) invalidatePost(ctx, post);
  return detail(ctx, fresh.post, fresh.sharedWith, r);
}

/** The audit entry of a moderator acting on someone else's published post (none for the author's own acts). */
function modEntry(ctx: RequestContext, post: PostRow, action: string, meta: Record<string, unknown> = {}) {
  if (!ctx.actor || !post.isPublished) return null;
  const entry = othersContentEntry(ctx.actor.id, post.userId, {
    action,
    targetType: "post",
    targetId: post.id,
    meta: { title: post.title, ...meta },
    at: ctx.now(),
  });
  return entry ? auditInsert(ctx.db, entry) : null;
}

async function batch(ctx: RequestContext, statements: BatchItem<"sqlite">[]): Promise<void> {
  if (!statements.length) return;
  try {
    await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (String(error).includes("UNIQUE"))
      throw new AppError("conflict", "Данные изменились одновременно. Попробуйте ещё раз.");
    throw error;
  }
}

/** POST /v1/post/{slug}/publish/: the author publishes a draft that has a title and a text. */
export async function publishPost(ctx: RequestContext, slug: string): Promise<PostDetail> {
  const actor = requireWriter(ctx);
  const found = await visiblePost(ctx, slug);
  if (found.post.isPublished) throw new AppError("conflict", "Статья уже опубликована.");
  const r = await rules(ctx);
  if (!can(ctx.actor, "publish", found.access, r))
    throw new AppError("forbidden", "Опубликовать статью может только её автор.");
  const problems = publishProblems(found.post);
  if (problems) throwProblems(problems);
  await enforceNewMemberLimits(ctx, actor);
  const now = ctx.now();
  // A draft started without a title got a placeholder slug; on its first publication it gets a readable one
  // from the title (nobody outside the draft has seen the old address yet). Published slugs never change.
  const newSlug =
    !found.post.publishedAt && found.post.slug.startsWith(`${UNTITLED_SLUG}-`) ? makeSlug(found.post.title) : slug;
  await batch(ctx, [
    ctx.db
      .update(posts)
      .set({ isPublished: true, publishedAt: found.post.publishedAt ?? now, updatedAt: now, slug: newSlug })
      .where(eq(posts.id, found.post.id)),
    recountStatement(ctx.db, { postId: found.post.id }),
  ]);
  invalidatePost(ctx, { slug: newSlug, userId: found.post.userId });
  // The activity stream tells about a post once: its first publication, not a return from the drafts.
  if (!found.post.publishedAt) await onPostPublished(ctx, { actor, post: { ...found.post, slug: newSlug } });
  return getPost(ctx, newSlug);
}

/** POST /v1/post/{slug}/unpublish/: back to a draft (and off the pinned strip). */
export async function unpublishPost(ctx: RequestContext, slug: string): Promise<PostDetail> {
  requireWriter(ctx);
  const found = await visiblePost(ctx, slug);
  if (!found.post.isPublished) throw new AppError("conflict", "Статья ещё не опубликована.");
  const r = await rules(ctx);
  if (!can(ctx.actor, "unpublish", found.access, r))
    throw new AppError("forbidden", "Снять статью с публикации уже нельзя.");
  await batch(ctx, [
    ctx.db
      .update(posts)
      .set({ isPublished: false, isPinned: false, pinnedAt: null, updatedAt: ctx.now() })
      .where(eq(posts.id, found.post.id)),
    recountStatement(ctx.db, { postId: found.post.id }),
    ...[modEntry(ctx, found.post, "post.unpublish", { url: `/posts/${found.post.slug}` })].filter((e) => e !== null),
  ]);
  await purgeGuestPages(ctx);
  publishUnpinned(ctx, found.post);
  await onPostRemoved(ctx, found.post.id);
  const fresh = await findPost(ctx, slug);
  if (!fresh) throw new AppError("not_found", NOT_FOUND);
  return detail(ctx, fresh.post, fresh.sharedWith, r);
}

/** A pinned post that leaves the site (unpublished or deleted) leaves the pinned strips too. */
function publishUnpinned(ctx: RequestContext, post: PostRow): void {
  if (!post.isPinned) return;
  publish(ctx, { type: "post_unpinned", obj: { id: post.id, slug: post.slug, is_pinned: false } }, { kind: "all" });
}

/** DELETE /v1/post/{slug}/: the post, its links, paws, bookmarks and comments in one batch; images after. */
export async function deletePost(ctx: RequestContext, slug: string): Promise<{ slug: string; deleted: true }> {
  requireWriter(ctx);
  const found = await visiblePost(ctx, slug);
  const r = await rules(ctx);
  if (!can(ctx.actor, "delete", found.access, r)) throw new AppError("forbidden", "Удалить эту статью нельзя.");
  const id = found.post.id;
  const tagIds = (await ctx.db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, id))).map(
    (t) => t.tagId,
  );
  await batch(ctx, [
    ctx.db
      .delete(likes)
      .where(
        and(
          eq(likes.itemType, "comment"),
          inArray(likes.itemId, ctx.db.select({ id: comments.id }).from(comments).where(eq(comments.postId, id))),
        ),
      ),
    ctx.db.delete(likes).where(and(eq(likes.itemType, "post"), eq(likes.itemId, id))),
    ctx.db.delete(bookmarks).where(and(eq(bookmarks.itemType, "post"), eq(bookmarks.itemId, id))),
    ctx.db.delete(comments).where(eq(comments.postId, id)),
    ctx.db.delete(postTags).where(eq(postTags.postId, id)),
    ctx.db.delete(postShares).where(eq(postShares.postId, id)),
    ctx.db.delete(posts).where(eq(posts.id, id)),
    recountStatement(ctx.db, { tagIds }),
    ...[modEntry(ctx, found.post, "post.delete")].filter((e) => e !== null),
  ]);
  ctx.waitUntil(deleteImages(ctx, id));
  await purgeGuestPages(ctx);
  publishUnpinned(ctx, found.post);
  await onPostRemoved(ctx, id);
  return { slug, deleted: true };
}

/** PATCH /v1/post/{slug}/pin/: moderators toggle a published post on the pinned strip. */
export async function togglePin(ctx: RequestContext, slug: string): Promise<{ is_pinned: boolean }> {
  const actor = requireWriter(ctx);
  const found = await visiblePost(ctx, slug);
  if (!can(actor, "pin", found.access)) throw new AppError("forbidden", "Закреплять статьи могут только модераторы.");
  const isPinned = !found.post.isPinned;
  await ctx.db.batch([
    ctx.db
      .update(posts)
      .set({ isPinned, pinnedAt: isPinned ? ctx.now() : null })
      .where(eq(posts.id, found.post.id)),
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: isPinned ? "post.pin" : "post.unpin",
      targetType: "post",
      targetId: found.post.id,
      targetUserId: found.post.userId,
      meta: { title: found.post.title, url: `/posts/${found.post.slug}` },
      at: ctx.now(),
    }),
  ]);
  invalidatePost(ctx, found.post);
  publish(
    ctx,
    {
      type: isPinned ? "post_pinned" : "post_unpinned",
      obj: { id: found.post.id, slug: found.post.slug, is_pinned: isPinned },
    },
    { kind: "all" },
  );
  return { is_pinned: isPinned };
}
