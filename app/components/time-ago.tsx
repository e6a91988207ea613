import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { formatDateTime, formatRelative, RELATIVE_REFRESH_MS } from "#app/lib/dates";
import { html, type Markup } from "#app/lib/html";

/**
 * One clock for every <TimeAgo> of the page, kept by the shell: it ticks every RELATIVE_REFRESH_MS (browsers slow
 * the timers of hidden tabs down by themselves), and the dates read it from the context. Before, each date
 * subscribed to a shared clock: two effects per date at every hydration, two hundred on a page of comments.
 */
const ClockContext = createContext<number | null>(null);

export function ClockProvider({ children }: { children: ReactNode }) {
  // In the browser hydration keeps the server's texts (suppressHydrationWarning below); the first tick brings them
  // up to date.
  const [now, setNow] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      setNow(now);
      refreshMarkupTimes(now);
    }, RELATIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return <ClockContext value={now}>{children}</ClockContext>;
}

/** A <time> with the short relative Russian form, refreshed every 30 s; the full date in its tooltip. */
export function TimeAgo({ date, className }: { date: string | Date; className?: string }) {
  // The clock's tick renders the date again; the time is read as it renders, so that a date that arrives between
  // two ticks (a new comment) is not later than the clock ("только что", not its full date). Outside the shell
  // (none of the site's pages) a date is shown as of its render.
  useContext(ClockContext);
  const now = Date.now();
  const iso = typeof date === "string" ? date : date.toISOString();
  return (
    <time className={className} dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
      {formatRelative(iso, now)}
    </time>
  );
}

/** <TimeAgo> written as markup (app/lib/html.ts); the clock's tick brings its text up to date (refreshMarkupTimes). */
export function timeAgoMarkup(iso: string, className?: string): Markup {
  const classes = className ? html`class="${className}" ` : null;
  return html`<time ${classes}datetime="${iso}" title="${formatDateTime(iso)}" data-relative>${formatRelative(iso, Date.now())}</time>`;
}

/** The texts of the times written as markup (in `root`, or the page), as of `now`: React does not render those again. */
export function refreshMarkupTimes(now: number, root: Document | Element = document): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>("time[data-relative]")) {
    const text = formatRelative(time.dateTime, now);
    if (time.textContent !== text) time.textContent = text;
  }
}
