import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { IconAlert, IconCheck, IconClose, IconInfo } from "./icons";

export type NoticeType = "info" | "success" | "error";

export interface NoticeInput {
  type?: NoticeType;
  title: string;
  text?: string;
  /** Milliseconds; default 5000; -1 keeps the notice until it is closed. */
  duration?: number;
}

interface Notice extends Required<Pick<NoticeInput, "type" | "title" | "duration">> {
  id: number;
  text?: string;
}

export const NOTICE_DEFAULT_MS = 5000;
/** Spec §9: a new notification's notice in the header area goes sooner than the others. */
export const NOTICE_HEADER_MS = 3000;
export const NOTICE_STICKY = -1;

interface NoticeApi {
  /** Shows a notice and returns its id. */
  show: (notice: NoticeInput) => number;
  info: (title: string, text?: string, duration?: number) => number;
  success: (title: string, text?: string, duration?: number) => number;
  error: (title: string, text?: string, duration?: number) => number;
  close: (id: number) => void;
}

const NoticeContext = createContext<NoticeApi | null>(null);

/** The site's one notice system (spec §4 "Notices disappear after their duration"). */
export function NoticeProvider({ children }: { children: React.ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());

  const close = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) window.clearTimeout(timer);
    timers.current.delete(id);
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);

  const show = useCallback(
    (input: NoticeInput) => {
      const id = nextId.current++;
      const notice: Notice = {
        id,
        type: input.type ?? "info",
        title: input.title,
        text: input.text,
        duration: input.duration ?? NOTICE_DEFAULT_MS,
      };
      setNotices((list) => [...list.slice(-4), notice]);
      if (notice.duration !== NOTICE_STICKY && notice.duration > 0) {
        timers.current.set(
          id,
          window.setTimeout(() => close(id), notice.duration),
        );
      }
      return id;
    },
    [close],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const timer of map.values()) window.clearTimeout(timer);
    };
  }, []);

  const api = useMemo<NoticeApi>(
    () => ({
      show,
      close,
      info: (title, text, duration) => show({ type: "info", title, text, duration }),
      success: (title, text, duration) => show({ type: "success", title, text, duration }),
      error: (title, text, duration) => show({ type: "error", title, text, duration }),
    }),
    [show, close],
  );

  return (
    <NoticeContext.Provider value={api}>
      {children}
      <section className="notices" aria-live="polite" aria-label="Уведомления сайта">
        {notices.map((n) => (
          <div key={n.id} className={`notice notice-${n.type}`} role={n.type === "error" ? "alert" : "status"}>
            <span className="notice-icon">
              {n.type === "error" ? <IconAlert /> : n.type === "success" ? <IconCheck /> : <IconInfo />}
            </span>
            <div className="notice-body">
              <p className="notice-title">{n.title}</p>
              {n.text ? <p className="notice-text">{n.text}</p> : null}
            </div>
            <button type="button" className="notice-close" aria-label="Закрыть" onClick={() => close(n.id)}>
              <IconClose size={16} />
            </button>
          </div>
        ))}
      </section>
    </NoticeContext.Provider>
  );
}

/** Shows notices: `const notice = useNotice(); notice.info("Заголовок", "Текст")`. */
export function useNotice(): NoticeApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error("useNotice() outside <NoticeProvider>");
  return api;
}
