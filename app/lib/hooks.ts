import { type Dispatch, type SetStateAction, useEffect, useState, useSyncExternalStore } from "react";
import {
  type FetcherSubmitFunction,
  type NavigateFunction,
  type NavigateOptions,
  useFetcher,
  useNavigate,
} from "react-router";

const noop = () => () => {};

/** False during server rendering and hydration, true afterwards (for no-JS fallbacks). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** What a reaction button reads of its fetcher. */
export interface ButtonFetcher<T> {
  state: "idle" | "loading" | "submitting";
  data: T | undefined;
  formData: FormData | undefined;
  submit: FetcherSubmitFunction;
}

const SERVER_FETCHER: ButtonFetcher<never> = {
  state: "idle",
  data: undefined,
  formData: undefined,
  // Event handlers do not run on the server.
  submit: () => Promise.resolve(),
};

function useServerFetcher<T>(): ButtonFetcher<T> {
  return SERVER_FETCHER;
}

function useBrowserFetcher<T>(): ButtonFetcher<T> {
  // The actions answer plain JSON objects, which arrive as they were sent.
  return useFetcher<T>() as ButtonFetcher<T>;
}

/**
 * The fetcher of a button repeated on every card and comment (paws, bookmarks). On the server it is the idle
 * fetcher the browser's first render also sees, without React Router's per-instance work (contexts, an id, a
 * submit function): a hundred of them were about a twentieth of a discussion's render (decision 0040).
 * `import.meta.env.SSR` is fixed at build time, so each side always calls the same hooks.
 */
export const useButtonFetcher: <T>() => ButtonFetcher<T> = import.meta.env.SSR ? useServerFetcher : useBrowserFetcher;

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
