import { Form, useLocation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { IconBell, IconCheck, IconGamepad } from "#app/components/icons";
import { Link } from "#app/components/link";
import type { CoverShape, PlatformShape, ReleaseTile } from "#workers/core/calendar/calendar.serializers";
import { gameUrl } from "#workers/core/calendar/calendar.urls";

/** Pieces of a release wherever it shows: the cover, platform badges, the follow button, the card. */

export function PlatformBadges({ ids, platforms }: { ids: number[]; platforms: Map<number, PlatformShape> }) {
  if (!ids.length) return null;
  return (
    <ul className="cal-badges" aria-label="Платформы">
      {ids.map((id) => {
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
  cover,
  size = "small",
}: {
  cover: Pick<CoverShape, "url" | "url_2x"> | null;
  size?: "small" | "large";
}) {
  if (!cover) {
    return (
      <span className={`cal-cover cal-cover-${size} cal-cover-empty`} aria-hidden="true">
        <IconGamepad size={size === "large" ? 48 : 24} />
      </span>
    );
  }
  return (
    <img
      className={`cal-cover cal-cover-${size}`}
      src={size === "large" ? cover.url_2x : cover.url}
      srcSet={size === "large" ? undefined : `${cover.url} 1x, ${cover.url_2x} 2x`}
      alt=""
      width={size === "large" ? 240 : 100}
      height={size === "large" ? 320 : 133}
      loading="lazy"
      decoding="async"
    />
  );
}

const SUBSCRIBE_FORM_ID = "cal-subscribe-form";

/**
 * The one form a page's follow buttons submit: the CSRF token and the way back once per page instead of once per
 * release (a member's month had ~200 forms, 40 % of its HTML). Each button names its release and the state wanted
 * in its own `formaction` (/calendar/subscribe reads them from the query). A plain form: works without
 * JavaScript and comes back to this page. Render it once on a page with SubscribeButtons.
 */
export function SubscribeForm() {
  const location = useLocation();
  return (
    <Form id={SUBSCRIBE_FORM_ID} method="post" action="/calendar/subscribe" preventScrollReset hidden>
      <CsrfField />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
    </Form>
  );
}

/** Follow or stop following a release: a button of the page's SubscribeForm. */
export function SubscribeButton({
  release,
  compact = false,
}: {
  release: Pick<ReleaseTile, "id" | "title" | "is_subscribed">;
  compact?: boolean;
}) {
  const label = release.is_subscribed ? "Вы следите" : "Следить";
  const action = release.is_subscribed
    ? `Не следить за релизом «${release.title}»`
    : `Следить за релизом «${release.title}»: напомним в день выхода`;
  return (
    <button
      type="submit"
      form={SUBSCRIBE_FORM_ID}
      formAction={`/calendar/subscribe?release=${release.id}&is_subscribed=${!release.is_subscribed}`}
      className={`btn btn-sm cal-subscribe cal-subscribe-btn${release.is_subscribed ? " is-on" : ""}${compact ? " btn-icon" : ""}`}
      aria-pressed={release.is_subscribed}
      aria-label={action}
      title={action}
    >
      {release.is_subscribed ? <IconCheck size={16} /> : <IconBell size={16} />}
      {compact ? null : <span>{label}</span>}
    </button>
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
  release: ReleaseTile;
  platforms: Map<number, PlatformShape>;
  canSubscribe: boolean;
  showDate?: boolean;
}) {
  return (
    <article className="cal-release">
      <Link to={gameUrl(release.game)} className="cal-release-link">
        <ReleaseCover
          cover={release.cover ? { url: release.cover, url_2x: release.cover_2x ?? release.cover } : null}
        />
        <span className="cal-release-title">{release.title}</span>
      </Link>
      <p className="cal-release-meta">
        {showDate ? <span className="cal-release-date">{release.date_label}</span> : null}
        {!showDate && release.time ? <span className="cal-release-time">{release.time} МСК</span> : null}
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
