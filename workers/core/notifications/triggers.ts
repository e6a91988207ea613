import { and, count, eq, gte, inArray, ne, notInArray, sql } from "drizzle-orm";
import { likes, notifications, type UserRow, userIgnores, users } from "#drizzle/schema";
import { plural, pluralize } from "#workers/core/shared/plural";
import {
  recordActivity,
  removeActivity,
  updateActivityMessages,
  updateActivityTitles,
} from "#workers/core/activity/activity";
import { commentUrl } from "#workers/core/comments/comments.serializers";
import { shoutCommentUrl, shoutUrl } from "#workers/core/shouts/shouts.serializers";
import type { PawItemType } from "#workers/core/reactions/reactions.read";
import { normaliseKey } from "#workers/core/shared/text";
import type { RequestContext } from "#workers/platform/context";
import { mentionedNames } from "./mentions";
import { MENTIONS_MAX, STREAM_TYPE } from "./notifications.constants";
import { excerpt, postTitle, type StreamItem, type StreamTexts } from "./notifications.serializers";
import { type Notified, notify, removeNotifications, updateNotificationMessages } from "./notifications";
import { sourceCondition, sourceKey } from "./sources";

/**
 * What the content services trigger after their own write has committed: activity items, notifications and
 * their removal. Each step is best effort — a failure is logged and never fails the action that caused it
 * (the action's data is already saved; a missed notification is not worth an error page).
 */

/** Runs `work`, logging instead of throwing; resolves to its result or `fallback`. */
export async function bestEffort<T>(label: string, work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error(`${label} failed`, error);
    return fallback;
  }
}

/** Settles several notifications side by side; failed ones are logged and left out. */
async function notifyAll(label: string, jobs: Promise<Notified | null>[]): Promise<Notified[]> {
  const results = await Promise.allSettled(jobs);
  const done: Notified[] = [];
  for (const r of results) {
    if (r.status === "fulfilled") {
      if (r.value) done.push(r.value);
    } else console.error(`${label} failed`, r.reason);
  }
  return done;
}

export function postUrl(slug: string): string {
  return `/posts/${encodeURIComponent(slug)}`;
}

const MEMBERS: readonly [string, string, string] = ["участник", "участника", "участников"];

interface PostRef {
  id: number;
  slug: string;
  title: string;
  userId: number;
}

// ─── posts ─────────────────────────────────────────────────────────────────────────────────────────

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

/** Members mentioned in the text, by their case-insensitive username key (never `except`). */
async function mentionedMembers(ctx: RequestContext, text: string, except: Set<number>): Promise<number[]> {
  const names = mentionedNames(text);
  if (!names.length) return [];
  const keys = [...new Set(names.map(normaliseKey))];
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.usernameKey, keys), eq(users.isBanned, false)));
  return rows
    .map((r) => r.id)
    .filter((id) => !except.has(id))
    .slice(0, MENTIONS_MAX);
}

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
  const send = (
    recipientId: number,
    type: typeof STREAM_TYPE.comment | typeof STREAM_TYPE.mention,
    preTitle: string,
  ) => {
    told.add(recipientId);
    jobs.push(
      notify(ctx, {
        recipientId,
        actor,
        type,
        texts: { pre_title: preTitle, title, title_url: postUrl(post.slug), message, message_url: url },
        sourceKey: key,
      }),
    );
  };
  if (input.repliedToUserId !== null && !told.has(input.repliedToUserId)) {
    send(input.repliedToUserId, STREAM_TYPE.comment, "ответил(а) на ваш комментарий к статье");
  }
  if (!told.has(post.userId)) send(post.userId, STREAM_TYPE.comment, "прокомментировал(а) вашу статью");
  const mentioned = await bestEffort("looking up mentions", () => mentionedMembers(ctx, comment.text, told), []);
  for (const id of mentioned) send(id, STREAM_TYPE.mention, "упомянул(а) вас в комментарии к статье");
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
  const before = new Set(mentionedNames(input.oldText).map(normaliseKey));
  const added = mentionedNames(comment.text).filter((name) => !before.has(normaliseKey(name)));
  if (!added.length) return [];
  return bestEffort("notifications about new mentions", async () => {
    const candidates = await mentionedMembers(ctx, added.map((n) => `@${n}`).join(" "), new Set([author.id]));
    if (!candidates.length) return [];
    const already = await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.sourceKey, key), inArray(notifications.userId, candidates)));
    const skip = new Set(already.map((r) => r.userId));
    const url = commentUrl(post.slug, comment.id);
    return notifyAll(
      "notification about a mention",
      candidates
        .filter((id) => !skip.has(id))
        .map((recipientId) =>
          notify(ctx, {
            recipientId,
            actor: author,
            type: STREAM_TYPE.mention,
            texts: {
              pre_title: "упомянул(а) вас в комментарии к статье",
              title: postTitle(post.title),
              title_url: postUrl(post.slug),
              message,
              message_url: url,
            },
            sourceKey: key,
          }),
        ),
    );
  }, []);
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

