import { useMemo } from "react";
import { releaseCardMarkup, releaseItemsMarkup } from "#app/components/calendar-release";
import { followMarkupLink } from "#app/components/link";
import { html, type Markup } from "#app/lib/html";
import { type Sidecar, sidecarMarkup } from "#app/lib/sidecar";
import { dayKey, daysInMonth, dayTitle, WEEKDAYS_SHORT } from "#workers/core/calendar/calendar.dates";
import type { CalendarMonth } from "#workers/core/calendar/calendar.read";
import type { PlatformShape, ReleaseTile } from "#workers/core/calendar/calendar.serializers";
import { dayAnchor } from "#workers/core/calendar/calendar.urls";

/** A month's releases: by Moscow day, and those dated only by the month, quarter or year. */
export type MonthReleases = Pick<CalendarMonth<ReleaseTile>, "releases" | "undated">;

/** The month without its releases: what the page shows around them. */
export type MonthHead = Omit<CalendarMonth<ReleaseTile>, "releases" | "undated">;

const TODAY = html`<span class="cal-today">Сегодня</span>`;

/**
 * The days of a month as the grid's items (markup: a month holds up to ~200 releases; §31 of
 * docs/decisions/0040-render-cpu.md): Monday-first, with blank leading cells.
 */
function monthDaysMarkup(
  month: MonthHead,
  releases: MonthReleases["releases"],
  platforms: Map<number, PlatformShape>,
  canSubscribe: boolean,
): Markup {
  const count = daysInMonth(month.year, month.month);
  const firstWeekday = (new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay() + 6) % 7;
  const items: Markup[] = [];
  for (let i = 0; i < firstWeekday; i++) items.push(html`<li class="cal-day cal-day-blank" aria-hidden="true"></li>`);
  for (let i = 0; i < count; i++) {
    const day = dayKey(month.year, month.month, i + 1);
    const list = releases[day] ?? [];
    const isToday = day === month.today;
    const classes = `cal-day ${list.length ? "has-releases" : "is-empty"}${isToday ? " is-today" : ""}${(firstWeekday + i) % 7 >= 5 ? " is-weekend" : ""}`;
    const cards = list.length
      ? html`<ul class="cal-day-releases">${list.map((release) => html`<li>${releaseCardMarkup(release, platforms, canSubscribe, false)}</li>`)}</ul>`
      : null;
    items.push(
      html`<li id="${dayAnchor(day)}" class="${classes}"${isToday ? html` aria-current="date"` : null}><h2 class="cal-day-title"><span class="cal-day-number">${i + 1}</span><span class="cal-day-long">${dayTitle(day)}</span>${isToday ? TODAY : null}</h2>${cards}</li>`,
    );
  }
  return html`${items}`;
}

const MONTH_HOLDER_ID = "cal-month";

/** The month's grid of days, its undated releases and, when it has none, the words that say so. */
function monthMarkup(
  month: MonthHead,
  releases: MonthReleases,
  platforms: Map<number, PlatformShape>,
  canSubscribe: boolean,
): Markup {
  const days = monthDaysMarkup(month, releases.releases, platforms, canSubscribe);
  const undated = releases.undated.length
    ? html`<section class="cal-undated" aria-labelledby="cal-undated-title"><h2 id="cal-undated-title" class="cal-section-title">Дата уточняется</h2><ul class="cal-list">${releaseItemsMarkup(releases.undated, platforms, canSubscribe)}</ul></section>`
    : null;
  const empty =
    !Object.keys(releases.releases).length && !releases.undated.length
      ? html`<p class="empty cal-empty">${month.platform ? `В этом месяце релизов на ${month.platform.title} нет.` : "В этом месяце релизов пока нет."}</p>`
      : null;
  return html`<ol class="cal-grid" aria-label="Релизы: ${month.title.toLowerCase()}">${days}</ol>${undated}${empty}`;
}

/**
 * A month of releases: one list of days that the stylesheet lays out as a Monday-first grid on wide screens and
 * as a list of the days that have releases (and today) on phones. Releases dated only by the month, quarter or
 * year come after the days, under «Дата уточняется». All of it is markup in one holder (not a box of its own),
 * and the releases come to a document only as that markup (`sidecarMarkup`): the browser has nothing to do with
 * them but follow their links and submit their buttons (of the page's one SubscribeForm).
 */
export function CalendarMonthView({
  month,
  releases,
  platforms,
  canSubscribe,
}: {
  month: MonthHead;
  releases: MonthReleases | Sidecar;
  platforms: Map<number, PlatformShape>;
  canSubscribe: boolean;
}) {
  const inner = useMemo(
    () =>
      sidecarMarkup(releases, MONTH_HOLDER_ID, (value: MonthReleases) =>
        monthMarkup(month, value, platforms, canSubscribe),
      ),
    [month, releases, platforms, canSubscribe],
  );
  // The holder's one click follows the links inside it (their keys reach the links themselves).
  const holder = { id: MONTH_HOLDER_ID, onClick: followMarkupLink, dangerouslySetInnerHTML: inner };
  return (
    <>
      <div className="cal-weekdays" aria-hidden="true">
        {WEEKDAYS_SHORT.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <div className="cal-month" {...holder} />
    </>
  );
}
