import { type Dispatch, type SetStateAction, useEffect, useState, useSyncExternalStore } from "react";
import { type NavigateFunction, type NavigateOptions, useNavigate } from "react-router";

const noop = () => () => {};

/** False during server rendering and hydration, true afterwards (for no-JS fallbacks). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** The page's `navigate`, registered once by the shell (useClickNavigation); null until it has mounted. */
let pageNavigate: NavigateFunction | null = null;

/**
 * Registers the page's `navigate` for the links' clicks (`clickNavigate`). Called once, by the shell: React
 * Router's `useNavigate` in every link ran its hooks and a layout effect per link (331 on the 100-comment post),
 * all at hydration, for links whose paths are absolute and so resolve the same from any route.
 */
export const useClickNavigation: () => void = import.meta.env.SSR ? () => undefined : useBrowserClickNavigation;

function useBrowserClickNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    pageNavigate = navigate;
    return () => {
      if (pageNavigate === navigate) pageNavigate = null;
    };
  }, [navigate]);
}

/** Navigates to an absolute path as a link's click does; before the shell has mounted, as a plain link would. */
export function clickNavigate(to: string, options: NavigateOptions): void {
  if (pageNavigate) void pageNavigate(to, options);
  else window.location.assign(to);
}

/**
 * A state that starts as `value` and is replaced whenever `value` changes (new figures from a loader), while the
 * component may change it in between (a click, a realtime event). Compared as it renders, not in an effect: an
 * effect per paw and bookmark button ran at every hydration only to find nothing had changed.
 */
export function useFollowedState<T>(
  value: T,
  same: (a: T, b: T) => boolean = Object.is,
): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (!same(followed, value)) {
    setFollowed(value);
    setState(value);
  }
  return [state, setState];
}
