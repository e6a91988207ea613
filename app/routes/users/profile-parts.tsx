import { type ReactNode, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { TimeAgo } from "#app/components/time-ago";
import { formatDate, formatDateTime } from "#app/lib/dates";
import { useIsOnline, useRealtimeEvent } from "#app/realtime/provider";
import type { loader as profileLoader } from "./profile";

/**
 * Pieces shared by the profile layout and its tabs (not a route module: routes.ts does not list it).
 */

export type ProfileData = Awaited<ReturnType<typeof profileLoader>>;

/** The profile layout's loader data, for the tabs rendered in its <Outlet/>. */
export function useProfile(): ProfileData {
  return useRouteLoaderData("routes/users/profile") as ProfileData;
}

export interface ProfileTab {
  /** The sub-path under /users/{id}; "" is the index tab. */
  path: string;
  title: string;
  /** Only the member sees this tab on their own profile. */
  ownOnly?: boolean;
  /** The empty state while these lists are not built yet (they arrive with later issues). */
  empty?: { own: string; other: (username: string) => string };
}

/** Spec §2 sub-pages of /users/{id}, in the order of the tab bar. Pictures and settings have their own routes. */
export const PROFILE_TABS: readonly ProfileTab[] = [
  {
    path: "",
    title: "Статьи",
    empty: {
      own: "Вы ещё не опубликовали ни одной статьи.",
      other: (u) => `${u} ещё не опубликовал(а) ни одной статьи.`,
    },
  },
  {
    path: "drafts",
    title: "Черновики",
    ownOnly: true,
    empty: { own: "Черновиков нет: начатые статьи будут ждать вас здесь.", other: () => "" },
  },
  {
    path: "shared",
    title: "Общие",
    ownOnly: true,
    empty: { own: "Здесь появятся статьи, которые вы пишете вместе с другими авторами.", other: () => "" },
  },
  {
    path: "shouts",
    title: "Записки",
    empty: { own: "Вы ещё не оставили ни одной записки.", other: (u) => `${u} ещё не оставил(а) ни одной записки.` },
  },
  {
    path: "comments",
    title: "Комментарии",
    empty: {
      own: "Вы ещё не написали ни одного комментария.",
      other: (u) => `${u} ещё не написал(а) ни одного комментария.`,
    },
  },
  {
    path: "medals",
    title: "Медали",
    empty: { own: "У вас пока нет медалей.", other: (u) => `У пользователя ${u} пока нет медалей.` },
  },
  {
    path: "bookmark-shouts",
    title: "Закладки: записки",
    ownOnly: true,
    empty: { own: "Записки, которые вы добавите в закладки, появятся здесь.", other: () => "" },
  },
  {
    path: "bookmark-posts",
    title: "Закладки: статьи",
    ownOnly: true,
    empty: { own: "Статьи, которые вы добавите в закладки, появятся здесь.", other: () => "" },
  },
];

export function findTab(path: string): ProfileTab | undefined {
  return PROFILE_TABS.find((tab) => tab.path === path);
}

/** The honest empty state of a list that has nothing to show (yet). */
export function EmptyState({ children, title = "Здесь пока пусто." }: { children?: ReactNode; title?: string }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children ? <p className="empty-text">{children}</p> : null}
    </div>
  );
}

/** A date in the reader's time zone once hydrated (the server renders UTC). */
export function LocalDate({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const [, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <time dateTime={value} title={formatDateTime(value)} suppressHydrationWarning>
      {withTime ? formatDateTime(value) : formatDate(value)}
    </time>
  );
}

/**
 * Spec §4 "Online": «в сети» for a signed-in viewer while the member has an open tab; otherwise "был(а) на
 * сайте" with a short relative time refreshed every 30 s (a full date from 3 days), updated live when they leave.
 */
export function LastSeen({ userId, value }: { userId: number; value: string | null }) {
  const isOnline = useIsOnline(userId);
  const [seen, setSeen] = useState(value);
  useEffect(() => setSeen(value), [value]);
  useRealtimeEvent("user_disconnected", (event) => {
    if (event.obj.id === userId && event.obj.datetime_last_seen) setSeen(event.obj.datetime_last_seen);
  });
  if (isOnline) {
    return (
      <span className="profile-last-seen is-online">
        <span className="online-dot" aria-hidden="true" /> в сети
      </span>
    );
  }
  if (!seen) return null;
  return (
    <span className="profile-last-seen">
      был(а) на сайте <TimeAgo date={seen} />
    </span>
  );
}
