import { Form, useLocation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { IconBell, IconCheck } from "#app/components/icons";
import { Link } from "#app/components/link";
import { IconGamepad } from "#app/components/stream-icons";
import { releaseTime } from "#workers/core/calendar/calendar.dates";
import type { GameRelease, PlatformShape } from "#workers/core/calendar/calendar.serializers";
import { gameUrl } from "#workers/core/calendar/calendar.urls";

/** Pieces of a release wherever it shows: the cover, platform badges, the follow button, the card. */

export function PlatformBadges({ ids, platforms }: { ids: { id: number }[]; platforms: Map<number, PlatformShape> }) {
  if (!ids.length) return null;
  return (
    <ul className="cal-badges" aria-label="Платформы">
      {ids.map(({ id }) => {
        const platform = platforms.get(id);
        if (!platform) return null;
        return (
          <li key={id} className={`cal-badge cal-badge-${platform.icon}`} title={platform.title}>
            {platform.title}
          </li>
        );
      })}
    </ul>
  );
}

export function ReleaseCover({
  release,
  size = "small",
}: {
  release: Pick<GameRelease, "cover" | "title">;
  size?: "small" | "large";
}) {
  if (!release.cover) {
    return (
      <span className={`cal-cover cal-cover-${size} cal-cover-empty`} aria-hidden="true">
        <IconGamepad size={size === "large" ? 48 : 24} />
      </span>
    );
  }
  return (
    <img
      className={`cal-cover cal-cover-${size}`}
      src={size === "large" ? release.cover.url_2x : release.cover.url}
      srcSet={size === "large" ? undefined : `${release.cover.url} 1x, ${release.cover.url_2x} 2x`}
      alt=""
      width={size === "large" ? 240 : 100}
      height={size === "large" ? 320 : 133}
      loading="lazy"
      decoding="async"
    />
  );
}

/** Follow or stop following a release (a plain form: works without JavaScript, comes back to this page). */
export function SubscribeButton({
  release,
  compact = false,
}: {
  release: Pick<GameRelease, "id" | "title" | "is_subscribed">;
  compact?: boolean;
}) {
  const location = useLocation();
  const label = release.is_subscribed ? "Вы следите" : "Следить";
  const action = release.is_subscribed
    ? `Не следить за релизом «${release.title}»`
    : `Следить за релизом «${release.title}»: напомним в день выхода`;
  return (
    <Form method="post" action="/calendar/subscribe" className="cal-subscribe" preventScrollReset>
      <CsrfField />
      <input type="hidden" name="release" value={release.id} />
      <input type="hidden" name="is_subscribed" value={release.is_subscribed ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className={`btn btn-sm cal-subscribe-btn${release.is_subscribed ? " is-on" : ""}${compact ? " btn-icon" : ""}`}
        aria-pressed={release.is_subscribed}
        aria-label={action}
        title={action}
      >
        {release.is_subscribed ? <IconCheck size={16} /> : <IconBell size={16} />}
        {compact ? null : <span>{label}</span>}
      </button>
    </Form>
  );
}

/**
 * A release as a tile of the month (cover, title, time, note, badges) and, for members, its follow button.
 * `showDate`: the date label under the title (lists outside the month grid).
 */
export function ReleaseCard({
  release,
  platforms,
  canSubscribe,
  showDate = false,
}: {
  release: GameRelease;
  platforms: Map<number, PlatformShape>;
  canSubscribe: boolean;
  showDate?: boolean;
}) {
  return (
    <article className="cal-release">
      <Link to={gameUrl(release.game)} className="cal-release-link">
        <ReleaseCover release={release} />
        <span className="cal-release-title">{release.title}</span>
      </Link>
      <p className="cal-release-meta">
        {showDate ? <span className="cal-release-date">{release.date_label}</span> : null}
        {!showDate && release.has_time ? (
          <span className="cal-release-time">
            {releaseTime({ releasedAt: new Date(release.datetime_released) })} МСК
          </span>
        ) : null}
        {release.note ? <span className="cal-release-note">{release.note}</span> : null}
      </p>
      <PlatformBadges ids={release.platforms} platforms={platforms} />
      {canSubscribe ? <SubscribeButton release={release} compact={!showDate} /> : null}
    </article>
  );
}

export function platformMap(platforms: PlatformShape[]): Map<number, PlatformShape> {
  return new Map(platforms.map((p) => [p.id, p]));
}
