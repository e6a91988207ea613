import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Link } from "#app/components/link";
import { ApiError, api } from "#app/lib/api";
import { useRootData } from "#app/lib/root-data";
import { useRealtimeEvent, useSyncTask } from "#app/realtime/provider";
import type { PawEntry } from "#workers/core/reactions/likes";
import { Avatar } from "./avatar";
import { IconBell, IconCheck, IconClose, IconPaw, IconPin } from "./icons";
import { useNotice } from "./notices";
import { useSidebars } from "./sidebars";
import { type StreamItem, StreamItemView } from "./stream-item";
import { TimeAgo } from "./time-ago";
import { setUnread, useUnread } from "./unread";
import { UserCard } from "./user-card";

type Tab = "notifications" | "paws";

const TABS: { id: Tab; title: string; empty: string }[] = [
  { id: "notifications", title: "Уведомления", empty: "Уведомлений пока нет..." },
  { id: "paws", title: "Лапки", empty: "Нам очень жаль, но у вас ещё нет ни одной лапки..." },
];

const LOAD_FAILED = "Не удалось загрузить.";

interface NotificationPage {
  results: StreamItem[];
  next: string | null;
  new: number;
}

interface PawPage {
  results: PawEntry[];
  next: string | null;
}

/** A list loaded page by page: nothing until first shown, then its items and the next page's URL. */
interface ListState<T> {
  status: "idle" | "loading" | "ready" | "error";
  items: T[];
  next: string | null;
}

function idle<T>(): ListState<T> {
  return { status: "idle", items: [], next: null };
}

/** `next` is an /api/… URL; api() takes the path after /api. */
function apiPath(url: string): string {
  return url.replace(/^\/api(?=\/)/, "");
}

/** Saves one of the member's switches (PATCH /v1/user/me/ settings), then reloads the page data. */
function useSettingSwitch(key: "is_notifications_pinned" | "is_notifications_enabled") {
  const revalidator = useRevalidator();
  const notice = useNotice();
  const [pending, setPending] = useState(false);
  async function save(value: boolean) {
    setPending(true);
    try {
      await api("/v1/user/me/", { method: "PATCH", json: { settings: { [key]: value } } });
      await revalidator.revalidate();
    } catch (error) {
      notice.error("Не удалось сохранить настройку.", error instanceof ApiError ? error.message : undefined);
    } finally {
      setPending(false);
    }
  }
  return { pending, save };
}

/**
 * Pins the sidebar (settings.is_notifications_pinned): a pinned sidebar stays open across navigation and is
 * restored on the next visit (spec §4 "Sidebars").
 */
function PinSidebarButton({ pinned }: { pinned: boolean }) {
  const { pending, save } = useSettingSwitch("is_notifications_pinned");
  const label = pinned ? "Открепить уведомления" : "Закрепить уведомления";
  const toggle = () => save(!pinned);
  return (
    <button
      type="button"
      className={`btn-icon sidebar-pin${pinned ? " is-active" : ""}`}
      aria-label={label}
      title={label}
      aria-pressed={pinned}
      disabled={pending}
      onClick={toggle}
    >
      <IconPin size={18} />
    </button>
  );
}

/** The on/off switch of the member's notifications (settings.is_notifications_enabled). */
function NotificationsSwitch({ enabled }: { enabled: boolean }) {
  const { pending, save } = useSettingSwitch("is_notifications_enabled");
  const id = useId();
  const toggle = () => save(!enabled);

  return (
    <div className="switch-row">
      <label htmlFor={id}>Получать уведомления</label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={enabled}
        className="switch"
        disabled={pending}
        onClick={toggle}
      >
        <span className="switch-thumb" />
      </button>
    </div>
  );
}

/** Spec §3 Paw entry: who (when the site shows it), up or down, and on what. */
function PawEntryView({ entry }: { entry: PawEntry }) {
  return (
    <article className="stream-item paw-entry">
      <div className="stream-item-media">
        {entry.user ? (
          <Link to={`/users/${entry.user.id}`} tabIndex={-1} aria-hidden="true">
            <Avatar user={entry.user} size={40} />
          </Link>
        ) : (
          <span className="stream-item-anon">
            <IconPaw size={20} />
          </span>
        )}
        <span className={`stream-item-type${entry.is_negative ? " is-negative" : ""}`}>
          <IconPaw size={12} title={entry.is_negative ? "Лапка вниз" : "Лапка вверх"} />
        </span>
      </div>
      <div className="stream-item-body">
        {entry.user ? (
          <Link className="stream-item-user" to={`/users/${entry.user.id}`}>
            {entry.user.username}
          </Link>
        ) : null}
        <p className="stream-item-text">
          {entry.is_negative ? "Лапка вниз" : "Лапка вверх"} — {entry.pre_title}
          {entry.title ? (
            <>
              {" «"}
              <Link className="stream-item-title" to={entry.title_url}>
                {entry.title}
              </Link>
              {"»"}
            </>
          ) : null}
        </p>
        <TimeAgo date={entry.datetime} className="stream-item-time" />
      </div>
    </article>
  );
}

