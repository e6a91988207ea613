import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "#app/lib/api";
import { useRealtimeEvent, useSyncTask } from "#app/realtime/provider";
import { IconActivity, IconClose } from "./icons";
import { useSidebars } from "./sidebars";
import { type StreamItem, StreamItemView } from "./stream-item";

interface ActivityPage {
  results: StreamItem[];
  next: string | null;
}

interface State {
  status: "idle" | "loading" | "ready" | "error";
  items: StreamItem[];
  next: string | null;
}

/** Items kept in the live list; older ones are a "Показать ещё" away. */
const LIVE_MAX = 200;

/**
 * Activity sidebar (spec §2, for everyone): the site's stream (GET /v1/activity/), newest first, loaded when
 * first opened and paged by cursor; new and removed items arrive through the channel; re-synced after a
 * reconnect.
 */
/** The sidebar's content, loaded the first time the sidebar opens (see activity-sidebar.tsx). */
export default function ActivityPanel() {
  const sidebars = useSidebars();
  const [state, setState] = useState<State>({ status: "idle", items: [], next: null });
  const stateRef = useRef(state);
  stateRef.current = state;

  const load = useCallback(async (more: boolean) => {
    const from = more ? stateRef.current.next : "/api/v1/activity/";
    if (!from) return;
    setState((s) => ({ ...s, status: "loading" }));
    try {
      const page = await api<ActivityPage>(from.replace(/^\/api(?=\/)/, ""));
      setState((s) => ({
        status: "ready",
        items: more ? [...s.items, ...page.results.filter((r) => !s.items.some((i) => i.id === r.id))] : page.results,
        next: page.next,
      }));
    } catch (error) {
      setState((s) => ({ ...s, status: "error" }));
      throw error;
    }
  }, []);

  useEffect(() => {
    if (sidebars.activity && state.status === "idle") void load(false).catch(() => {});
  }, [sidebars.activity, state.status, load]);

  useSyncTask("activity", async () => {
    if (stateRef.current.status !== "idle") await load(false);
  });

  useRealtimeEvent(["activity_created", "activity_deleted"], (event) => {
    setState((s) => {
      if (s.status === "idle") return s;
      if (event.type === "activity_deleted") return { ...s, items: s.items.filter((i) => i.id !== event.obj.id) };
      const item = event.obj as unknown as StreamItem;
      const items = [item, ...s.items.filter((i) => i.id !== item.id)];
      if (items.length <= LIVE_MAX) return { ...s, items };
      // Trimmed: the next page starts right after the last item kept.
      const kept = items.slice(0, LIVE_MAX);
      return { ...s, items: kept, next: `/api/v1/activity/?cursor=${kept[kept.length - 1].id}` };
    });
  });

  return (
    <aside
      id="sidebar-activity"
      className={`sidebar sidebar-left${sidebars.activity ? " is-open" : ""}`}
      aria-label="Активность"
      hidden={!sidebars.activity}
    >
      <div className="sidebar-header">
        <h2 className="sidebar-title">Активность</h2>
        <button type="button" className="btn-icon" aria-label="Закрыть активность" onClick={sidebars.toggleActivity}>
          <IconClose size={18} />
        </button>
      </div>
      <div className="sidebar-body" aria-busy={state.status === "loading"}>
        {state.items.length ? (
          // Not a live region: a screen reader would read out every item anyone's activity adds, and every page
          // of «Показать ещё».
          <div className="stream-list">
            {state.items.map((item) => (
              <StreamItemView key={item.id} item={item} />
            ))}
          </div>
        ) : state.status === "ready" ? (
          <div className="empty empty-sm">
            <IconActivity size={32} className="empty-icon" />
            <p>Пока тихо… Новые статьи и комментарии появятся здесь.</p>
          </div>
        ) : state.status !== "error" ? (
          <p className="stream-loading">Загружаем…</p>
        ) : null}
        {state.status === "error" ? (
          <div className="stream-error" role="alert">
            <p>Не удалось загрузить.</p>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => void load(state.items.length > 0).catch(() => {})}
            >
              Повторить
            </button>
          </div>
        ) : state.items.length ? (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={!state.next || state.status === "loading"}
            onClick={() => void load(true).catch(() => {})}
          >
            {state.status === "loading" ? "Загружаем…" : "Показать ещё"}
          </button>
        ) : null}
      </div>
    </aside>
  );
}