// ─── paws ──────────────────────────────────────────────────────────────────────────────────────────

/** What a paw was given on, as `pawTexts` names it. */
const PAWED: Record<PawItemType, string> = {
  post: "вашу статью",
  comment: "ваш комментарий к статье",
  shout: "вашу записку",
  shout_comment: "ваш комментарий к записке",
};

/** The texts of a paws notification for `n` members; `named`: the item shows the latest of them. */
export function pawTexts(itemType: PawItemType, n: number, named: boolean): string {
  const what = PAWED[itemType];
  if (!named) return `${pluralize(n, MEMBERS)} ${plural(n, ["оценил", "оценили", "оценили"])} ${what}`;
  if (n <= 1) return `оценил(а) ${what}`;
  return `и ещё ${pluralize(n - 1, MEMBERS)} оценили ${what}`;
}

/**
 * A paw given (up or down, new or switched) on a member's post, comment, shout or shout comment: one
 * notification per item while unread (type 6), its count growing with each member who pawed since it
 * appeared. `showActor` follows the site's is_paw_view_enabled: while the site hides who pawed, the
 * notification names nobody.
 */
export async function onPawGiven(
  ctx: RequestContext,
  input: {
    actor: UserRow;
    target: {
      itemType: PawItemType;
      itemId: number;
      ownerId: number;
      pageUrl: string;
      title: string;
      itemUrl: string;
      sourceKey: string;
      text: string | null;
    };
    showActor: boolean;
    /** When the paw was written (likes.created_at). */
    at: Date;
  },
): Promise<Notified | null> {
  const { target } = input;
  return bestEffort(
    "notification about a paw",
    () =>
      notify(ctx, {
        recipientId: target.ownerId,
        actor: input.actor,
        showActor: input.showActor,
        at: input.at,
        type: STREAM_TYPE.paws,
        texts: ({ count: n }) => ({
          pre_title: pawTexts(target.itemType, n, input.showActor),
          title: target.title,
          title_url: target.pageUrl,
          message: target.text ? excerpt(target.text) : "",
          message_url: target.text ? target.itemUrl : "",
        }),
        sourceKey: target.sourceKey,
        groupKey: `paw:${target.itemType}:${target.itemId}`,
        countActors: async (since) => {
          const ignored = ctx.db
            .select({ id: userIgnores.ignoredUserId })
            .from(userIgnores)
            .where(eq(userIgnores.userId, target.ownerId));
          const [row] = await ctx.db
            .select({ n: count() })
            .from(likes)
            .where(
              and(
                eq(likes.itemType, target.itemType),
                eq(likes.itemId, target.itemId),
                gte(likes.createdAt, since),
                ne(likes.userId, target.ownerId),
                notInArray(likes.userId, ignored),
              ),
            );
          return row?.n ?? 1;
        },
      }),
    null,
  );
}

// ─── shouts ────────────────────────────────────────────────────────────────────────────────────────

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

/** Notifies the members @mentioned in a shout or shout comment (never those in `told`). */
async function notifyMentions(
  ctx: RequestContext,
  input: { actor: UserRow; text: string; told: Set<number>; preTitle: string; texts: StreamTexts; key: string },
): Promise<Promise<Notified | null>[]> {
  const mentioned = await bestEffort("looking up mentions", () => mentionedMembers(ctx, input.text, input.told), []);
  return mentioned.map((recipientId) => {
    input.told.add(recipientId);
    return notify(ctx, {
      recipientId,
      actor: input.actor,
      type: STREAM_TYPE.mention,
      texts: { ...input.texts, pre_title: input.preTitle },
      sourceKey: input.key,
    });
  });
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
        () => recordActivity(ctx, { actor, type: STREAM_TYPE.shout, texts: { ...texts, pre_title: "написал(а) записку" }, sourceKey: key }),
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
      await ctx.db.update(notifications).set({ title }).where(sourceCondition(sql`${notifications.sourceKey}`, tree));
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

/** Mentions added by an edit: notified unless already told about this item. */
async function newMentions(
  ctx: RequestContext,
  input: { author: UserRow; oldText: string; text: string; key: string; texts: StreamTexts },
): Promise<Notified[]> {
  const before = new Set(mentionedNames(input.oldText).map(normaliseKey));
  const added = mentionedNames(input.text).filter((name) => !before.has(normaliseKey(name)));
  if (!added.length) return [];
  return bestEffort(
    "notifications about new mentions",
    async () => {
      const candidates = await mentionedMembers(ctx, added.map((n) => `@${n}`).join(" "), new Set([input.author.id]));
      if (!candidates.length) return [];
      const already = await ctx.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.sourceKey, input.key), inArray(notifications.userId, candidates)));
      const skip = new Set(already.map((r) => r.userId));
      return notifyAll(
        "notification about a mention",
        candidates
          .filter((id) => !skip.has(id))
          .map((recipientId) =>
            notify(ctx, { recipientId, actor: input.author, type: STREAM_TYPE.mention, texts: input.texts, sourceKey: input.key }),
          ),
      );
    },
    [],
  );
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