function ListFooter({
  state,
  onMore,
  onRetry,
}: {
  state: ListState<unknown>;
  onMore: () => void;
  onRetry: () => void;
}) {
  if (state.status === "error") {
    return (
      <div className="stream-error" role="alert">
        <p>{LOAD_FAILED}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
          Повторить
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-ghost btn-block"
      disabled={!state.next || state.status === "loading"}
      onClick={onMore}
    >
      {state.status === "loading" && state.items.length ? "Загружаем…" : "Показать ещё"}
    </button>
  );
}

/**
 * Notifications sidebar (members only, spec §2): the notifications tab (GET /v1/notification/) and the paws
 * tab (GET /v1/like/), each loaded when first shown and paged with "Показать ещё"; "Прочитать все" while
 * something is unread; the on/off switch. Kept live by the channel and re-synced after a reconnect.
 */
/** The sidebar's content, loaded the first time the sidebar opens (see notifications-sidebar.tsx). */
export default function NotificationsPanel() {
  const { user } = useRootData();
  const sidebars = useSidebars();
  const revalidator = useRevalidator();
  const notice = useNotice();
  const unread = useUnread();
  const [tab, setTab] = useState<Tab>("notifications");
  const [list, setList] = useState<ListState<StreamItem>>(idle);
  const [paws, setPaws] = useState<ListState<PawEntry>>(idle);
  const baseId = useId();
  const userId = user?.id ?? null;
  const listRef = useRef(list);
  listRef.current = list;
  const pawsRef = useRef(paws);
  pawsRef.current = paws;

  // ── notifications ──
  const loadNotifications = useCallback(async (more: boolean) => {
    const from = more ? listRef.current.next : "/api/v1/notification/";
    if (!from) return;
    setList((s) => ({ ...s, status: "loading" }));
    try {
      const page = await api<NotificationPage>(apiPath(from));
      setUnread(page.new);
      setList((s) => {
        const items = more
          ? [...s.items, ...page.results.filter((r) => !s.items.some((i) => i.id === r.id))]
          : page.results;
        return { status: "ready", items, next: page.next };
      });
    } catch (error) {
      setList((s) => ({ ...s, status: "error" }));
      throw error;
    }
  }, []);

  // ── paws ──
  const loadPaws = useCallback(async (more: boolean) => {
    const from = more ? pawsRef.current.next : "/api/v1/like/";
    if (!from) return;
    setPaws((s) => ({ ...s, status: "loading" }));
    try {
      const page = await api<PawPage>(apiPath(from));
      setPaws((s) => ({
        status: "ready",
        items: more ? [...s.items, ...page.results] : page.results,
        next: page.next,
      }));
    } catch (error) {
      setPaws((s) => ({ ...s, status: "error" }));
      throw error;
    }
  }, []);

  // Another member signed in (or out) in this tab: start over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a change of member only
  useEffect(() => {
    setList(idle());
    setPaws(idle());
    setTab("notifications");
  }, [userId]);

  // Each tab loads when first shown.
  const open = sidebars.notifications && userId !== null;
  useEffect(() => {
    if (!open) return;
    if (tab === "notifications" && list.status === "idle") void loadNotifications(false).catch(() => {});
    if (tab === "paws" && paws.status === "idle") void loadPaws(false).catch(() => {});
  }, [open, tab, list.status, paws.status, loadNotifications, loadPaws]);

  // After a reconnect: the first page again (and with it the unread count).
  useSyncTask("notifications", async () => {
    if (userId === null) return;
    await loadNotifications(false);
    if (pawsRef.current.status !== "idle") await loadPaws(false);
  });

  useRealtimeEvent(
    ["notification_created", "notification_viewed", "notification_deleted", "notification_viewed_all"],
    (event) => {
      if (userId === null) return;
      setList((s) => {
        if (s.status === "idle") return s;
        switch (event.type) {
          case "notification_created": {
            const { unread: _count, ...item } = event.obj;
            return { ...s, items: [item as unknown as StreamItem, ...s.items.filter((i) => i.id !== item.id)] };
          }
          case "notification_viewed":
            return { ...s, items: s.items.map((i) => (i.id === event.obj.id ? { ...i, notification: null } : i)) };
          case "notification_deleted":
            return { ...s, items: s.items.filter((i) => i.id !== event.obj.id) };
          default:
            return { ...s, items: s.items.map((i) => ({ ...i, notification: null })) };
        }
      });
    },
  );

  // A paw on the member's own post or comment: the paws tab reloads when shown (now, or when next opened).
  useRealtimeEvent(["like_created"], (event) => {
    const ownerId = (event.obj as { owner_id?: unknown }).owner_id;
    if (userId === null || ownerId !== userId || pawsRef.current.status === "idle") return;
    if (open && tab === "paws") void loadPaws(false).catch(() => {});
    else setPaws(idle());
  });

  // Settings changed in another tab (e.g. notifications switched off): the switch follows.
  useRealtimeEvent(["settings_updated"], () => {
    void revalidator.revalidate();
  });

  async function markViewed(item: StreamItem) {
    if (item.notification === null) return;
    const id = item.id;
    setList((s) => ({ ...s, items: s.items.map((i) => (i.id === id ? { ...i, notification: null } : i)) }));
    setUnread(unread - 1);
    try {
      const result = await api<{ unread: number }>(`/v1/notification/${id}/view/`, { method: "PATCH" });
      setUnread(result.unread);
    } catch (error) {
      console.warn("marking a notification viewed failed", error);
    }
  }

  async function markAllViewed() {
    const before = list;
    setList((s) => ({ ...s, items: s.items.map((i) => ({ ...i, notification: null })) }));
    setUnread(0);
    try {
      await api("/v1/notification/view-all/", { method: "PATCH" });
    } catch (error) {
      setList(before);
      notice.error("Не удалось отметить уведомления.", error instanceof ApiError ? error.message : undefined);
      void loadNotifications(false).catch(() => {});
    }
  }

  if (!user) return null;
  return (
    <aside
      id="sidebar-notifications"
      className={`sidebar sidebar-right${sidebars.notifications ? " is-open" : ""}`}
      aria-label="Уведомления"
      hidden={!sidebars.notifications}
    >
      <div className="sidebar-header">
        <h2 className="sidebar-title">Уведомления</h2>
        <PinSidebarButton pinned={user.settings.is_notifications_pinned} />
        <button
          type="button"
          className="btn-icon"
          aria-label="Закрыть уведомления"
          onClick={sidebars.toggleNotifications}
        >
          <IconClose size={18} />
        </button>
      </div>
      <div className="sidebar-body">
        <UserCard />
        <NotificationsSwitch enabled={user.settings.is_notifications_enabled} />
        <div className="tabs tabs-fill" role="tablist" aria-label="Уведомления и лапки">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${baseId}-${t.id}-tab`}
              aria-selected={tab === t.id}
              aria-controls={`${baseId}-${t.id}`}
              className={`tab${tab === t.id ? " is-active" : ""}`}
              onClick={() => setTab(t.id)}
            >
              {t.title}
            </button>
          ))}
        </div>
        {TABS.map((t) => {
          const state: ListState<unknown> = t.id === "paws" ? paws : list;
          const load = t.id === "paws" ? loadPaws : loadNotifications;
          return (
            <div
              key={t.id}
              id={`${baseId}-${t.id}`}
              role="tabpanel"
              aria-labelledby={`${baseId}-${t.id}-tab`}
              hidden={tab !== t.id}
              className="tab-panel"
              aria-busy={state.status === "loading"}
            >
              {t.id === "notifications" && unread > 0 ? (
                <button type="button" className="btn btn-ghost btn-sm stream-read-all" onClick={markAllViewed}>
                  <IconCheck size={16} />
                  <span>Прочитать все</span>
                </button>
              ) : null}
              {state.items.length ? (
                <div className="stream-list">
                  {t.id === "paws"
                    ? paws.items.map((entry) => (
                        <PawEntryView key={`${entry.item_type}-${entry.item_id}-${entry.datetime}`} entry={entry} />
                      ))
                    : list.items.map((item) => <StreamItemView key={item.id} item={item} onOpen={markViewed} />)}
                </div>
              ) : state.status === "ready" ? (
                <div className="empty empty-sm">
                  {t.id === "paws" ? (
                    <IconPaw size={32} className="empty-icon" />
                  ) : (
                    <IconBell size={32} className="empty-icon" />
                  )}
                  <p>{t.empty}</p>
                </div>
              ) : state.status !== "error" ? (
                <p className="stream-loading">Загружаем…</p>
              ) : null}
              <ListFooter
                state={state}
                onMore={() => void load(true).catch(() => {})}
                onRetry={() => void load(state.items.length > 0).catch(() => {})}
              />
            </div>
          );
        })}
      </div>
    </aside>
  );
}
