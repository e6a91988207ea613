import type { UserRow } from "#drizzle/schema";
import { recordActivity, removeActivity, updateActivityMessages } from "#workers/core/activity/activity";
import { commentUrl } from "#workers/core/comments/comments.serializers";
import type { RequestContext } from "#workers/platform/context";
import { type Notified, notify, removeNotifications, updateNotificationMessages } from "../notifications";
import { STREAM_TYPE } from "../notifications.constants";
import { excerpt, postTitle, type StreamItem } from "../notifications.serializers";
import { sourceKey } from "../sources";
import { bestEffort, notifyAll } from "./best-effort";
import { newMentions, notifyMentions } from "./mentions";

/** Triggers about posts, shared drafts and comments on posts. */

export function postUrl(slug: string): string {
  return `/posts/${encodeURIComponent(slug)}`;
}

interface PostRef {
  id: number;
  slug: string;
  title: string;
  userId: number;
}

/** A post published for the first time: an activity item. */
export async function onPostPublished(
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

/**
 * A new comment: an activity item (type 2), and one notification per member at most — a reply to your
 * comment (type 2), else a comment on your post (type 2), else an @mention of you (type 8).
 */
export async function onCommentCreated(
  ctx: RequestContext,
  input: { actor: UserRow; post: PostRef; comment: { id: number; text: string }; repliedToUserId: number | null },
): Promise<Notified[]> {
  const { actor, post, comment } = input;
  const key = sourceKey.comment(post.id, comment.id);
  const url = commentUrl(post.slug, comment.id);
  const title = postTitle(post.title);
  const message = excerpt(comment.text);
  const activity = bestEffort(
    "activity for a comment",
    () =>
      recordActivity(ctx, {
        actor,
        type: STREAM_TYPE.comment,
        texts: {
          pre_title: "прокомментировал(а) статью",
          title,
          title_url: postUrl(post.slug),
          message,
          message_url: url,
        },
        sourceKey: key,
      }),
    null,
  );

  const told = new Set<number>([actor.id]);
  const jobs: Promise<Notified | null>[] = [];
  const texts = { title, title_url: postUrl(post.slug), message, message_url: url };
  const send = (recipientId: number, preTitle: string) => {
    told.add(recipientId);
    jobs.push(
      notify(ctx, {
        recipientId,
        actor,
        type: STREAM_TYPE.comment,
        texts: { ...texts, pre_title: preTitle },
        sourceKey: key,
      }),
    );
  };
  if (input.repliedToUserId !== null && !told.has(input.repliedToUserId)) {
    send(input.repliedToUserId, "ответил(а) на ваш комментарий к статье");
  }
  if (!told.has(post.userId)) send(post.userId, "прокомментировал(а) вашу статью");
  jobs.push(
    ...(await notifyMentions(ctx, {
      actor,
      text: comment.text,
      told,
      preTitle: "упомянул(а) вас в комментарии к статье",
      texts: { ...texts, pre_title: "" },
      key,
    })),
  );
  const [notified] = await Promise.all([notifyAll("notification about a comment", jobs), activity]);
  return notified;
}

/**
 * An edited comment: the items about it show the new text; members newly @mentioned by the edit are told
 * (once: members already notified about this comment are not told again).
 */
export async function onCommentUpdated(
  ctx: RequestContext,
  input: { author: UserRow; post: PostRef; comment: { id: number; text: string }; oldText: string },
): Promise<Notified[]> {
  const { author, post, comment } = input;
  const key = sourceKey.comment(post.id, comment.id);
  const message = excerpt(comment.text);
  await Promise.all([
    bestEffort("updating comment activity", () => updateActivityMessages(ctx, key, message), undefined),
    bestEffort("updating comment notifications", () => updateNotificationMessages(ctx, key, message), undefined),
  ]);
  return newMentions(ctx, {
    author,
    oldText: input.oldText,
    text: comment.text,
    key,
    texts: {
      pre_title: "упомянул(а) вас в комментарии к статье",
      title: postTitle(post.title),
      title_url: postUrl(post.slug),
      message,
      message_url: commentUrl(post.slug, comment.id),
    },
  });
}

/** A comment deleted (or left as a placeholder): its activity item and notifications go. */
export async function onCommentRemoved(
  ctx: RequestContext,
  input: { postId: number; commentId: number },
): Promise<void> {
  const match = { keys: [sourceKey.comment(input.postId, input.commentId)] };
  await Promise.all([
    bestEffort("removing a comment's activity", () => removeActivity(ctx, match), []),
    bestEffort("removing a comment's notifications", () => removeNotifications(ctx, match), []),
  ]);
}
