import type { MouseEvent } from "react";
import { Form, useLocation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { ICON_SHAPES_URL, IconGamepad } from "#app/components/icons";
import { followMarkupLink } from "#app/components/link";
import { html, innerMarkup, type Markup } from "#app/lib/html";
import type { CoverShape, PlatformShape, ReleaseTile } from "#workers/core/calendar/calendar.serializers";
import { gameUrl } from "#workers/core/calendar/calendar.urls";

/**
 * Pieces of a release wherever it shows: the cover, platform badges, the follow button, the card. A month shows
 * up to ~200 releases, so a release's pieces are written as markup (app/lib/html.ts; docs/decisions/0040-render-cpu.md
 * §31) that an element of the page holds: links inside it are followed by the holder's one click handler
 * (`followMarkupLink`), and the follow buttons are submit buttons of the page's one SubscribeForm, which need none.
 */

/** The props of an element holding releases written as markup: the markup and the click that follows its links. */
export function releaseHolder(markup: Markup): {
  onClick: (event: MouseEvent<HTMLElement>) => void;
  dangerouslySetInnerHTML: { __html: string };
} {
  // Markup from `html`, which escapes all text.
  return { onClick: followMarkupLink, dangerouslySetInnerHTML: innerMarkup(markup) };
}

/** A release's platforms as the items of a `ul.cal-badges` (the badge shows its platform's name). */
function badgeItemsMarkup(ids: number[], platforms: Map<number, PlatformShape>): Markup {
  const items: Markup[] = [];
  for (const id of ids) {
    const platform = platforms.get(id);
    if (platform) items.push(html`<li class="cal-badge cal-badge-${platform.icon}">${platform.title}</li>`);
  }
  return html`${items}`;
}

/** A release's platforms as badges (on the game's page: the list an element, its items markup). */
export function PlatformBadges({ ids, platforms }: { ids: number[]; platforms: Map<number, PlatformShape> }) {
  if (!ids.length) return null;
  return <ul className="cal-badges" aria-label="Платформы" {...releaseHolder(badgeItemsMarkup(ids, platforms))} />;
}

/** The game's large cover, on its page. */
export function GameCover({ cover }: { cover: Pick<CoverShape, "url_2x"> | null }) {
  if (!cover) {
    return (
      <span className="cal-cover cal-cover-large cal-cover-empty" aria-hidden="true">
        <IconGamepad size={48} />
      </span>
    );
  }
  return (
    <img
      className="cal-cover cal-cover-large"
      src={cover.url_2x}
      alt=""
      width={240}
      height={320}
      loading="lazy"
      decoding="async"
    />
  );
}

const EMPTY_COVER = html`<span class="cal-cover cal-cover-small cal-cover-empty" aria-hidden="true"><svg width="24" height="24" fill="none" stroke="currentColor" class="icon" aria-hidden="true" focusable="false"><use href="${ICON_SHAPES_URL}#gamepad"></use></svg></span>`;

/** A release's small cover in a list (or the gamepad when the game has none). */
function coverMarkup(release: ReleaseTile): Markup {
  if (!release.cover) return EMPTY_COVER;
  const url2x = release.cover_2x ?? release.cover;
  return html`<img class="cal-cover cal-cover-small" src="${release.cover}" srcSet="${release.cover} 1x, ${url2x} 2x" alt="" width="100" height="133" loading="lazy" decoding="async"/>`;
}

const SUBSCRIBE_FORM_ID = "cal-subscribe-form";

/**
 * The one form a page's follow buttons submit: the CSRF token and the way back once per page instead of once per
 * release (a member's month had ~200 forms, 40 % of its HTML). Each button names its release and the state wanted
 * in its own `formaction` (/calendar/subscribe reads them from the query). A plain form: works without
 * JavaScript and comes back to this page. Render it once on a page with follow buttons.
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

// The icons' size and strokes come from the stylesheet (`.cal-subscribe-btn .icon`): a month has ~200 of them.
const BELL = html`<svg class="icon" aria-hidden="true"><use href="#icon-bell"></use></svg>`;
const CHECK = html`<svg class="icon" aria-hidden="true"><use href="#icon-check"></use></svg>`;

/**
 * Follow or stop following a release: a submit button of the page's SubscribeForm, as markup. The compact one (a
 * month's tile) is only its icon and takes its name from its title, which is its tooltip as well; the other shows
 * its state in words and names the release in its label.
 */
function subscribeButtonMarkup(release: Pick<ReleaseTile, "id" | "title" | "is_subscribed">, compact: boolean): Markup {
  const on = release.is_subscribed;
  const action = on
    ? `Не следить за релизом «${release.title}»`
    : `Следить за релизом «${release.title}»: напомним в день выхода`;
  const name = compact ? html`title="${action}"` : html`aria-label="${action}"`;
  return html`<button type="submit" form="${SUBSCRIBE_FORM_ID}" class="btn btn-sm cal-subscribe cal-subscribe-btn${on ? " is-on" : ""}${compact ? " btn-icon" : ""}" aria-pressed="${on ? "true" : "false"}" ${name} formAction="/calendar/subscribe?release=${release.id}&amp;is_subscribed=${on ? "false" : "true"}">${on ? CHECK : BELL}${compact ? null : html`<span>${on ? "Вы следите" : "Следить"}</span>`}</button>`;
}

/** The follow button on the game's page (its slot shows only the button). */
export function SubscribeButton({ release }: { release: Pick<ReleaseTile, "id" | "title" | "is_subscribed"> }) {
  return <span className="cal-subscribe-slot" {...releaseHolder(subscribeButtonMarkup(release, false))} />;
}

/**
 * A release as a tile (cover, title, time, note, badges) and, for members, its follow button. `showDate`: the
 * date label under the title (lists outside the month grid), and the button with its text.
 */
export function releaseCardMarkup(
  release: ReleaseTile,
  platforms: Map<number, PlatformShape>,
  canSubscribe: boolean,
  showDate: boolean,
): Markup {
  const date = showDate ? html`<span class="cal-release-date">${release.date_label}</span>` : null;
  const time = !showDate && release.time ? html`<span class="cal-release-time">${release.time} МСК</span>` : null;
  const note = release.note ? html`<span class="cal-release-note">${release.note}</span>` : null;
  return html`<article class="cal-release"><a class="cal-release-link" href="${gameUrl(release.game)}">${coverMarkup(release)}<span class="cal-release-title">${release.title}</span></a><p class="cal-release-meta">${date}${time}${note}</p>${platformBadgesMarkup(release.platforms, platforms)}${canSubscribe ? subscribeButtonMarkup(release, !showDate) : null}</article>`;
}

function platformBadgesMarkup(ids: number[], platforms: Map<number, PlatformShape>): Markup | null {
  return ids.length
    ? html`<ul class="cal-badges" aria-label="Платформы">${badgeItemsMarkup(ids, platforms)}</ul>`
    : null;
}

/** Releases as the items of a `ul.cal-list`: tiles with their dates. */
export function releaseItemsMarkup(
  releases: ReleaseTile[],
  platforms: Map<number, PlatformShape>,
  canSubscribe: boolean,
): Markup {
  return html`${releases.map((release) => html`<li>${releaseCardMarkup(release, platforms, canSubscribe, true)}</li>`)}`;
}

/** Releases as a list of tiles with their dates (search, «Мои релизы»). */
export function ReleaseList({
  releases,
  platforms,
  canSubscribe,
}: {
  releases: ReleaseTile[];
  platforms: Map<number, PlatformShape>;
  canSubscribe: boolean;
}) {
  return <ul className="cal-list" {...releaseHolder(releaseItemsMarkup(releases, platforms, canSubscribe))} />;
}

export function platformMap(platforms: PlatformShape[]): Map<number, PlatformShape> {
  return new Map(platforms.map((p) => [p.id, p]));
}
