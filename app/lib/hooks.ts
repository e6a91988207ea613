import { useSyncExternalStore } from "react";
import { type FetcherSubmitFunction, type NavigateFunction, useFetcher, useNavigate } from "react-router";

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

const SERVER_NAVIGATE: NavigateFunction = () => undefined;

function useServerNavigate(): NavigateFunction {
  return SERVER_NAVIGATE;
}

/** `useNavigate` for click handlers: on the server (where they never run) without React Router's work. */
export const useClickNavigate: () => NavigateFunction = import.meta.env.SSR ? useServerNavigate : useNavigate;
