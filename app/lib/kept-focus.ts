import { type FocusEvent, type RefObject, useLayoutEffect, useRef } from "react";
import type { Markup } from "./html";

const FOCUSABLE = "a[href], button, input:not([type=hidden]), select, textarea";

/**
 * Keeps the keyboard's place in an element whose markup React rewrites as a whole (app/lib/html.ts): when the
 * element that had the focus inside it is gone with the old markup (a paw pressed, its state shown anew), the focus
 * goes to the control at the same place in the new markup. Focus that had moved elsewhere is left alone. Spread
 * `ref` and `onFocus` into the element that holds `markup`.
 */
export function useKeptFocus<T extends HTMLElement>(
  markup: Markup,
): { ref: RefObject<T | null>; onFocus: (event: FocusEvent<T>) => void } {
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
  };
}
