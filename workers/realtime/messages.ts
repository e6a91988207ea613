import { z } from "zod";

/**
 * The realtime channel's messages (spec §3 "Realtime message", §4 "Realtime channel"): one zod union shared by
 * the server (workers/realtime) and the client (app/realtime). Every event carries `seq`, the shard's
 * sequence number (monotonic per shard, survives restarts), and `from`, the `From` header of the request
 * that caused it; a client ignores messages carrying its own id.
 *
 * `obj` shapes are the API shapes of the item concerned; the schemas name the fields a client relies on and
 * let the rest through, so a serializer may grow without breaking the channel.
 */

const ZUserRef = z.looseObject({ id: z.number().int(), username: z.string() });

/** A post pinned/unpinned: enough for a strip to update without a refetch (the card is sent on pin). */
const ZPostPin = z.looseObject({ slug: z.string(), id: z.number().int(), is_pinned: z.boolean() });
const ZShoutPin = z.looseObject({ id: z.number().int(), is_pinned: z.boolean() });

/** Spec §3 Stream item. `notification` is the notification id, or null once viewed. */
export const ZStreamItem = z.looseObject({
  id: z.number().int(),
  type: z.number().int().min(1).max(9),
  user: ZUserRef.nullable(),
  datetime: z.string(),
  pre_title: z.string(),
  title: z.string(),
  title_url: z.string(),
  message: z.string(),
  message_url: z.string(),
  has_image_title: z.boolean(),
  has_image_content: z.boolean(),
  is_hidden_title: z.boolean(),
  is_hidden_content: z.boolean(),
  notification: z.number().int().nullable(),
});
export type TStreamItem = z.infer<typeof ZStreamItem>;

/** A comment as the post page shows it (CommentView); `children` is empty in events. */
const ZCommentEvent = z.looseObject({
  id: z.number().int(),
  post_slug: z.string(),
  depth: z.number().int(),
  respond_to_comment: z.number().int().nullable(),
  user: ZUserRef,
  text: z.string(),
  pwnd: z.number().int(),
  is_deleted: z.boolean(),
});
const ZCommentDeleted = z.looseObject({
  id: z.number().int(),
  post_slug: z.string(),
  /** True when the comment stays as a placeholder because it has replies. */
  is_placeholder: z.boolean(),
});

const ZShoutEvent = z.looseObject({ id: z.number().int() });
const ZShoutCommentEvent = z.looseObject({ id: z.number().int(), shout: z.number().int() });

export const LIKE_ITEM_TYPES = ["post", "comment", "shout", "shout_comment"] as const;
/** A paw given, switched or taken back: the item's new score, and whose paw changed (for `ownd` in their tabs). */
const ZLike = z.looseObject({
  item_type: z.enum(LIKE_ITEM_TYPES),
  item_id: z.number().int(),
  pwnd: z.number().int(),
  user_id: z.number().int(),
  /** The member's paw after the change: 1, -1 or 0. */
  ownd: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});

const ZPresence = z.object({ id: z.number().int(), datetime_last_seen: z.string().nullable().optional() });

const event = <T extends string, O extends z.ZodType>(type: T, obj: O) =>
  z.object({ type: z.literal(type), obj, seq: z.number().int().optional(), from: z.string().optional() });

