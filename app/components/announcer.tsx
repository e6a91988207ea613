import { useEffect, useState } from "react";

/**
 * One polite live region for the whole page, for what the reader's own action changed and the page shows only as
 * a figure (a paw's new score). Each paw score used to be a live region of its own: a 100-comment page had a
 * hundred, and screen readers read out every score anyone changed anywhere on the page, without saying whose.
 */
type Listener = (text: string) => void;
const listeners = new Set<Listener>();

/** Says `text` once through the page's announcer (nothing without one, as on the server). */
export function announce(text: string): void {
  for (const listener of listeners) listener(text);
}

export function Announcer() {
  // The count makes a repeated text a new node: screen readers announce changes, and the same text twice is one.
  const [said, setSaid] = useState<{ text: string; count: number }>({ text: "", count: 0 });
  useEffect(() => {
    const listener: Listener = (text) => setSaid((s) => ({ text, count: s.count + 1 }));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return (
    <div id="announcer" className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {said.text ? <span key={said.count}>{said.text}</span> : null}
    </div>
  );
}
