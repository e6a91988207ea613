import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import type { FeedGroupView, FeedPage, FeedSourceShape, NewsItem } from "#workers/core/feed/feed.read";
import { pluralize } from "#workers/core/shared/plural";
import { FeedPaging, useEndlessScroll } from "./feed-paging";
import { TimeAgo } from "./time-ago";

const SOURCE_FORMS = ["источник", "источника", "источников"] as const;
/** Links to other sites: no opener, no endorsement, content not ours (spec: rel="noopener nofollow ugc"). */
export const OUTBOUND_REL = "noopener nofollow ugc";

/** A source's icon: its picture, or the first letter of its name on a tinted circle. */
export function SourceIcon({ source, size = 20 }: { source: FeedSourceShape; size?: number }) {
  if (source.image_url) {
    return (
      <img
        className="feed-source-icon"
        src={source.image_url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className="feed-source-icon feed-source-letter" style={{ width: size, height: size }} aria-hidden="true">
      {(source.name || source.domain).slice(0, 1).toUpperCase()}
    </span>
  );
}

/** A story in the feed: picture, headline (to its page), the sources' icons and count, time. */
export function FeedGroupCard({ group }: { group: FeedGroupView }) {
  const shown = group.sources.slice(0, 5);
  const names = group.sources.map((s) => s.name).join(", ");
  return (
    <article className={`feed-group${group.image_url ? " has-image" : ""}`} id={`news-${group.id}`}>
      {group.image_url ? (
        <Link to={group.url} className="feed-group-image" tabIndex={-1} aria-hidden="true">
          <img src={group.image_url} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" />
        </Link>
      ) : null}
      <div className="feed-group-main">
        <h2 className="feed-group-title">
          <Link to={group.url}>{group.headline}</Link>
        </h2>
        <footer className="feed-group-meta">
          <span className="feed-group-sources" title={names}>
            <span className="feed-source-icons" aria-hidden="true">
              {shown.map((source) => (
                <SourceIcon key={source.domain + source.name} source={source} />
              ))}
            </span>
            <span>
              {group.sources.length === 1 ? group.sources[0].name : pluralize(group.sources.length, SOURCE_FORMS)}
            </span>
          </span>
          <TimeAgo date={group.datetime_published} className="feed-group-time" />
        </footer>
      </div>
    </article>
  );
}

/** One entry: its source, headline linking out to the site, summary and time. */
export function FeedEntryRow({ entry, showGroup = false }: { entry: NewsItem; showGroup?: boolean }) {
  return (
    <article className="feed-entry" id={`entry-${entry.id}`}>
      <header className="feed-entry-meta">
        <SourceIcon source={entry.source} size={18} />
        <span className="feed-entry-source">{entry.source.name}</span>
        <span className="feed-entry-domain">{entry.source.domain}</span>
        <TimeAgo date={entry.datetime_published} className="feed-entry-time" />
      </header>
      <h3 className="feed-entry-title">
        <a href={entry.url} rel={OUTBOUND_REL} target="_blank">
          {entry.headline}
        </a>
      </h3>
      {entry.summary ? <p className="feed-entry-summary">{entry.summary}</p> : null}
      {showGroup ? (
        <Link className="feed-entry-group" to={`/feed/${entry.group}`}>
          Весь сюжет
        </Link>
      ) : null}
    </article>
  );
}

function pageHref(path: string, query: string | null): string | null {
  if (!query) return null;
  return `${path}${query.startsWith("?") ? query : `?${query}`}`;
}

/**
 * A feed list with paging like the other lists: «Показать ещё» is a plain link to the next page (no JavaScript
 * needed); with JavaScript the next page is appended in place, by itself when the reader scrolls endlessly.
 * The route's loader returns the page as `feed`.
 */
export function FeedList<T extends { id: number }>({
  feed,
  render,
  empty,
  end,
}: {
  feed: FeedPage<T>;
  render: (item: T) => ReactNode;
  empty: ReactNode;
  end: string;
}) {
  const { user } = useRootData();
  const location = useLocation();
  const fetcher = useFetcher<{ feed: FeedPage<T> }>();
  const endless = user ? user.settings.is_endless_enabled !== false : true;
  const [extra, setExtra] = useState<T[]>([]);
  const [next, setNext] = useState<string | null>(pageHref(location.pathname, feed.next));
  const sentinel = useRef<HTMLAnchorElement>(null);

  // On mount nothing is to be reset: the same (empty) list keeps React from rendering every card again.
  useEffect(() => {
    setExtra((list) => (list.length ? [] : list));
    setNext(pageHref(location.pathname, feed.next));
  }, [feed, location.pathname]);

  const loaded = fetcher.data?.feed;
  useEffect(() => {
    if (!loaded) return;
    setExtra((list) => {
      const seen = new Set([...feed.results, ...list].map((item) => item.id));
      return [...list, ...loaded.results.filter((item) => !seen.has(item.id))];
    });
    setNext(pageHref(location.pathname, loaded.next));
  }, [loaded, feed.results, location.pathname]);

  const loading = fetcher.state !== "idle";
  const { load: fetcherLoad } = fetcher;
  const load = useCallback((href: string) => fetcherLoad(href), [fetcherLoad]);
  useEndlessScroll(sentinel, { enabled: endless, next, loading, load });

  const items = [...feed.results, ...extra];
  if (!items.length) return <>{empty}</>;
  return (
    <div className="feed-list">
      {items.map((item) => (
        <div key={item.id}>{render(item)}</div>
      ))}
      {next ? (
        <FeedPaging next={next} previous={null} loading={loading} load={load} sentinel={sentinel} />
      ) : extra.length ? (
        <p className="feed-end muted">{end}</p>
      ) : null}
    </div>
  );
}
