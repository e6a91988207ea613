import { type MouseEvent, type RefObject, useLayoutEffect } from "react";
import { innerMarkup, type Markup } from "#app/lib/html";
import { useKeptFocus } from "#app/lib/kept-focus";
import { usePresenceStore } from "#app/realtime/provider";
import { paintPresence } from "./avatar";
import { pressedMarkupButton } from "./link";
import { refreshMarkupTimes } from "./time-ago";

/**
 * What a rewrite of an item's markup (app/lib/html.ts) takes with the old elements, drawn again in the whole item
 * (the ancestor of `ref` that `item` selects: a comment's box, a post's card): the authors' online dots (the list's
 * `useMarkupPresence` draws who comes and goes later) and the times' text as of now (the markup was written when
 * the item first rendered; the shell's clock keeps it current after). Runs after each rewrite: a paw or a bookmark
 * shown anew, a form opened or closed, a live count changed. `ref` is the markup's holder.
 */
function useRewrittenMarkup(ref: RefObject<HTMLElement | null>, markup: string, item: string): void {
  const presence = usePresenceStore();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each rewrite of the markup
  useLayoutEffect(() => {
    const element = ref.current?.closest<HTMLElement>(item);
    if (!element) return;
    if (presence) paintPresence(element, presence);
    refreshMarkupTimes(Date.now(), element);
  }, [presence, ref, markup, item]);
}

/**
 * The props of the element that holds an item's markup (a comment's box, a post card's body): the markup, the focus
 * keeper (`region`: the ancestor whose own controls may take the focus, app/lib/kept-focus.ts) and the redraw after
 * each rewrite in `item`. Spread them with the holder's own click (and submit) handler.
 */
export function useMarkupHolder<T extends HTMLElement>(markup: Markup, region: string, item: string) {
  const kept = useKeptFocus<T>(markup, region);
  useRewrittenMarkup(kept.ref, markup.value, item);
  return {
    ref: kept.ref,
    onFocus: kept.onFocus,
    onBlur: kept.onBlur,
    // Markup from `html`, which escapes all text.
    dangerouslySetInnerHTML: innerMarkup(markup),
  };
}

/**
 * The props of an element that holds buttons written as markup and nothing else (a post's or a shout's paws, its
 * bookmark): the markup, the focus keeper (`region` as for useMarkupHolder) and a click handler that calls `click`
 * with the button that was pressed.
 */
export function useButtonsHolder<T extends HTMLElement>(
  markup: Markup,
  region: string,
  click: (event: MouseEvent<HTMLElement>, button: HTMLButtonElement) => void,
) {
  const kept = useKeptFocus<T>(markup, region);
  return {
    ref: kept.ref,
    onFocus: kept.onFocus,
    onBlur: kept.onBlur,
    onClick: (event: MouseEvent<HTMLElement>) => {
      const button = pressedMarkupButton(event);
      if (button) click(event, button);
    },
    // Markup from `html`, which escapes all text.
    dangerouslySetInnerHTML: innerMarkup(markup),
  };
}
