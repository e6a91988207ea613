import type { ActivityRow, NotificationRow, UserRow } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { EXCERPT_MAX, type StreamType } from "./notifications.constants";

/** A public user as a plain object type (the realtime channel's loose schemas need one, not an interface). */
export type StreamUser = { [K in keyof PublicUser]: PublicUser[K] };

/**
 * Spec §3 Stream item, for notifications and the activity stream alike. `notification` is the notification's
 * id while it is unread and null once viewed (always null for activity items). A type alias, not an
 * interface, so it fits the realtime channel's loose object schema.
 */
export type StreamItem = {
  id: number;
  type: StreamType;
  /** Who caused it; null when the site hides who it was (paws while is_paw_view_enabled is off). */
  user: StreamUser | null;
  datetime: string;
  pre_title: string;
  title: string;
  title_url: string;
  message: string;
  message_url: string;
  has_image_title: boolean;
  has_image_content: boolean;
  is_hidden_title: boolean;
  is_hidden_content: boolean;
  notification: number | null;
};

/** What a notification event carries: the item and the recipient's unread count after the change. */
export type NotificationEvent = StreamItem & { unread: number };

/** The texts of an item, as a service composes them. */
export type StreamTexts = {
  pre_title: string;
  title: string;
  title_url: string;
  message?: string;
  message_url?: string;
  has_image_title?: boolean;
  has_image_content?: boolean;
  is_hidden_title?: boolean;
  is_hidden_content?: boolean;
};

/** The texts as table columns (camelCase), with defaults. */
export function textColumns(texts: StreamTexts) {
  return {
    preTitle: texts.pre_title,
    title: texts.title,
    titleUrl: texts.title_url,
    message: texts.message ?? "",
    messageUrl: texts.message_url ?? "",
    hasImageTitle: texts.has_image_title ?? false,
    hasImageContent: texts.has_image_content ?? false,
    isHiddenTitle: texts.is_hidden_title ?? false,
    isHiddenContent: texts.is_hidden_content ?? false,
  };
}

type StreamRow = Pick<
  NotificationRow,
  | "id"
  | "type"
  | "preTitle"
  | "title"
  | "titleUrl"
  | "message"
  | "messageUrl"
  | "hasImageTitle"
  | "hasImageContent"
  | "isHiddenTitle"
  | "isHiddenContent"
>;

function streamItem(row: StreamRow, actor: UserRow | null, datetime: Date, notification: number | null): StreamItem {
  return {
    id: row.id,
    type: row.type as StreamType,
    user: actor ? serializePublicUser(actor) : null,
    datetime: datetime.toISOString(),
    pre_title: row.preTitle,
    title: row.title,
    title_url: row.titleUrl,
    message: row.message,
    message_url: row.messageUrl,
    has_image_title: row.hasImageTitle,
    has_image_content: row.hasImageContent,
    is_hidden_title: row.isHiddenTitle,
    is_hidden_content: row.isHiddenContent,
    notification,
  };
}

/** A notification; its time is the latest event of its group (`updated_at`). */
export function serializeNotification(row: NotificationRow, actor: UserRow | null): StreamItem {
  return streamItem(row, actor, row.updatedAt, row.viewedAt ? null : row.id);
}

export function serializeActivity(row: ActivityRow, actor: UserRow | null): StreamItem {
  return streamItem(row, actor, row.createdAt, null);
}

/** One line of a comment for a stream item: whitespace collapsed, cut at EXCERPT_MAX characters. */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const chars = Array.from(line);
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** A post's title as items show it (a draft may have none yet). */
export function postTitle(title: string): string {
  return title.trim() || "Без названия";
}
