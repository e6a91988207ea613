import { Link } from "#app/components/link";
import type { StreamItem } from "#workers/core/notifications/notifications.serializers";
import { Avatar } from "./avatar";
import {
  IconBell,
  IconComments,
  IconGamepad,
  IconMedal,
  IconPaw,
  IconPen,
  type IconProps,
  IconScroll,
  IconShare,
  IconTwitch,
  IconUser,
} from "./icons";
import { TimeAgo } from "./time-ago";

export type { StreamItem } from "#workers/core/notifications/notifications.serializers";

/** Spec §3 Stream item icons by type (numbers in docs/decisions/0017). */
const TYPES: Record<number, { icon: (props: IconProps) => React.ReactNode; title: string }> = {
  1: { icon: IconPen, title: "Статья" },
  2: { icon: IconComments, title: "Комментарий" },
  3: { icon: IconScroll, title: "Записка" },
  4: { icon: IconComments, title: "Комментарий к записке" },
  5: { icon: IconTwitch, title: "Трансляция" },
  6: { icon: IconMedal, title: "Награда" },
  7: { icon: IconShare, title: "Черновик" },
  8: { icon: IconUser, title: "Упоминание" },
  9: { icon: IconGamepad, title: "Игра" },
};

/**
 * One item of the notifications or the activity stream: the member's avatar with the type icon, a sentence
 * "<member> <pre_title> «<title>»", the message and the relative time. `onOpen` runs when one of its links is
 * followed (the notifications sidebar marks the item viewed).
 */
export function StreamItemView({ item, onOpen }: { item: StreamItem; onOpen?: (item: StreamItem) => void }) {
  const type = TYPES[item.type] ?? { icon: IconBell, title: "Событие" };
  const Icon = type.icon;
  const unread = item.notification !== null;
  const open = onOpen ? () => onOpen(item) : undefined;
  return (
    <article className={`stream-item${unread ? " is-unread" : ""}`} data-type={item.type}>
      <div className="stream-item-media">
        {item.user ? (
          <Link to={`/users/${item.user.id}`} onClick={open} tabIndex={-1} aria-hidden="true">
            <Avatar user={item.user} size={40} />
          </Link>
        ) : (
          <span className="stream-item-anon">
            <IconPaw size={20} />
          </span>
        )}
        <span className="stream-item-type" title={type.title}>
          <Icon size={12} title={type.title} />
        </span>
      </div>
      <div className="stream-item-body">
        <p className="stream-item-text">
          {item.user ? (
            <>
              <Link className="stream-item-user" to={`/users/${item.user.id}`} onClick={open}>
                {item.user.username}
              </Link>{" "}
            </>
          ) : null}
          {item.pre_title}
          {item.title ? (
            <>
              {" «"}
              {item.title_url ? (
                <Link className="stream-item-title" to={item.title_url} onClick={open}>
                  {item.title}
                </Link>
              ) : (
                <span className="stream-item-title">{item.title}</span>
              )}
              {"»"}
            </>
          ) : null}
        </p>
        {item.message ? (
          item.message_url ? (
            <Link className="stream-item-message" to={item.message_url} onClick={open}>
              {item.message}
            </Link>
          ) : (
            <p className="stream-item-message">{item.message}</p>
          )
        ) : null}
        <TimeAgo date={item.datetime} className="stream-item-time" />
      </div>
      {unread ? (
        <span className="stream-item-dot" title="Не прочитано">
          <span className="visually-hidden">Не прочитано</span>
        </span>
      ) : null}
    </article>
  );
}

/** The URL an item leads to: the message (e.g. the comment) when it has one, else the title. */
export function streamItemUrl(item: StreamItem): string {
  return item.message_url || item.title_url || "/";
}
