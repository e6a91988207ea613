import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiError, api } from "#app/lib/api";
import { useRootData } from "#app/root";
import { IconBell, IconClose, IconPaw } from "./icons";
import { useNotice } from "./notices";
import { useSidebars } from "./sidebars";
import { UserCard } from "./user-card";

type Tab = "notifications" | "paws";

const TABS: { id: Tab; title: string; empty: string }[] = [
  { id: "notifications", title: "Уведомления", empty: "Уведомлений пока нет..." },
  { id: "paws", title: "Лапки", empty: "Нам очень жаль, но у вас ещё нет ни одной лапки..." },
];

/** The on/off switch of the member's notifications (settings.is_notifications_enabled). */
function NotificationsSwitch({ enabled }: { enabled: boolean }) {
  const revalidator = useRevalidator();
  const notice = useNotice();
  const [pending, setPending] = useState(false);
  const id = useId();

  async function toggle() {
    setPending(true);
    try {
      await api("/v1/user/me/", { method: "PATCH", json: { settings: { is_notifications_enabled: !enabled } } });
      await revalidator.revalidate();
    } catch (error) {
      notice.error("Не удалось сохранить настройку.", error instanceof ApiError ? error.message : undefined);
    } finally {
      setPending(false);
    }
  }

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

/** Notifications sidebar (members only, spec §2): two tabs, empty until the notifications issue. */
export function NotificationsSidebar() {
  const { user } = useRootData();
  const sidebars = useSidebars();
  const [tab, setTab] = useState<Tab>("notifications");
  const baseId = useId();
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
        {TABS.map((t) => (
          <div
            key={t.id}
            id={`${baseId}-${t.id}`}
            role="tabpanel"
            aria-labelledby={`${baseId}-${t.id}-tab`}
            hidden={tab !== t.id}
            className="tab-panel"
          >
            <div className="empty empty-sm">
              {t.id === "paws" ? (
                <IconPaw size={32} className="empty-icon" />
              ) : (
                <IconBell size={32} className="empty-icon" />
              )}
              <p>{t.empty}</p>
            </div>
            <button type="button" className="btn btn-ghost btn-block" disabled>
              Показать ещё
            </button>
          </div>
        ))}
      </div>
    </aside>
  );
}
