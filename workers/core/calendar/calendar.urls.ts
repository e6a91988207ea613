/** Addresses of the calendar's pages (client-safe: the UI, notifications and the feeds build the same ones). */

export function gameUrl(id: number): string {
  return `/calendar/games/${id}`;
}

/**
 * A month of the calendar, with the platform filter kept: `/calendar?date=2027-3&platform=ps5`. The query
 * parameters always come in this order, so the guest page cache and its purge name the same addresses.
 */
export function monthUrl(date: string | null, platform?: string | null): string {
  const params = new URLSearchParams();
  if (date) params.set("date", date);
  if (platform) params.set("platform", platform);
  const query = params.toString();
  return query ? `/calendar?${query}` : "/calendar";
}

/** The anchor of a day on the month page ("#day-2027-03-14"). */
export function dayAnchor(day: string): string {
  return `day-${day}`;
}

export const MY_RELEASES_URL = "/calendar/my";

/** A platform's public iCalendar feed. */
export function platformFeedUrl(slug: string): string {
  return `/calendar/feeds/platform-${slug}.ics`;
}

/** A member's private iCalendar feed (the token is theirs: see calendar.feeds.ts). */
export function memberFeedUrl(userId: number, token: string): string {
  return `/calendar/feeds/member-${userId}-${token}.ics`;
}
