import { useEffect, useState } from "react";
import { formatDateTime, formatRelative, RELATIVE_REFRESH_MS } from "#app/lib/dates";

/** A <time> with the short relative Russian form, refreshed every 30 s; the full date in its tooltip. */
export function TimeAgo({ date, className }: { date: string | Date; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), RELATIVE_REFRESH_MS);
    return () => window.clearInterval(id);
  }, []);
  const iso = typeof date === "string" ? date : date.toISOString();
  return (
    <time className={className} dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
      {formatRelative(iso, now)}
    </time>
  );
}
