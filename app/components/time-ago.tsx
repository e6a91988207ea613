import { useSyncExternalStore } from "react";
import { formatDateTime, formatRelative, RELATIVE_REFRESH_MS } from "#app/lib/dates";

// One clock for every <TimeAgo> of the page: a single timer ticks every RELATIVE_REFRESH_MS while any is shown,
// instead of a timer and an effect per date (a page of comments has a hundred).
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A clock left idle (no date shown for a while) is set right before it ticks again.
  if (timer === undefined && Date.now() - now >= RELATIVE_REFRESH_MS) now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    for (const notify of listeners) notify();
  }, RELATIVE_REFRESH_MS);
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const clientNow = () => now;
// The server renders at the time of the request; in the browser hydration starts from the clock's time, so the
// dates are not rendered a second time once the page has hydrated.
const renderNow = typeof document === "undefined" ? () => Date.now() : clientNow;

/** A <time> with the short relative Russian form, refreshed every 30 s; the full date in its tooltip. */
export function TimeAgo({ date, className }: { date: string | Date; className?: string }) {
  const current = useSyncExternalStore(subscribe, clientNow, renderNow);
  const iso = typeof date === "string" ? date : date.toISOString();
  return (
    <time className={className} dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
      {formatRelative(iso, current)}
    </time>
  );
}
