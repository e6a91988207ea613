import { sql } from "drizzle-orm";
import { notifications, type UserRow } from "#drizzle/schema";
import { recordActivity, removeActivity, updateActivityTitles } from "#workers/core/activity/activity";
import { shoutCommentUrl, shoutUrl } from "#workers/core/shouts/shouts.serializers";
import type { RequestContext } from "#workers/platform/context";
import { type Notified, removeNotifications } from "../notifications";
import { STREAM_TYPE } from "../notifications.constants";
import { excerpt } from "../notifications.serializers";
import { sourceCondition } from "../sources";
import { bestEffort, notifyAll } from "./best-effort";
import { commentCreated, commentRemoved, commentUpdated } from "./comments";
import { newMentions, notifyMentions } from "./mentions";

/** Triggers about shouts and their comments. */

/**
 * `source_key`s of items about shouts, in the same tree form as posts' (docs/decisions/0017): removing a shout
 * removes "shout:<id>" and everything under "shout:<id>/".
 */
export const shoutSourceKey = {
  shout: (shoutId: number) => `shout:${shoutId}`,
  comment: (shoutId: number, commentId: number) => `shout:${shoutId}/comment:${commentId}`,
};

/** The shout's text as the title of items about it (a shout may be pictures only). */
export function shoutTitle(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line ? excerpt(line, SHOUT_TITLE_MAX) : "Записка";
}
const SHOUT_TITLE_MAX = 60;

interface ShoutRef {
  id: number;
  text: string;
  userId: number;
  /** The shout has pictures or videos, and whether they are under a spoiler. */
  hasMedia: boolean;
  isMediaHidden: boolean;
  /** The author shows shouts to guests: only then does the public activity stream tell about it. */
  isPublic: boolean;
}

function shoutTexts(shout: ShoutRef) {
  return {
    title: shoutTitle(shout.text),
    title_url: shoutUrl(shout.id),
    has_image_title: shout.hasMedia,
    is_hidden_title: shout.hasMedia && shout.isMediaHidden,
  };
}

/** A new shout: an activity item (type 3, only for shouts shown to guests) and @mention notifications. */
export async function onShoutCreated(
  ctx: RequestContext,
  input: { actor: UserRow; shout: ShoutRef },
): Promise<Notified[]> {
  const { actor, shout } = input;
  const key = shoutSourceKey.shout(shout.id);
  const texts = { ...shoutTexts(shout), message: "", message_url: "" };
  const activity = shout.isPublic
    ? bestEffort(
        "activity for a shout",
        () =>
          recordActivity(ctx, {
            actor,
            type: STREAM_TYPE.shout,
            texts: { ...texts, pre_title: "написал(а) записку" },
            sourceKey: key,
          }),
        null,
      )
    : Promise.resolve(null);
  const jobs = await notifyMentions(ctx, {
    actor,
    text: shout.text,
    told: new Set([actor.id]),
    preTitle: "упомянул(а) вас в записке",
    texts: { ...texts, pre_title: "" },
    key,
  });
  const [notified] = await Promise.all([notifyAll("notification about a shout mention", jobs), activity]);
  return notified;
}

/** An edited shout: the items about it get the new title; members newly @mentioned are told once. */
export async function onShoutUpdated(
  ctx: RequestContext,
  input: { author: UserRow; shout: ShoutRef; oldText: string },
): Promise<Notified[]> {
  const { author, shout } = input;
  const key = shoutSourceKey.shout(shout.id);
  const title = shoutTitle(shout.text);
  await bestEffort(
    "updating shout items",
    async () => {
      // The items about its comments and paws carry its text as their title too.
      const tree = { tree: key };
      await updateActivityTitles(ctx, tree, title);
      await ctx.db
        .update(notifications)
        .set({ title })
        .where(sourceCondition(sql`${notifications.sourceKey}`, tree));
    },
    undefined,
  );
  return newMentions(ctx, {
    author,
    oldText: input.oldText,
    text: shout.text,
    key,
    texts: { ...shoutTexts(shout), pre_title: "упомянул(а) вас в записке" },
  });
}

/** A shout deleted (or muted, for the activity stream): its items and everything under it go. */
export async function onShoutRemoved(
  ctx: RequestContext,
  shoutId: number,
  what: { notifications: boolean } = { notifications: true },
): Promise<void> {
  const match = { tree: shoutSourceKey.shout(shoutId) };
  await Promise.all([
    bestEffort("removing a shout's activity", () => removeActivity(ctx, match), []),
    what.notifications ? bestEffort("removing a shout's notifications", () => removeNotifications(ctx, match), []) : [],
  ]);
}

const SHOUT_COMMENT = "shout comment";

/**
 * A new shout comment: an activity item (type 4, only for shouts shown to guests), and one notification per
 * member at most — a reply to your comment (type 4), else a comment on your shout (type 4), else an @mention
 * of you (type 8).
 */
export async function onShoutCommentCreated(
  ctx: RequestContext,
  input: { actor: UserRow; shout: ShoutRef; comment: { id: number; text: string }; repliedToUserId: number | null },
): Promise<Notified[]> {
  const { shout, comment } = input;
  return commentCreated(ctx, {
    actor: input.actor,
    what: SHOUT_COMMENT,
    type: STREAM_TYPE.shoutComment,
    key: shoutSourceKey.comment(shout.id, comment.id),
    text: comment.text,
    texts: {
      ...shoutTexts(shout),
      message: excerpt(comment.text),
      message_url: shoutCommentUrl(shout.id, comment.id),
    },
    ownerId: shout.userId,
    repliedToUserId: input.repliedToUserId,
    activity: shout.isPublic ? "прокомментировал(а) записку" : null,
    preTitles: {
      reply: "ответил(а) на ваш комментарий к записке",
      owner: "прокомментировал(а) вашу записку",
      mention: "упомянул(а) вас в комментарии к записке",
    },
  });
}

/** An edited shout comment: its items show the new text; members newly @mentioned are told once. */
export async function onShoutCommentUpdated(
  ctx: RequestContext,
  input: { author: UserRow; shout: ShoutRef; comment: { id: number; text: string }; oldText: string },
): Promise<Notified[]> {
  const { shout, comment } = input;
  return commentUpdated(ctx, {
    author: input.author,
    what: SHOUT_COMMENT,
    key: shoutSourceKey.comment(shout.id, comment.id),
    text: comment.text,
    oldText: input.oldText,
    texts: { ...shoutTexts(shout), message_url: shoutCommentUrl(shout.id, comment.id) },
    mentionPreTitle: "упомянул(а) вас в комментарии к записке",
  });
}

/** A shout comment deleted (or left as a placeholder): its activity item and notifications go. */
export async function onShoutCommentRemoved(
  ctx: RequestContext,
  input: { shoutId: number; commentId: number },
): Promise<void> {
  await commentRemoved(ctx, SHOUT_COMMENT, shoutSourceKey.comment(input.shoutId, input.commentId));
}
