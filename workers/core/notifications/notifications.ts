import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type NotificationRow, notifications, type UserRow, userIgnores, users } from "#drizzle/schema";
import { withSettingDefaults } from "#workers/core/accounts/accounts.constants";
import { type Paged, parsePage, parsePathId, toPage } from "#workers/core/comments/paging";
import { AppError } from "#workers/core/errors";
import { type PushPayload, queuePushToAwayMember } from "#workers/core/push/push";
import { requireActor } from "#workers/core/shared/actor";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { preparedRead } from "#workers/platform/prepared";
import { publish } from "#workers/realtime/publish";
import { ignoreInForce } from "./ignores";
import { STREAM_PAGE_SIZE, type StreamType } from "./notifications.constants";
import { can, shouldNotify } from "./notifications.policy";
import {
  type NotificationEvent,
  type StreamItem,
  type StreamTexts,
  serializeNotification,
  textColumns,
} from "./notifications.serializers";
import { type SourceMatch, sourceCondition } from "./sources";

const SIGN_IN = "Войдите на сайт, чтобы увидеть уведомления.";

export interface NotifyInput {
  recipientId: number;
  /**
   * The member whose action it is: never notified about it, and silenced by the recipient's ignore list. Null:
   * the site itself (a scheduled reminder), which no ignore list silences.
   */
  actor: UserRow | null;
  /** false: the item names nobody (paws while the site hides who pawed). Default true. */
  showActor?: boolean;
  type: StreamType;
  /** The texts; for a grouped notification a function of how many members are in the group so far. */
  texts: StreamTexts | ((group: { count: number }) => StreamTexts);
  sourceKey: string;
  /**
   * Repeated events with the same key update the recipient's unread notification with that key (new actor,
   * count, texts, moved to the top) instead of adding one.
   */
  groupKey?: string;
  /**
   * How many members the group holds, counting from `since` (the group's first event); by default the
   * previous count plus one for a new actor. Paws count the paws themselves, so one member pawing again
   * is never counted twice.
   */
  countActors?: (since: Date) => Promise<number>;
  /** When the event happened (default now): the time the group counts from. */
  at?: Date;
}

/** What notify() did: the recipient and the item as sent on the channel (the push door takes the same). */
export interface Notified {
  recipientId: number;
  item: NotificationEvent;
  /** true: a grouped notification was updated rather than created. */
  grouped: boolean;
}

// Every member page reads it (the toolbar's counter): built once per isolate (workers/platform/prepared.ts).
const unreadRead = preparedRead(["userId"], (db, p) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, p.userId), isNull(notifications.viewedAt))),
);

function unreadQuery(db: Db, userId: number) {
  return unreadRead(db, { userId });
}

/** The member's unread notifications (the toolbar counter; one indexed COUNT). */
export async function countUnread(ctx: Pick<RequestContext, "db" | "read">, userId: number): Promise<number> {
  const [[row]] = await ctx.read([unreadQuery(ctx.db, userId)]);
  return row?.n ?? 0;
}

/**
 * Notifies one member about another member's action, unless it is their own action, they switched
 * notifications off (settings.is_notifications_enabled) or they ignore the actor. Publishes
 * `notification_created` (the item and the new unread count) to the recipient's tabs and returns the same,
 * or null when nobody was notified. Call it after the action's own write has committed.
 */
export async function notify(ctx: RequestContext, input: NotifyInput): Promise<Notified | null> {
  const { recipientId, actor } = input;
  if (actor && recipientId === actor.id) return null;
  const [recipientRows, ignoreRows, groupRows] = await ctx.db.batch([
    ctx.db.select({ settings: users.settings }).from(users).where(eq(users.id, recipientId)).limit(1),
    ctx.db
      .select({ one: sql<number>`1` })
      .from(userIgnores)
      .where(
        and(
          eq(userIgnores.userId, recipientId),
          eq(userIgnores.ignoredUserId, actor?.id ?? 0),
          ignoreInForce(ctx.now()),
        ),
      )
      .limit(actor ? 1 : 0),
    ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, recipientId),
          eq(notifications.groupKey, input.groupKey ?? ""),
          isNull(notifications.viewedAt),
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(input.groupKey ? 1 : 0),
  ]);
  const recipient = recipientRows[0];
  if (
    !recipient ||
    !shouldNotify({
      recipientId,
      actorId: actor?.id ?? 0,
      enabled: withSettingDefaults(recipient.settings).is_notifications_enabled,
      ignoresActor: ignoreRows.length > 0,
    })
  ) {
    return null;
  }

  const showActor = input.showActor ?? true;
  const actorId = showActor && actor ? actor.id : null;
  const now = input.at ?? ctx.now();
  const textsFor = (n: number) => (typeof input.texts === "function" ? input.texts({ count: n }) : input.texts);
  let row: NotificationRow | undefined;
  let unread = 0;
  let grouped = false;

  const existing = groupRows[0];
  if (existing) {
    const n = input.countActors
      ? Math.max(1, await input.countActors(existing.createdAt))
      : existing.groupCount + (existing.actorId === (actor?.id ?? null) ? 0 : 1);
    const [updated, counted] = await ctx.db.batch([
      ctx.db
        .update(notifications)
        .set({ ...textColumns(textsFor(n)), type: input.type, actorId, groupCount: n, updatedAt: now })
        .where(and(eq(notifications.id, existing.id), isNull(notifications.viewedAt)))
        .returning(),
      unreadQuery(ctx.db, recipientId),
    ]);
    row = updated[0];
    unread = counted[0]?.n ?? 0;
    grouped = !!row;
  }
  if (!row) {
    // No group yet, or it was viewed meanwhile: a new notification.
    const [inserted, counted] = await ctx.db.batch([
      ctx.db
        .insert(notifications)
        .values({
          ...textColumns(textsFor(1)),
          userId: recipientId,
          actorId,
          type: input.type,
          sourceKey: input.sourceKey,
          groupKey: input.groupKey ?? null,
          groupCount: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      unreadQuery(ctx.db, recipientId),
    ]);
    row = inserted[0];
    unread = counted[0]?.n ?? 0;
  }
  if (!row) return null;

  const item: NotificationEvent = { ...serializeNotification(row, showActor ? actor : null), unread };
  publish(ctx, { type: "notification_created", obj: item }, { kind: "user", id: recipientId });
  // A member with no open tab hears about it by web push, through the queue (a grouped update does not ring again).
  if (!grouped) queuePushToAwayMember(ctx, recipientId, pushPayloadOf(item));
  return { recipientId, item, grouped };
}

/** What a web push about a notification says. */
export function pushPayloadOf(item: StreamItem): PushPayload {
  return {
    notification_id: item.id,
    title: [item.pre_title, item.title].filter(Boolean).join(" ") || "Новое уведомление",
    body: item.message,
    url: item.message_url || item.title_url || "/",
  };
}

export type NotificationPage = Paged<StreamItem> & {
  /** Unread notifications of the member (spec §3 Notification list response). */
  new: number;
};

/** GET /v1/notification/?page=: the member's notifications, the latest event first, and the unread count. */
export async function listNotifications(ctx: RequestContext, page: unknown): Promise<NotificationPage> {
  const actor = requireActor(ctx, SIGN_IN);
  if (!can(actor, "list")) throw new AppError("forbidden");
  const pageNumber = parsePage(page);
  // Not one D1 batch: batches return rows as objects, which would merge the joined tables' equal column names.
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ notification: notifications, actor: users })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(eq(notifications.userId, actor.id))
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(STREAM_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * STREAM_PAGE_SIZE),
    unreadQuery(ctx.db, actor.id),
  ]);
  const paged = toPage(
    ctx,
    pageNumber,
    rows.map((r) => serializeNotification(r.notification, r.actor)),
    STREAM_PAGE_SIZE,
  );
  return { ...paged, new: counted[0]?.n ?? 0 };
}