export const ZServerMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pong"), seq: z.number().int().optional() }),
  event("post_pinned", ZPostPin),
  event("post_unpinned", ZPostPin),
  event("shout_pinned", ZShoutPin),
  event("shout_unpinned", ZShoutPin),
  event("notification_created", ZStreamItem.extend({ unread: z.number().int().min(0) })),
  event("notification_viewed", z.object({ id: z.number().int(), unread: z.number().int().min(0) })),
  event("notification_deleted", z.object({ id: z.number().int(), unread: z.number().int().min(0) })),
  event("notification_viewed_all", z.object({ unread: z.literal(0) })),
  event("activity_created", ZStreamItem),
  event("activity_deleted", z.object({ id: z.number().int() })),
  event("comment_created", ZCommentEvent),
  event("comment_updated", ZCommentEvent),
  event("comment_deleted", ZCommentDeleted),
  event("shout_created", ZShoutEvent),
  event("shout_updated", ZShoutEvent),
  event("shout_deleted", ZShoutEvent),
  event("shout_comment_created", ZShoutCommentEvent),
  event("shout_comment_updated", ZShoutCommentEvent),
  event("shout_comment_deleted", ZShoutCommentEvent),
  /** To the member's tabs: a ban or block imposed (`sanction`: kind, reason, end) or lifted (null). */
  event(
    "block_updated",
    z.looseObject({
      id: z.number().int(),
      is_banned: z.boolean(),
      sanction: z
        .object({ kind: z.enum(["ban", "block"]), reason: z.string(), ends_at: z.string().nullable() })
        .nullable(),
    }),
  ),
  event("like_created", ZLike),
  event("like_deleted", ZLike),
  /**
   * To a member's socket once it is open: who is online (the list of GET /v1/user/meta/), so that a page does not
   * ask for it over HTTP on every load; the `user_*` events keep it current from there.
   */
  event("users_online", z.object({ ids: z.array(z.number().int()) })),
  event("user_connected", ZPresence),
  event("user_disconnected", ZPresence),
  event("settings_updated", z.looseObject({ settings: z.record(z.string(), z.boolean()) })),
  /** To guests: this member's shouts are members-only now — drop them from the page and re-read it. */
  event("shouts_hidden", z.object({ user_id: z.number().int() })),
]);
export type TServerMessage = z.infer<typeof ZServerMessage>;
export type TEventType = Exclude<TServerMessage["type"], "pong">;
export type TEvent = Extract<TServerMessage, { obj: unknown }>;
/** An event before the channel stamps it: the type and its object. */
export type TEventOf<K extends TEventType> = Omit<Extract<TServerMessage, { type: K }>, "seq" | "from">;
export type TOutgoingEvent = { [K in TEventType]: TEventOf<K> }[TEventType];

/**
 * What a client sends (spec §7 Realtime): `{type:"ping", route}` when it opens and when the tab's route changes;
 * between them the bare heartbeat `HEARTBEAT.ping`, which the runtime answers for the object.
 */
export const ZClientMessage = z.object({
  type: z.literal("ping"),
  route: z.string().max(300).optional(),
});
export type TClientMessage = z.infer<typeof ZClientMessage>;

/**
 * Who receives an event: everyone; signed-in members only; guests only; one member (all their tabs); or the
 * sockets whose last ping named this route (a pathname such as "/posts/slug"), members' only if `membersOnly`.
 */
export type Audience =
  | { kind: "all" }
  | { kind: "members" }
  | { kind: "guests" }
  | { kind: "user"; id: number }
  | { kind: "route"; route: string; membersOnly?: boolean };

export { HEARTBEAT, REALTIME } from "./constants";

/** The channel's messages as JSON Schema, served next to the OpenAPI document (GET /api/v1/realtime.json). */
export function realtimeSchemaDocument(): unknown {
  return {
    title: "Костёр: канал реального времени",
    description:
      "WebSocket /ws/?client={id}. Клиент шлёт {type:'ping', route} при подключении и при переходе (сервер отвечает " +
      '{type:\'pong\', seq}) и ровно {"type":"ping"} каждые 10 с (ответ {"type":"pong"} без пробуждения объекта); ' +
      "сервер присылает события {type, obj, seq, from?}. seq — номер события в шарде канала; from — заголовок From " +
      "запроса, вызвавшего событие (вкладка с этим id его игнорирует). Код закрытия 4001: число шардов изменилось, " +
      "переподключитесь; 4000: соединение молчало дольше 35 с. Участнику сразу после подключения приходит " +
      "users_online — кто сейчас на сайте (то же, что GET /v1/user/meta/).",
    client: z.toJSONSchema(ZClientMessage, { io: "input" }),
    server: z.toJSONSchema(ZServerMessage, { io: "output", unrepresentable: "any" }),
  };
}
