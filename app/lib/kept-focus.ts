import { type FocusEvent, type RefObject, useLayoutEffect, useRef } from "react";
import type { Markup } from "./html";

const FOCUSABLE = "a[href], button, input:not([type=hidden]), select, textarea";

/**
 * Keeps the keyboard's place in an element whose markup React rewrites as a whole (app/lib/html.ts): when the
 * element that had the focus inside it is gone with the old markup (a paw pressed, its state shown anew), the focus
 * goes to the control at the same place in the new markup. Focus that had moved elsewhere is left alone, and so is
 * focus the user took out of `region` (a click on the page, another comment) before a later rewrite (a paw given by
 * someone else, over the channel). Spread `ref`, `onFocus` and `onBlur` into the element that holds `markup`.
 */
export function useKeptFocus<T extends HTMLElement>(
  markup: Markup,
  /** The region (a selector of an ancestor) whose own controls may take the focus without forgetting it. */
  region: string,
): {
  ref: RefObject<T | null>;
  onFocus: (event: FocusEvent<T>) => void;
  onBlur: (event: FocusEvent<T>) => void;
} {
  const ref = useRef<T>(null);
  const last = useRef<{ node: Element; index: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each rewrite of the markup
  useLayoutEffect(() => {
    const box = ref.current;
    const was = last.current;
    if (!box || !was || was.node.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const next = box.querySelectorAll<HTMLElement>(FOCUSABLE)[was.index];
    next?.focus();
    // A control that cannot take the focus now (a paw disabled while on its way) gets it at the next rewrite.
    if (next && document.activeElement === next) last.current = { node: next, index: was.index };
  }, [markup.value]);
  return {
    ref,
    onFocus: (event) => {
      const index = [...event.currentTarget.querySelectorAll(FOCUSABLE)].indexOf(event.target);
      if (index >= 0) last.current = { node: event.target, index };
    },
    onBlur: (event) => {
      const node = event.target;
      const home = event.currentTarget.closest(region);
      // Once the focus has moved. A control removed with its markup is the rewrite's to replace; a window that lost
      // the focus keeps its focused element; the focus in a form of the same region (a comment's reply form) is still
      // the same piece of work. Anything else — the page, another comment — was the user's choice.
      queueMicrotask(() => {
        if (last.current?.node !== node || !node.isConnected) return;
        const active = document.activeElement;
        if (active === node || (active && active !== document.body && home && active.closest(region) === home)) return;
        last.current = null;
      });
    },
  };
}
