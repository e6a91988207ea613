import { data } from "react-router";
import { getCtx } from "#app/lib/forms.server";
import { calendarFeed } from "#workers/core/calendar/calendar.feeds";
import { AppError } from "#workers/core/errors";
import type { Route } from "./+types/feed";

/**
 * /calendar/feeds/<file>.ics: the iCalendar feeds (calendar.feeds.ts) — a platform's public one, a member's
 * private one. The private feed's address is its key, so it is never cached by anyone but its reader.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  try {
    const feed = await calendarFeed(ctx, params.file ?? "");
    const isPrivate = feed.filename === "my-releases.ics";
    return new Response(feed.body, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `inline; filename="${feed.filename}"`,
        "Cache-Control": isPrivate ? "private, no-store" : "public, max-age=900",
        ...(isPrivate ? { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" } : {}),
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    throw error;
  }
}
