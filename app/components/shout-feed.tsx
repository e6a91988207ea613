import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useRootData } from "#app/lib/root-data";
import type { Sidecar } from "#app/lib/sidecar";
import { useLiveShoutList } from "#app/realtime/live-shouts";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { FeedPaging, useEndlessScroll, useFeedPages } from "./feed-paging";
import { type ShoutActionResult, useShoutResultNotice } from "./shout-actions";
import { ShoutCard } from "./shout-card";

/** A list page of shouts: `next`/`previous` are "?cursor=…"-style queries or full paths ("/users/1/shouts?page=2"). */
export interface ShoutPage {
  results: ShoutView[];
  next: string | null;
  previous: string | null;
}

/** The fetcher of the menus of every card in a ShoutFeed (keyed: see useShoutResultNotice). */
const FEED_FETCHER = "shout-feed-action";

/** A link target for a page query ("?cursor=…") or a full path ("/users/1/shouts?page=2"). */
function pageHref(pathname: string, next: string | null): string | null {
  if (!next) return null;
  if (next.startsWith("/")) return next;
  return `${pathname}${next.startsWith("?") ? next : `?${next}`}`;
}

/**
 * A list of shout cards with paging, kept live (spec §4): new shouts appear on top where `prepend` (the bonfire's
 * «Новое», first page), edits replace the card, deletions remove it. "Показать ещё" is a plain link to the next
 * page (works without JavaScript); with JavaScript it appends the next page in place, by itself near the end of
 * the list while the member reads endlessly (settings.is_endless_enabled; guests: yes). The route's loader returns
 * the page as `feed` (see useFeedPages).
 */
export function ShoutFeed({
  feed: given,
  empty,
  prepend = false,
  dropMuted = false,
}: {
  feed: ShoutPage | Sidecar;
  empty: React.ReactNode;
  prepend?: boolean;
  /** A muted shout leaves this list (the bonfire, tag pages). */
  dropMuted?: boolean;
}) {
  const { user, config } = useRootData();
  const { feed, script, loaded, loading, fetchPage } = useFeedPages(given);
  const location = useLocation();
  const actions = useFetcher<ShoutActionResult>({ key: FEED_FETCHER });
  useShoutResultNotice(actions.data);
  const endless = user ? user.settings.is_endless_enabled !== false : true;
  const [items, append] = useLiveShoutList(feed.results, {
    viewer: user,
    oneHourEdit: config.is_one_hour_edit_enabled,
    prepend,
  });
  const [next, setNext] = useState<string | null>(pageHref(location.pathname, feed.next));
  const sentinel = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    setNext(pageHref(location.pathname, feed.next));
  }, [feed, location.pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: append is a fresh closure each render; only a new page matters
  useEffect(() => {
    if (!loaded) return;
    append(loaded.results);
    setNext(pageHref(location.pathname, loaded.next));
  }, [loaded, location.pathname]);

  useEndlessScroll(sentinel, { enabled: endless, next, loading, load: fetchPage });

  const shown = dropMuted ? items.filter((s) => !s.is_muted) : items;
  if (!shown.length)
    return (
      <>
        {empty}
        {script}
      </>
    );
  const appended = items.length > feed.results.length;
  const previous = appended ? null : pageHref(location.pathname, feed.previous);

  return (
    <div className="shout-feed">
      <div className="shout-list">
        {shown.map((shout, index) => (
          <ShoutCard key={shout.id} shout={shout} fetcherKey={FEED_FETCHER} eager={index < 2} />
        ))}
      </div>
      {next || previous ? (
        <FeedPaging next={next} previous={previous} loading={loading} load={fetchPage} sentinel={sentinel} />
      ) : appended ? (
        <p className="feed-end muted">Это все записки.</p>
      ) : null}
      {script}
    </div>
  );
}
