import { useSyncExternalStore } from "react";

/**
 * One polite live region for the whole page, for what the reader's own action changed and the page shows only as
 * a figure (a paw's new score). Each paw score used to be a live region of its own: a 100-comment page had a
 * hundred, and screen readers read out every score anyone changed anywhere on the page, without saying whose.
 * A module store like TimeAgo's clock and the unread counts: `announce` sets it, the shell's <Announcer> shows it.
 */
const SILENT = { text: "", count: 0 };
let said = SILENT;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Says `text` once through the page's announcer. */
export function announce(text: string): void {
  said = { text, count: said.count + 1 };
  for (const notify of listeners) notify();
}

export function Announcer() {
  const { text, count } = useSyncExternalStore(
    subscribe,
    () => said,
    () => SILENT,
  );
  return (
    <div id="announcer" className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {/* The count makes a repeated text a new node: screen readers announce changes, the same text twice is one. */}
      {text ? <span key={count}>{text}</span> : null}
    </div>
  );
}
