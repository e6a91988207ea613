import type { UserRow } from "#drizzle/schema";
import { recordActivity, removeActivity, updateActivityMessages } from "#workers/core/activity/activity";
import type { RequestContext } from "#workers/platform/context";
import { type Notified, notify, removeNotifications, updateNotificationMessages } from "../notifications";
import type { STREAM_TYPE } from "../notifications.constants";
import { excerpt, type StreamTexts } from "../notifications.serializers";
import { bestEffort, notifyAll } from "./best-effort";
import { newMentions, notifyMentions } from "./mentions";

/**
 * The triggers of a comment, the same for comments on posts and on shouts; the callers give the texts, the
 * kind and the words. `what` names the kind in the log ("comment", "shout comment").
 */

type CommentType = typeof STREAM_TYPE.comment | typeof STREAM_TYPE.shoutComment;

/** The texts of items about a comment, without the pre-title (it differs by recipient). */
type CommentTexts = Omit<StreamTexts, "pre_title"> & { message: string; message_url: string };

/**
 * A new comment: an activity item (unless `activity` is null), and one notification per member at most — a
 * reply to your comment, else a comment on your post or shout (both `type`), else an @mention of you (type 8).
 */
export async function commentCreated(
  ctx: RequestContext,
  input: {
    actor: UserRow;
    what: string;
    type: CommentType;
    key: string;
    text: string;
    texts: CommentTexts;
    ownerId: number;
    repliedToUserId: number | null;
    /** The activity item's pre-title, or null for no activity item. */
    activity: string | null;
    preTitles: { reply: string; owner: string; mention: string };
  },
): Promise<Notified[]> {
  const { actor, type, key, texts, preTitles } = input;
  const preTitle = input.activity;
  const activity =
    preTitle === null
      ? Promise.resolve(null)
      : bestEffort(
          `activity for a ${input.what}`,
          () => recordActivity(ctx, { actor, type, texts: { ...texts, pre_title: preTitle }, sourceKey: key }),
          null,
        );
  const told = new Set<number>([actor.id]);
  const jobs: Promise<Notified | null>[] = [];
  const send = (recipientId: number, pre_title: string) => {
    told.add(recipientId);
    jobs.push(notify(ctx, { recipientId, actor, type, texts: { ...texts, pre_title }, sourceKey: key }));
  };
  if (input.repliedToUserId !== null && !told.has(input.repliedToUserId)) send(input.repliedToUserId, preTitles.reply);
  if (!told.has(input.ownerId)) send(input.ownerId, preTitles.owner);
  jobs.push(
    ...(await notifyMentions(ctx, {
      actor,
      text: input.text,
      told,
      preTitle: preTitles.mention,
      texts: { ...texts, pre_title: "" },
      key,
    })),
  );
  const [notified] = await Promise.all([notifyAll(`notification about a ${input.what}`, jobs), activity]);
  return notified;
}

/**
 * An edited comment: the items about it show the new text; members newly @mentioned by the edit are told
 * (once: members already notified about this comment are not told again).
 */
export async function commentUpdated(
  ctx: RequestContext,
  input: {
    author: UserRow;
    what: string;
    key: string;
    text: string;
    oldText: string;
    texts: Omit<CommentTexts, "message">;
    mentionPreTitle: string;
  },
): Promise<Notified[]> {
  const { key } = input;
  const message = excerpt(input.text);
  await Promise.all([
    bestEffort(`updating ${input.what} activity`, () => updateActivityMessages(ctx, key, message), undefined),
    bestEffort(`updating ${input.what} notifications`, () => updateNotificationMessages(ctx, key, message), undefined),
  ]);
  return newMentions(ctx, {
    author: input.author,
    oldText: input.oldText,
    text: input.text,
    key,
    texts: { ...input.texts, pre_title: input.mentionPreTitle, message },
  });
}

/** A comment deleted (or left as a placeholder): its activity item and notifications go. */
export async function commentRemoved(ctx: RequestContext, what: string, key: string): Promise<void> {
  const match = { keys: [key] };
  await Promise.all([
    bestEffort(`removing a ${what}'s activity`, () => removeActivity(ctx, match), []),
    bestEffort(`removing a ${what}'s notifications`, () => removeNotifications(ctx, match), []),
  ]);
}
