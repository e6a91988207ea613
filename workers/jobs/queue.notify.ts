import { and, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type NotificationRow, notifications, pushSubscriptions, userIgnores, users } from "#drizzle/schema";
import { withSettingDefaults } from "#workers/core/accounts/accounts.constants";
import { ignoreInForce } from "#workers/core/notifications/ignores";
import { pushPayloadOf } from "#workers/core/notifications/notifications";
import type { StreamType } from "#workers/core/notifications/notifications.constants";
import { shouldNotify } from "#workers/core/notifications/notifications.policy";
import { serializeNotification, textColumns } from "#workers/core/notifications/notifications.serializers";
import type { RequestContext } from "#workers/platform/context";
import { readVapid } from "#workers/platform/push";
import { onlineUserIds } from "#workers/realtime/presence";
import { publish } from "#workers/realtime/publish";
import { RECIPIENT_TOKEN, type TNotifyMessage, type TPushMessage } from "./queue.messages";
import { sendJobs } from "./queue.producer";

/**
 * Delivers one notification message (up to RECIPIENTS_PER_MESSAGE members) in a few D1 statements instead of two
 * batches per member: one read of the recipients' settings and ignores, one INSERT … SELECT of every row (D1 allows
 * 100 bound parameters, so the members travel as one JSON array), one count of their unread notifications. The
 * rules are notify()'s (workers/core/notifications): never the actor, only members with notifications on, not
 * those who ignore the actor. Each row carries the delivery key `${key}:${member}` (unique), so a message the queue
 * delivers again inserts — and publishes and pushes — nothing twice. Resolves to the members newly notified.
 */
export async function deliverNotifications(ctx: RequestContext, message: TNotifyMessage): Promise<number[]> {
  const idsOf = (ids: readonly number[]): SQL => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  const actorId = message.actorId ?? 0;
  const [recipients, ignoring, actors] = await ctx.db.batch([
    ctx.db
      .select({ id: users.id, settings: users.settings })
      .from(users)
      .where(inArray(users.id, idsOf(message.recipients))),
    ctx.db
      .select({ userId: userIgnores.userId })
      .from(userIgnores)
      .where(
        and(
          inArray(userIgnores.userId, idsOf(message.recipients)),
          eq(userIgnores.ignoredUserId, actorId),
          ignoreInForce(ctx.now()),
        ),
      ),
    ctx.db.select().from(users).where(eq(users.id, actorId)).limit(1),
  ]);
  const ignores = new Set(ignoring.map((r) => r.userId));
  const eligible = recipients
    .filter((r) =>
      shouldNotify({
        recipientId: r.id,
        actorId,
        enabled: withSettingDefaults(r.settings).is_notifications_enabled,
        ignoresActor: ignores.has(r.id),
      }),
    )
    .map((r) => r.id);
  if (!eligible.length) return [];

  const actor = message.showActor ? (actors[0] ?? null) : null;
  const shownActorId = actor ? actor.id : null;
  const columns = textColumns(message.texts);
  const at = message.at;
  const inserted = await ctx.db.all<{ id: number; user_id: number }>(sql`
    INSERT INTO notifications (user_id, actor_id, type, pre_title, title, title_url, message, message_url, source_key,
      group_count, created_at, updated_at, delivery_key)
    SELECT value, ${shownActorId}, ${message.type}, ${columns.preTitle}, ${columns.title},
      replace(${columns.titleUrl}, ${RECIPIENT_TOKEN}, value), ${columns.message},
      replace(${columns.messageUrl}, ${RECIPIENT_TOKEN}, value), ${message.sourceKey}, 1, ${at}, ${at},
      ${`${message.key}:`} || value
    FROM json_each(${JSON.stringify(eligible)}) WHERE true
    ON CONFLICT DO NOTHING
    RETURNING id, user_id`);
  if (!inserted.length) return [];

  const told = inserted.map((r) => r.user_id);
  // Only members with a tab open hear it on the channel (one presence call per shard, not one event per member: a
  // tab opened meanwhile loads its notifications itself); the others may get a web push.
  const online = onlineUserIds(ctx.env, ctx.vars.REALTIME_SHARDS).then(
    (ids) => new Set(ids),
    (error) => {
      console.error("presence check failed: publishing to every recipient", error);
      return null;
    },
  );
  const [unreadRows, devices] = await ctx.db.batch([
    ctx.db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, idsOf(told)), isNull(notifications.viewedAt)))
      .groupBy(notifications.userId),
    ctx.db
      .selectDistinct({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, readVapid(ctx.vars) ? idsOf(told) : idsOf([]))),
  ]);
  const unread = new Map(unreadRows.map((r) => [r.userId, r.n]));
  const present = await online;
  const withDevices = new Set(devices.map((r) => r.userId));
  const when = new Date(at);
  const pushes: TPushMessage[] = [];
  for (const { id, user_id: userId } of inserted) {
    const row: NotificationRow = {
      id,
      userId,
      actorId: shownActorId,
      type: message.type as StreamType,
      ...columns,
      titleUrl: columns.titleUrl.replaceAll(RECIPIENT_TOKEN, String(userId)),
      messageUrl: columns.messageUrl.replaceAll(RECIPIENT_TOKEN, String(userId)),
      sourceKey: message.sourceKey,
      groupKey: null,
      groupCount: 1,
      createdAt: when,
      updatedAt: when,
      viewedAt: null,
      deliveryKey: `${message.key}:${userId}`,
    };
    const item = { ...serializeNotification(row, actor), unread: unread.get(userId) ?? 1 };
    if (!present || present.has(userId)) {
      publish(ctx, { type: "notification_created", obj: item }, { kind: "user", id: userId });
    }
    if (withDevices.has(userId) && !present?.has(userId)) {
      pushes.push({ kind: "push", userId, payload: pushPayloadOf(item) });
    }
  }
  // The pushes are messages of their own: a push service's failure retries one push, never this message's rows.
  // Best effort like publish(): the rows are written, and a redelivery would find nothing left to push.
  if (pushes.length)
    await sendJobs(ctx.env, pushes).catch((error) => console.error("queueing web pushes failed", error));
  return told;
}
