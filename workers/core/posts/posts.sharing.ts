import { and, eq } from "drizzle-orm";
import { postShares, users } from "#drizzle/schema";
import { AppError } from "#workers/core/errors";
import { onPostShared } from "#workers/core/notifications/triggers/posts";
import { requireWriter } from "#workers/core/shared/actor";
import { normaliseKey } from "#workers/core/shared/text";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import { getPost, type PostDetail } from "./posts";
import { visiblePost } from "./posts.access";
import { can } from "./posts.policy";
import { ZShare } from "./posts.schemas";

/** Drafts shared with other members: the author shares, a member leaves. */

export const MAX_SHARES = 20;

/** POST /v1/post/{slug}/share/ {username}: the author lets another member see and edit the draft. */
export async function sharePost(ctx: RequestContext, slug: string, input: unknown): Promise<PostDetail> {
  const actor = requireWriter(ctx);
  const found = await visiblePost(ctx, slug);
  if (found.post.isPublished) throw new AppError("conflict", "Поделиться можно только черновиком.");
  if (!can(actor, "share", found.access))
    throw new AppError("forbidden", "Делиться черновиком может только его автор.");
  const { username } = parseInput(ZShare, input ?? {});
  const member = await ctx.db.query.users.findFirst({ where: eq(users.usernameKey, normaliseKey(username)) });
  if (!member || member.isBanned) throw AppError.field("username", "Участник с таким именем не найден.");
  if (member.id === actor.id) throw AppError.field("username", "Это вы — автор черновика.");
  if (!found.sharedWith.includes(member.id)) {
    if (found.sharedWith.length >= MAX_SHARES)
      throw AppError.field("username", `Черновиком можно поделиться не больше чем с ${MAX_SHARES} участниками.`);
    const added = await ctx.db
      .insert(postShares)
      .values({ postId: found.post.id, userId: member.id, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ userId: postShares.userId });
    if (added.length) await onPostShared(ctx, { actor, post: found.post, memberId: member.id });
  }
  return getPost(ctx, slug);
}

/** POST /v1/post/{slug}/leave/: a member the draft was shared with gives it up. */
export async function leavePost(ctx: RequestContext, slug: string): Promise<{ slug: string; left: true }> {
  const actor = requireWriter(ctx);
  const found = await visiblePost(ctx, slug);
  if (!can(actor, "leave", found.access)) throw new AppError("forbidden", "Этой статьей с вами не делились.");
  await ctx.db.delete(postShares).where(and(eq(postShares.postId, found.post.id), eq(postShares.userId, actor.id)));
  return { slug, left: true };
}
