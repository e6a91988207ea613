import type { UserRow } from "#drizzle/schema";
import { recordActivity, removeActivity } from "#workers/core/activity/activity";
import { commentUrl } from "#workers/core/comments/comments.serializers";
import { bodyText } from "#workers/core/posts/body.schemas";
import { postUrl } from "#workers/core/posts/posts.urls";
import type { RequestContext } from "#workers/platform/context";
import { type Notified, notify, removeNotifications } from "../notifications";
import { STREAM_TYPE } from "../notifications.constants";
import { excerpt, postTitle, type StreamItem } from "../notifications.serializers";
import { sourceKey } from "../sources";
import { bestEffort } from "./best-effort";
import { commentCreated, commentRemoved, commentUpdated } from "./comments";
import { notifyRoleMentions } from "./mentions";

/** Triggers about posts, shared drafts and comments on posts. */

interface PostRef {
  id: number;
  slug: string;
  title: string;
  userId: number;
}

/** A post published for the first time: an activity item, and the members of @mentioned roles are told. */
export async function onPostPublished(
  ctx: RequestContext,
  input: { actor: UserRow; post: PostRef & { headline: string; body?: unknown } },
): Promise<StreamItem | null> {
  const { post } = input;
  const text = [post.title, post.headline, bodyText(post.body)].join("\n");
  const mentions = notifyRoleMentions(ctx, {
    actor: input.actor,
    text,
    told: new Set([input.actor.id]),
    preTitle: "упомянул(а) вас в статье",
    texts: { pre_title: "", title: postTitle(post.title), title_url: postUrl(post.slug) },
    key: sourceKey.post(post.id),
  });
  const [activity] = await Promise.all([publishedActivity(ctx, input), mentions]);
  return activity;
}

function publishedActivity(
  ctx: RequestContext,
  input: { actor: UserRow; post: PostRef & { headline: string } },
): Promise<StreamItem | null> {
  const { post } = input;
  return bestEffort(
    "activity for a published post",
    () =>
      recordActivity(ctx, {
        actor: input.actor,
        type: STREAM_TYPE.post,
        texts: {
          pre_title: "опубликовал(а) статью",
          title: postTitle(post.title),
          title_url: postUrl(post.slug),
          message: excerpt(post.headline),
          message_url: post.headline.trim() ? postUrl(post.slug) : "",
        },
        sourceKey: sourceKey.post(post.id),
      }),
    null,
  );
}

/** A post unpublished or deleted: its items and everything under it (comments, paws, shares) go. */
export async function onPostRemoved(ctx: RequestContext, postId: number): Promise<void> {
  const match = { tree: sourceKey.post(postId) };
  await Promise.all([
    bestEffort("removing a post's activity", () => removeActivity(ctx, match), []),
    bestEffort("removing a post's notifications", () => removeNotifications(ctx, match), []),
  ]);
}

/** A draft shared with a member: they are told (type 7, a link to the editor). */
export async function onPostShared(
  ctx: RequestContext,
  input: { actor: UserRow; post: PostRef; memberId: number },
): Promise<Notified | null> {
  const { post } = input;
  return bestEffort(
    "notification about a shared draft",
    () =>
      notify(ctx, {
        recipientId: input.memberId,
        actor: input.actor,
        type: STREAM_TYPE.share,
        texts: {
          pre_title: "поделился(ась) с вами черновиком",
          title: postTitle(post.title),
          title_url: `${postUrl(post.slug)}/editor`,
        },
        sourceKey: sourceKey.share(post.id, input.memberId),
      }),
    null,
  );
}

// ─── comments ──────────────────────────────────────────────────────────────────────────────────────

const COMMENT = "comment";

/**
 * A new comment: an activity item (type 2), and one notification per member at most — a reply to your
 * comment (type 2), else a comment on your post (type 2), else an @mention of you (type 8).
 */
export async function onCommentCreated(
  ctx: RequestContext,
  input: { actor: UserRow; post: PostRef; comment: { id: number; text: string }; repliedToUserId: number | null },
): Promise<Notified[]> {
  const { post, comment } = input;
  return commentCreated(ctx, {
    actor: input.actor,
    what: COMMENT,
    type: STREAM_TYPE.comment,
    key: sourceKey.comment(post.id, comment.id),
    text: comment.text,
    texts: {
      title: postTitle(post.title),
      title_url: postUrl(post.slug),
      message: excerpt(comment.text),
      message_url: commentUrl(post.slug, comment.id),
    },
    ownerId: post.userId,
    repliedToUserId: input.repliedToUserId,
    activity: "прокомментировал(а) статью",
    preTitles: {
      reply: "ответил(а) на ваш комментарий к статье",
      owner: "прокомментировал(а) вашу статью",
      mention: "упомянул(а) вас в комментарии к статье",
    },
  });
}

/** An edited comment: the items about it show the new text; members newly @mentioned are told once. */
export async function onCommentUpdated(
  ctx: RequestContext,
  input: { author: UserRow; post: PostRef; comment: { id: number; text: string }; oldText: string },
): Promise<Notified[]> {
  const { post, comment } = input;
  return commentUpdated(ctx, {
    author: input.author,
    what: COMMENT,
    key: sourceKey.comment(post.id, comment.id),
    text: comment.text,
    oldText: input.oldText,
    texts: {
      title: postTitle(post.title),
      title_url: postUrl(post.slug),
      message_url: commentUrl(post.slug, comment.id),
    },
    mentionPreTitle: "упомянул(а) вас в комментарии к статье",
  });
}

/** A comment deleted (or left as a placeholder): its activity item and notifications go. */
export async function onCommentRemoved(
  ctx: RequestContext,
  input: { postId: number; commentId: number },
): Promise<void> {
  await commentRemoved(ctx, COMMENT, sourceKey.comment(input.postId, input.commentId));
}
