import { AppError } from "#workers/core/errors";
import { requireWriter } from "#workers/core/shared/actor";
import { mediaUrl } from "#workers/core/shared/media";
import type { RequestContext } from "#workers/platform/context";
import { randomToken } from "#workers/platform/crypto";
import { putAll, readUpload, widthVariants } from "#workers/platform/images";
import { rules, visiblePost } from "./posts.access";
import { can } from "./posts.policy";
import { POST_IMAGE_WIDTH, ZPostImageUrl } from "./posts.schemas";

/** Post images in R2 (posts/<post id>/<token>.webp): uploads, the cover check and the clean-up. */

/** Media item (spec §3): what the editor inserts for an uploaded picture. */
export interface MediaItem {
  url: string;
  is_video: boolean;
  width: number;
  height: number;
  caption: string | null;
}

/**
 * POST /v1/post/{slug}/image/: an image for the editor or the cover, checked by content, scaled to at most
 * 1600 px wide, stored as WebP in R2 under posts/<id>/. Nothing is written to D1; on any failure nothing
 * stays in R2.
 */
export async function uploadPostImage(ctx: RequestContext, slug: string, file: unknown): Promise<MediaItem> {
  requireWriter(ctx);
  const found = await visiblePost(ctx, slug);
  const r = await rules(ctx);
  if (!can(ctx.actor, "edit", found.access, r)) throw new AppError("forbidden", "Редактировать эту статью уже нельзя.");
  const bytes = await readUpload(file, "file");
  const [{ body, width, height }] = widthVariants(bytes, [POST_IMAGE_WIDTH], { field: "file" });
  const key = `posts/${found.post.id}/${randomToken(12).replace(/[^\w-]/g, "")}.webp`;
  await putAll(ctx.env.MEDIA, [{ key, body }]);
  return { url: mediaUrl(key), is_video: false, width, height, caption: null };
}

/** The key of an uploaded cover of this post ("/media/posts/<id>/x.webp" → "posts/<id>/x.webp"), or null. */
export function ownImageKey(postId: number, url: string): string | null {
  if (!ZPostImageUrl.safeParse(url).success) return null;
  const key = url.slice("/media/".length);
  return key.startsWith(`posts/${postId}/`) ? key : null;
}

/** Removes every image of a deleted post from R2. */
export async function deleteImages(ctx: RequestContext, postId: number): Promise<void> {
  let cursor: string | undefined;
  do {
    const listing = await ctx.env.MEDIA.list({ prefix: `posts/${postId}/`, cursor });
    if (listing.objects.length) await ctx.env.MEDIA.delete(listing.objects.map((o) => o.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}