export interface ViewResult {
  id: number;
  notification: null;
  unread: number;
}

/**
 * PATCH /v1/notification/{id}/view/: marks the member's own notification viewed (idempotent). Someone else's
 * notification is a 404, as is a missing one. Publishes `notification_viewed` to the member's tabs when it
 * changed something.
 */
export async function viewNotification(ctx: RequestContext, id: unknown): Promise<ViewResult> {
  const actor = requireActor(ctx, SIGN_IN);
  const notificationId = parsePathId(id, "Уведомление не найдено.");
  const now = ctx.now();
  const [changed, own, counted] = await ctx.db.batch([
    ctx.db
      .update(notifications)
      .set({ viewedAt: now })
      .where(
        and(eq(notifications.id, notificationId), eq(notifications.userId, actor.id), isNull(notifications.viewedAt)),
      )
      .returning({ id: notifications.id }),
    ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.id, notificationId))
      .limit(1),
    unreadQuery(ctx.db, actor.id),
  ]);
  if (!own[0] || !can(actor, "view", own[0])) throw new AppError("not_found", "Уведомление не найдено.");
  const unread = Math.max(0, counted[0]?.n ?? 0);
  if (changed.length) {
    publish(ctx, { type: "notification_viewed", obj: { id: notificationId, unread } }, { kind: "user", id: actor.id });
  }
  return { id: notificationId, notification: null, unread };
}

/** PATCH /v1/notification/view-all/: every notification of the member viewed; the count is zero. */
export async function viewAllNotifications(ctx: RequestContext): Promise<{ unread: 0 }> {
  const actor = requireActor(ctx, SIGN_IN);
  if (!can(actor, "list")) throw new AppError("forbidden");
  const result = await ctx.db
    .update(notifications)
    .set({ viewedAt: ctx.now() })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.viewedAt)))
    .run();
  if ((result.meta?.changes ?? 0) > 0) {
    publish(ctx, { type: "notification_viewed_all", obj: { unread: 0 } }, { kind: "user", id: actor.id });
  }
  return { unread: 0 };
}

/**
 * Removes the notifications about removed content and tells each recipient's tabs (`notification_deleted`
 * with their new unread count). Returns the removed ids.
 */
export async function removeNotifications(ctx: RequestContext, match: SourceMatch): Promise<number[]> {
  const removed = await ctx.db
    .delete(notifications)
    .where(sourceCondition(sql`${notifications.sourceKey}`, match))
    .returning({ id: notifications.id, userId: notifications.userId });
  if (!removed.length) return [];
  const recipients = [...new Set(removed.map((r) => r.userId))];
  const counts = await ctx.db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, recipients), isNull(notifications.viewedAt)))
    .groupBy(notifications.userId);
  const unread = new Map(counts.map((c) => [c.userId, c.n]));
  for (const r of removed) {
    publish(
      ctx,
      { type: "notification_deleted", obj: { id: r.id, unread: unread.get(r.userId) ?? 0 } },
      { kind: "user", id: r.userId },
    );
  }
  return removed.map((r) => r.id);
}

/** Keeps the message of items about an edited comment in step with its text (no event: the text is not news). */
export async function updateNotificationMessages(ctx: RequestContext, key: string, message: string): Promise<void> {
  await ctx.db.update(notifications).set({ message }).where(eq(notifications.sourceKey, key));
}
