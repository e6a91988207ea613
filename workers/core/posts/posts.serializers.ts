import type { PostRow } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import type { PublicUserRow } from "#workers/core/accounts/public-users";
import type { CommentView } from "#workers/core/comments/comments.serializers";
import { mediaUrl } from "#workers/core/shared/media";
import type { TPostBody } from "./body.schemas";
import { checkedBody, EMPTY_BODY } from "./body.schemas";

export interface TagRef {
  slug: string;
  name: string;
}

/** A post in lists (spec §3 Post, without body and comments). */
export interface PostCard {
  id: number;
  slug: string;
  title: string;
  headline: string;
  /** A /media/ URL of the uploaded cover, a video URL when `is_video_background`, or null. */
  image: string | null;
  is_video_background: boolean;
  user: PublicUser;
  /** Publication time (creation time for drafts), ISO 8601. */
  datetime: string;
  comments_count: number;
  is_pinned: boolean;
  is_published: boolean;
  pwnd: number;
  /** The current member's paw: 1, -1, or 0. */
  ownd: number;
  is_bookmarked: boolean;
  tags: TagRef[];
}

/** The post page and the editor. `comments` is the tree filled by the comments module. */
export interface PostDetail extends PostCard {
  /** Null when the stored body does not match the schema (the page shows a notice). */
  body: TPostBody | null;
  datetime_created: string;
  datetime_updated: string;
  can_edit: boolean;
  can_delete: boolean;
  can_publish: boolean;
  can_share: boolean;
  can_pin: boolean;
  /** Members the draft is shared with (shown to those who may edit it; empty otherwise). */
  shared_with: PublicUser[];
  comments: CommentView[];
}

export function coverUrl(post: Pick<PostRow, "image" | "isVideoBackground">): string | null {
  if (!post.image) return null;
  return post.isVideoBackground ? post.image : mediaUrl(post.image);
}

export interface CardExtras {
  user: PublicUserRow;
  tags: TagRef[];
  ownd: number;
  isBookmarked: boolean;
}

export function serializePostCard(post: Omit<PostRow, "body">, extras: CardExtras): PostCard {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    headline: post.headline,
    image: coverUrl(post),
    is_video_background: post.isVideoBackground,
    user: serializePublicUser(extras.user),
    datetime: (post.publishedAt ?? post.createdAt).toISOString(),
    comments_count: post.commentsCount,
    is_pinned: post.isPinned,
    is_published: post.isPublished,
    pwnd: post.pwnd,
    ownd: extras.ownd,
    is_bookmarked: extras.isBookmarked,
    tags: extras.tags,
  };
}

export interface DetailExtras extends CardExtras {
  rights: { edit: boolean; delete: boolean; publish: boolean; share: boolean; pin: boolean };
  sharedWith: PublicUserRow[];
  comments: CommentView[];
}

export function serializePostDetail(post: PostRow, extras: DetailExtras): PostDetail {
  return {
    ...serializePostCard(post, extras),
    body: post.body == null ? EMPTY_BODY : checkedBody(post.body),
    datetime_created: post.createdAt.toISOString(),
    datetime_updated: post.updatedAt.toISOString(),
    can_edit: extras.rights.edit,
    can_delete: extras.rights.delete,
    can_publish: extras.rights.publish,
    can_share: extras.rights.share,
    can_pin: extras.rights.pin,
    shared_with: extras.rights.edit ? extras.sharedWith.map(serializePublicUser) : [],
    comments: extras.comments,
  };
}
