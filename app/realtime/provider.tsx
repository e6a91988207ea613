import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useLocation, useRevalidator } from "react-router";
import { NOTICE_STICKY, useNotice } from "#app/components/notices";
import { clientId } from "#app/lib/api";
import { afterIdle } from "#app/lib/idle";
import { useRootData } from "#app/lib/root-data";
import { REALTIME } from "#workers/realtime/constants";
import type { TEventType, TServerMessage } from "#workers/realtime/messages";
import type { Connection, ConnectionStatus } from "./connection";

export type RealtimeEvent<T extends TEventType = TEventType> = Extract<TServerMessage, { type: T }>;
type Handler = (message: RealtimeEvent) => void;

/** What the reconnect indicator shows: nothing while idle/connected, then reconnecting, syncing or failed. */
export type RealtimeStatus = "idle" | ConnectionStatus | "syncing";

interface RealtimeState {
  status: RealtimeStatus;
  /** Starts over after the failed state (a click on the indicator). */
  retry: () => void;
}

/**
 * Who is online (spec §4 "Online"), as a store: each reader subscribes for one member and re-renders only when
 * that member comes or goes. As a context value, every change of the set had React walk the page's whole tree
 * (~2,000 components) looking for readers (decision 0041, "presence as a store").
 */
class PresenceStore {
  private ids: ReadonlySet<number> = new Set();
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  has(id: number): boolean {
    return this.ids.has(id);
  }
  set(ids: ReadonlySet<number>): void {
    this.ids = ids;
    for (const listener of this.listeners) listener();
  }
  update(change: (current: ReadonlySet<number>) => ReadonlySet<number>): void {
    this.set(change(this.ids));
  }
}

/** What subscribers need, the same for the life of the provider. */
interface RealtimeChannel {
  subscribe: (types: readonly TEventType[], handler: Handler) => () => void;
  registerSync: (key: string, task: () => Promise<unknown>) => () => void;
}

// Three contexts, so that a change reaches only its readers: every card and comment subscribes to events, and a
// context value that changed with the connection's state or the online set re-rendered all of them (and their
// trees) at once, synchronously, each time the socket opened or was told who is online. The channel and the
// presence store (none for a guest) stay the same while the viewer does — presence reaches the avatars through
// the store — so only the reconnect indicator's state changes a context value.
const StateContext = createContext<RealtimeState | null>(null);
const PresenceContext = createContext<PresenceStore | null>(null);
const ChannelContext = createContext<RealtimeChannel | null>(null);

export const SYNC_FAILED_TITLE = "Не удалось обновить контент.";
export const SYNC_FAILED_TEXT = "Обновите страницу, чтобы увидеть новое.";

function socketUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/ws/?client=${encodeURIComponent(clientId())}`;
}

/**
 * The realtime channel for the whole app (spec §4 "Realtime channel"): one connection per tab, rebuilt on
 * sign-in and sign-out; events go to the components that subscribed to their types; presence is kept here;
 * pins reload the page data; after a drop everything registered with `useSyncTask` is re-fetched together
 * with the current page's data, the sync indicator showing for at least 2.5 s.
 */
export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const { user } = useRootData();
  const userId = user?.id ?? null;
  const location = useLocation();
  const revalidator = useRevalidator();
  const notice = useNotice();
  const [connectionStatus, setConnectionStatus] = useState<ConnectionStatus | "idle">("idle");
  const [syncing, setSyncing] = useState(false);
  // A guest is told nobody's presence (spec §4 "Online"); the set empties on sign-out.
  const [presence] = useState(() => new PresenceStore());
  const listeners = useRef(new Map<TEventType, Set<Handler>>());
  const syncTasks = useRef(new Map<string, () => Promise<unknown>>());
  const connection = useRef<Connection | null>(null);
  const route = useRef(location.pathname);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const noticeRef = useRef(notice);
  noticeRef.current = notice;

  /** Re-reads the page's data and everything registered with `useSyncTask`. */
  const refresh = useCallback(
    () => Promise.allSettled([revalidate.current(), ...[...syncTasks.current.values()].map((task) => task())]),
    [],
  );

  const dispatch = useCallback(
    (message: RealtimeEvent) => {
      // A member's socket is told who is online as it opens (and again after every reconnect).
      if (message.type === "users_online") presence.set(new Set(message.obj.ids));
      if (message.type === "user_connected" || message.type === "user_disconnected") {
        const { id } = message.obj;
        presence.update((current) => {
          const next = new Set(current);
          if (message.type === "user_connected") next.add(id);
          else next.delete(id);
          return next;
        });
      }
      if (
        message.type === "post_pinned" ||
        message.type === "post_unpinned" ||
        message.type === "shout_pinned" ||
        message.type === "shout_unpinned"
      ) {
        void revalidate.current();
      }
      // A member's shouts became members-only (only guests are told): the page and the sidebars read again, quietly.
      if (message.type === "shouts_hidden") void refresh();
      for (const handler of listeners.current.get(message.type) ?? []) {
        try {
          handler(message);
        } catch (error) {
          console.error("realtime handler failed", message.type, error);
        }
      }
    },
    [refresh, presence],
  );

  const sync = useCallback(async () => {
    setSyncing(true);
    const started = Date.now();
    const results = await refresh();
    const failed = results.filter((r) => r.status === "rejected");
    const wait = REALTIME.syncIndicatorMinMs - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    setSyncing(false);
    if (failed.length) {
      console.error("realtime sync failed", ...failed.map((r) => (r as PromiseRejectedResult).reason));
      noticeRef.current.show({
        type: "error",
        title: SYNC_FAILED_TITLE,
        text: SYNC_FAILED_TEXT,
        duration: NOTICE_STICKY,
      });
    }
  }, [refresh]);

  // One connection per signed-in identity: sign-in and sign-out reconnect (spec §4). It opens at the first idle
  // moment after hydration, not inside hydration's task with every other mount effect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `userId` is the identity whose change reconnects.
  useEffect(() => {
    let cancelled = false;
    const cancelWait = afterIdle(() => {
      void import("./connection").then(({ Connection }) => {
        if (cancelled) return;
        const conn = new Connection({
          url: socketUrl,
          clientId: clientId(),
          route: () => route.current,
          onMessage: dispatch,
          onStatus: setConnectionStatus,
          onReopen: () => void sync(),
        });
        connection.current = conn;
        conn.start();
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      connection.current?.stop();
      connection.current = null;
      setConnectionStatus("idle");
      presence.set(new Set());
    };
  }, [dispatch, sync, userId]);

  // The connection state on <html data-realtime> (the browser tests wait for "open").
  useEffect(() => {
    document.documentElement.dataset.realtime = connectionStatus;
  }, [connectionStatus]);

  // The channel delivers route events to the sockets looking at that route.
  useEffect(() => {
    route.current = location.pathname;
    connection.current?.sendRoute();
  }, [location.pathname]);

  const subscribe = useCallback((types: readonly TEventType[], handler: Handler) => {
    for (const type of types) {
      let set = listeners.current.get(type);
      if (!set) {
        set = new Set();
        listeners.current.set(type, set);
      }
      set.add(handler);
    }
    return () => {
      for (const type of types) listeners.current.get(type)?.delete(handler);
    };
  }, []);

  const registerSync = useCallback((key: string, task: () => Promise<unknown>) => {
    syncTasks.current.set(key, task);
    return () => {
      if (syncTasks.current.get(key) === task) syncTasks.current.delete(key);
    };
  }, []);

  const status: RealtimeStatus =
    connectionStatus === "open" || connectionStatus === "connecting"
      ? syncing
        ? "syncing"
        : "idle"
      : connectionStatus;
  const retry = useCallback(() => connection.current?.retry(), []);
  const state = useMemo<RealtimeState>(() => ({ status, retry }), [status, retry]);
  const channel = useMemo<RealtimeChannel>(() => ({ subscribe, registerSync }), [subscribe, registerSync]);

  return (
    <ChannelContext.Provider value={channel}>
      <PresenceContext.Provider value={userId === null ? null : presence}>
        <StateContext.Provider value={state}>{children}</StateContext.Provider>
      </PresenceContext.Provider>
    </ChannelContext.Provider>
  );
}

// Outside the provider (error screens, tests): quiet stand-ins.
const IDLE: RealtimeState = { status: "idle", retry: () => {} };
const nobody = () => () => {};
const offline = () => false;
const NO_CHANNEL: RealtimeChannel = { subscribe: () => () => {}, registerSync: () => () => {} };

/** The channel's state, for the reconnect indicator. */
export function useRealtime(): RealtimeState {
  return useContext(StateContext) ?? IDLE;
}

/** Whether the viewer follows who is online (a member; spec §4 "Online": guests are not shown the dots). */
export function useFollowsPresence(): boolean {
  return useContext(PresenceContext) !== null;
}

/** Who is online, for code that draws the dots into markup itself (useMarkupPresence); null for a guest viewer. */
export function usePresenceStore(): Pick<PresenceStore, "has" | "subscribe"> | null {
  return useContext(PresenceContext);
}

/** Whether this member is online (spec §4 "Online"); always false for a guest viewer and on the server. */
export function useIsOnline(userId: number | undefined): boolean {
  const store = useContext(PresenceContext);
  return useSyncExternalStore(
    store?.subscribe ?? nobody,
    store && userId !== undefined ? () => store.has(userId) : offline,
    offline,
  );
}

/**
 * Calls `handler` for every event of these types that did not come from this tab. The handler may change on
 * every render; the subscription does not.
 */
export function useRealtimeEvent<T extends TEventType>(
  types: T | readonly T[],
  handler: (message: RealtimeEvent<T>) => void,
): void {
  const { subscribe } = useContext(ChannelContext) ?? NO_CHANNEL;
  const ref = useRef(handler);
  ref.current = handler;
  const key = (Array.isArray(types) ? types : [types]).join(",");
  useEffect(() => {
    const list = key.split(",") as TEventType[];
    return subscribe(list, (message) => ref.current(message as RealtimeEvent<T>));
  }, [key, subscribe]);
}

/** Registers a re-sync step run after the channel comes back from a drop (throw to report a failed sync). */
export function useSyncTask(key: string, task: () => Promise<unknown>): void {
  const { registerSync } = useContext(ChannelContext) ?? NO_CHANNEL;
  const ref = useRef(task);
  ref.current = task;
  useEffect(() => registerSync(key, () => ref.current()), [key, registerSync]);
}
