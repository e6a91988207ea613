import type { ShoutCommentRow, ShoutRow } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import type { PublicUserRow } from "#workers/core/accounts/public-users";
import { mediaUrl } from "#workers/core/shared/media";

/** Spec §3 Media item: an uploaded picture (WebP on R2) or a video link (YouTube, VK, Twitch). */
export interface MediaItem {
  /** Images: the large WebP (≤1600 px wide). Videos: the video page/embed URL. */
  url: string;
  is_video: boolean;
  width: number | null;
  height: number | null;
  caption: string;
  /** Images only: a smaller WebP for grids. */
  thumb_url?: string;
}

export interface ShoutTagRef {
  slug: string;
  name: string;
}

/** Spec §3 Shout, as the API, the bonfire pages and realtime events show it. */
export interface ShoutView {
  id: number;
  /** The text of the shout (plain text; links, @mentions and #tags are recognised by the client). */
  headline: string;
  user: PublicUser;
  datetime: string;
  /** Set once the text has been edited. */
  datetime_updated: string | null;
  comments_count: number;
  is_pinned: boolean;
  is_muted: boolean;
  is_frozen: boolean;
  is_media_hidden: boolean;
  pwnd: number;
  ownd: 1 | -1 | 0;
  is_bookmarked: boolean;
  images: MediaItem[];
  tags: ShoutTagRef[];
  /** Null when the author's `is_shouts_views_enabled` is off. */
  views_count: number | null;
  can_edit: boolean;
  can_delete: boolean;
  /** Pin, mute, freeze. */
  can_moderate: boolean;
}

/** Spec §3 Shout comment: the post comment shape with the shout id instead of the post slug. */
export interface ShoutCommentView {
  id: number;
  shout: number;
  depth: number;
  respond_to_comment: number | null;
  children: ShoutCommentView[];
  user: PublicUser;
  /** Plain text with line breaks; "" for a deleted placeholder. */
  text: string;
  datetime: string;
  datetime_updated: string | null;
  can_delete: boolean;
  can_edit: boolean;
  pwnd: number;
  ownd: 1 | -1 | 0;
  is_deleted: boolean;
}

/** The shout page: the shout with its comment tree. */
export interface ShoutDetail extends ShoutView {
  comments: ShoutCommentView[];
}

/** A picture in a member's pictures list (/users/{id}/pictures). */
export type UserPicture = MediaItem & { shout_id: number; datetime: string };

// ─── serializers (server side; the types above are what the UI imports) ────────────────────────────

/** A stored media row: `key` is the R2 key prefix of a picture or the URL of a video. */
export interface MediaRowLike {
  isVideo: boolean;
  key: string;
  width: number | null;
  height: number | null;
  caption: string;
}

/** R2 keys of a picture's two variants. */
export function pictureKeys(prefix: string): { large: string; thumb: string } {
  return { large: `${prefix}.webp`, thumb: `${prefix}-thumb.webp` };
}

export function serializeMedia(row: MediaRowLike): MediaItem {
  if (row.isVideo) {
    return { url: row.key, is_video: true, width: row.width, height: row.height, caption: row.caption };
  }
  const keys = pictureKeys(row.key);
  return {
    url: mediaUrl(keys.large),
    is_video: false,
    width: row.width,
    height: row.height,
    caption: row.caption,
    thumb_url: mediaUrl(keys.thumb),
  };
}

export interface ShoutExtras {
  author: PublicUserRow;
  media: MediaItem[];
  tags: ShoutTagRef[];
  ownd: 1 | -1 | 0;
  isBookmarked: boolean;
  /** The author's `is_shouts_views_enabled`. */
  showViews: boolean;
  rights: { edit: boolean; delete: boolean; moderate: boolean };
}

export function serializeShout(row: ShoutRow, extras: ShoutExtras): ShoutView {
  return {
    id: row.id,
    headline: row.text,
    user: serializePublicUser(extras.author),
    datetime: row.createdAt.toISOString(),
    datetime_updated: row.updatedAt.getTime() > row.createdAt.getTime() ? row.updatedAt.toISOString() : null,
    comments_count: row.commentsCount,
    is_pinned: row.isPinned,
    is_muted: row.isMuted,
    is_frozen: row.isFrozen,
    is_media_hidden: row.isMediaHidden,
    pwnd: row.pwnd,
    ownd: extras.ownd,
    is_bookmarked: extras.isBookmarked,
    images: extras.media,
    tags: extras.tags,
    views_count: extras.showViews ? row.viewsCount : null,
    can_edit: extras.rights.edit,
    can_delete: extras.rights.delete,
    can_moderate: extras.rights.moderate,
  };
}

/** An interface as a plain object type (the realtime channel's loose object schemas need one). */
export type Plain<T> = { [K in keyof T]: T[K] };

/** A view as the channel sends it: the same for every viewer (clients recompute their own flags). */
export function neutralShout(view: ShoutView): Plain<ShoutView> {
  return { ...view, ownd: 0, is_bookmarked: false, can_edit: false, can_delete: false, can_moderate: false };
}

export function serializeShoutComment(
  row: ShoutCommentRow,
  author: PublicUserRow,
  extras: { ownd: 1 | -1 | 0; canEdit: boolean; canDelete: boolean },
): ShoutCommentView {
  const deleted = row.isDeleted;
  return {
    id: row.id,
    shout: row.shoutId,
    depth: row.depth,
    respond_to_comment: row.parentId ?? null,
    children: [],
    user: serializePublicUser(author),
    text: deleted ? "" : row.text,
    datetime: row.createdAt.toISOString(),
    datetime_updated:
      !deleted && row.updatedAt.getTime() > row.createdAt.getTime() ? row.updatedAt.toISOString() : null,
    can_delete: !deleted && extras.canDelete,
    can_edit: !deleted && extras.canEdit,
    pwnd: deleted ? 0 : row.pwnd,
    ownd: deleted ? 0 : extras.ownd,
    is_deleted: deleted,
  };
}

/** A comment as the channel sends it: no viewer-specific flags, no children. */
export function neutralShoutComment(view: ShoutCommentView): Plain<ShoutCommentView> {
  return { ...view, user: { ...view.user }, children: [], ownd: 0, can_edit: false, can_delete: false };
}

export { shoutCommentUrl, shoutUrl } from "./shouts.urls";
