import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { isMobileWidth } from "#app/lib/viewport";

/** localStorage key of the open sidebars (spec §4 "Open state is stored locally"). */
const STORAGE_KEY = "kostyor:sidebars";
/** Spec §9: sidebar restore delay. */
export const SIDEBAR_RESTORE_MS = 200;

export interface SidebarsState {
  activity: boolean;
  notifications: boolean;
  menu: boolean;
}

interface SidebarsApi extends SidebarsState {
  toggleActivity: () => void;
  toggleNotifications: () => void;
  toggleMenu: () => void;
  closeAll: () => void;
}

const CLOSED: SidebarsState = { activity: false, notifications: false, menu: false };

const SidebarsContext = createContext<SidebarsApi | null>(null);

function readStored(): { activity: boolean; notifications: boolean } {
  try {
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, unknown>;
    return { activity: raw.activity === true, notifications: raw.notifications === true };
  } catch {
    return { activity: false, notifications: false };
  }
}

/**
 * Open state of the activity sidebar, the notifications sidebar and the mobile menu, by the rules of spec §4
 * "Sidebars". `pinned` is the member's is_notifications_pinned setting.
 */
export function SidebarsProvider({
  children,
  isMember,
  pinned,
}: {
  children: React.ReactNode;
  isMember: boolean;
  pinned: boolean;
}) {
  const [state, setState] = useState<SidebarsState>(CLOSED);
  const restored = useRef(false);
  const location = useLocation();
  const firstLocation = useRef(location.key);
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;

  // Restore on desktop after 200 ms; notifications only when the member pinned them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on load
  useEffect(() => {
    if (isMobileWidth()) {
      restored.current = true;
      return;
    }
    const id = window.setTimeout(() => {
      // A sidebar toggled in the first 200 ms stays as the visitor left it.
      if (restored.current) return;
      const stored = readStored();
      restored.current = true;
      setState((s) => ({
        ...s,
        activity: stored.activity,
        notifications: isMember && pinnedRef.current && stored.notifications,
      }));
    }, SIDEBAR_RESTORE_MS);
    return () => window.clearTimeout(id);
  }, []);

  // Persist (only after the restore, so the initial closed state does not overwrite it; and not the state the page
  // starts with: a narrow window, restored at once, wrote the closed sidebars over the wide window's choice, and a
  // synchronous storage write was part of every hydration on a phone).
  const initialState = useRef(true);
  useEffect(() => {
    if (initialState.current) {
      initialState.current = false;
      return;
    }
    if (!restored.current) return;
    try {
      window.localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ activity: state.activity, notifications: state.notifications }),
      );
    } catch {
      // Private mode or storage full: the state just is not remembered.
    }
  }, [state.activity, state.notifications]);

  // Every navigation: the menu closes; notifications close unless pinned; below 768 both sidebars close.
  useEffect(() => {
    if (location.key === firstLocation.current) return;
    firstLocation.current = location.key;
    const mobile = isMobileWidth();
    setState((s) => ({
      menu: false,
      activity: mobile ? false : s.activity,
      notifications: mobile || !pinnedRef.current ? false : s.notifications,
    }));
  }, [location.key]);

  // Sign-out (spec §4): every sidebar closes — the activity sidebar too — and stays closed after a reload.
  const wasMember = useRef(isMember);
  useEffect(() => {
    if (wasMember.current && !isMember) {
      restored.current = true;
      setState(CLOSED);
    } else if (!isMember) {
      setState((s) => (s.notifications ? { ...s, notifications: false } : s));
    }
    wasMember.current = isMember;
  }, [isMember]);

  const toggleActivity = useCallback(() => {
    restored.current = true;
    setState((s) => {
      if (isMobileWidth()) {
        const activity = !s.activity;
        return { menu: false, activity, notifications: activity ? false : s.notifications };
      }
      if (s.activity && s.notifications) return { ...s, menu: false, activity: false };
      return { menu: false, activity: !s.activity, notifications: false };
    });
  }, []);

  const toggleNotifications = useCallback(() => {
    restored.current = true;
    setState((s) => {
      const notifications = !s.notifications;
      if (isMobileWidth()) return { menu: false, notifications, activity: notifications ? false : s.activity };
      return { ...s, menu: false, notifications };
    });
  }, []);

  const toggleMenu = useCallback(() => {
    setState((s) => (s.menu ? { ...s, menu: false } : { menu: true, activity: false, notifications: false }));
  }, []);

  const closeAll = useCallback(() => setState(CLOSED), []);

  // Escape closes the mobile menu and, on small screens, the sidebars.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setState((s) => (isMobileWidth() ? CLOSED : s.menu ? { ...s, menu: false } : s));
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const api = useMemo<SidebarsApi>(
    () => ({ ...state, toggleActivity, toggleNotifications, toggleMenu, closeAll }),
    [state, toggleActivity, toggleNotifications, toggleMenu, closeAll],
  );
  return <SidebarsContext.Provider value={api}>{children}</SidebarsContext.Provider>;
}

/** Open state and toggles of the sidebars and the mobile menu. */
export function useSidebars(): SidebarsApi {
  const api = useContext(SidebarsContext);
  if (!api) throw new Error("useSidebars() outside <SidebarsProvider>");
  return api;
}
