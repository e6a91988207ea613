import { ReleaseCard } from "#app/components/calendar-release";
import { dayKey, daysInMonth, dayTitle, WEEKDAYS_SHORT } from "#workers/core/calendar/calendar.dates";
import type { CalendarMonth } from "#workers/core/calendar/calendar.read";
import type { PlatformShape, ReleaseTile } from "#workers/core/calendar/calendar.serializers";
import { dayAnchor } from "#workers/core/calendar/calendar.urls";

/**
 * A month of releases: one list of days that the stylesheet lays out as a Monday-first grid on wide screens and
 * as a list of the days that have releases (and today) on phones. Releases dated only by the month, quarter or
 * year come after the days, under «Дата уточняется».
 */
export function CalendarMonthView({
  month,
  platforms,
  canSubscribe,
}: {
  month: CalendarMonth<ReleaseTile>;
  platforms: Map<number, PlatformShape>;
  canSubscribe: boolean;
}) {
  const count = daysInMonth(month.year, month.month);
  const firstWeekday = (new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay() + 6) % 7;
  const days = Array.from({ length: count }, (_, i) => dayKey(month.year, month.month, i + 1));
  const empty = !Object.keys(month.releases).length && !month.undated.length;
  return (
    <>
      <div className="cal-weekdays" aria-hidden="true">
        {WEEKDAYS_SHORT.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <ol className="cal-grid" aria-label={`Релизы: ${month.title.toLowerCase()}`}>
        {Array.from({ length: firstWeekday }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed leading blanks of the grid
          <li key={`blank-${i}`} className="cal-day cal-day-blank" aria-hidden="true" />
        ))}
        {days.map((day, i) => {
          const releases = month.releases[day] ?? [];
          const isToday = day === month.today;
          const weekday = (firstWeekday + i) % 7;
          const classes = [
            "cal-day",
            releases.length ? "has-releases" : "is-empty",
            isToday ? "is-today" : null,
            weekday >= 5 ? "is-weekend" : null,
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <li key={day} id={dayAnchor(day)} className={classes} aria-current={isToday ? "date" : undefined}>
              <h2 className="cal-day-title">
                <span className="cal-day-number">{i + 1}</span>
                <span className="cal-day-long">{dayTitle(day)}</span>
                {isToday ? <span className="cal-today">Сегодня</span> : null}
              </h2>
              {releases.length ? (
                <ul className="cal-day-releases">
                  {releases.map((release) => (
                    <li key={release.id}>
                      <ReleaseCard release={release} platforms={platforms} canSubscribe={canSubscribe} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {month.undated.length ? (
        <section className="cal-undated" aria-labelledby="cal-undated-title">
          <h2 id="cal-undated-title" className="cal-section-title">
            Дата уточняется
          </h2>
          <ul className="cal-list">
            {month.undated.map((release) => (
              <li key={release.id}>
                <ReleaseCard release={release} platforms={platforms} canSubscribe={canSubscribe} showDate />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {empty ? (
        <p className="empty cal-empty">
          {month.platform ? `В этом месяце релизов на ${month.platform.title} нет.` : "В этом месяце релизов пока нет."}
        </p>
      ) : null}
    </>
  );
}