/**
 * A new shout comment: an activity item (type 4, only for shouts shown to guests), and one notification per
 * member at most — a reply to your comment (type 4), else a comment on your shout (type 4), else an @mention
 * of you (type 8).
 */
export async function onShoutCommentCreated(
  ctx: RequestContext,
  input: { actor: UserRow; shout: ShoutRef; comment: { id: number; text: string }; repliedToUserId: number | null },
): Promise<Notified[]> {
  const { actor, shout, comment } = input;
  const key = shoutSourceKey.comment(shout.id, comment.id);
  const texts = { ...shoutTexts(shout), message: excerpt(comment.text), message_url: shoutCommentUrl(shout.id, comment.id) };
  const activity = shout.isPublic
    ? bestEffort(
        "activity for a shout comment",
        () =>
          recordActivity(ctx, {
            actor,
            type: STREAM_TYPE.shoutComment,
            texts: { ...texts, pre_title: "прокомментировал(а) записку" },
            sourceKey: key,
          }),
        null,
      )
    : Promise.resolve(null);
  const told = new Set<number>([actor.id]);
  const jobs: Promise<Notified | null>[] = [];
  const send = (recipientId: number, preTitle: string) => {
    told.add(recipientId);
    jobs.push(
      notify(ctx, { recipientId, actor, type: STREAM_TYPE.shoutComment, texts: { ...texts, pre_title: preTitle }, sourceKey: key }),
    );
  };
  if (input.repliedToUserId !== null && !told.has(input.repliedToUserId)) {
    send(input.repliedToUserId, "ответил(а) на ваш комментарий к записке");
  }
  if (!told.has(shout.userId)) send(shout.userId, "прокомментировал(а) вашу записку");
  jobs.push(
    ...(await notifyMentions(ctx, {
      actor,
      text: comment.text,
      told,
      preTitle: "упомянул(а) вас в комментарии к записке",
      texts: { ...texts, pre_title: "" },
      key,
    })),
  );
  const [notified] = await Promise.all([notifyAll("notification about a shout comment", jobs), activity]);
  return notified;
}

/** An edited shout comment: its items show the new text; members newly @mentioned are told once. */
export async function onShoutCommentUpdated(
  ctx: RequestContext,
  input: { author: UserRow; shout: ShoutRef; comment: { id: number; text: string }; oldText: string },
): Promise<Notified[]> {
  const { shout, comment } = input;
  const key = shoutSourceKey.comment(shout.id, comment.id);
  const message = excerpt(comment.text);
  await Promise.all([
    bestEffort("updating shout comment activity", () => updateActivityMessages(ctx, key, message), undefined),
    bestEffort("updating shout comment notifications", () => updateNotificationMessages(ctx, key, message), undefined),
  ]);
  return newMentions(ctx, {
    author: input.author,
    oldText: input.oldText,
    text: comment.text,
    key,
    texts: {
      ...shoutTexts(shout),
      pre_title: "упомянул(а) вас в комментарии к записке",
      message,
      message_url: shoutCommentUrl(shout.id, comment.id),
    },
  });
}

/** A shout comment deleted (or left as a placeholder): its activity item and notifications go. */
export async function onShoutCommentRemoved(ctx: RequestContext, input: { shoutId: number; commentId: number }): Promise<void> {
  const match = { keys: [shoutSourceKey.comment(input.shoutId, input.commentId)] };
  await Promise.all([
    bestEffort("removing a shout comment's activity", () => removeActivity(ctx, match), []),
    bestEffort("removing a shout comment's notifications", () => removeNotifications(ctx, match), []),
  ]);
}
