import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link, pressedMarkupButton } from "#app/components/link";
import { html, type Markup } from "#app/lib/html";
import { useRootData } from "#app/lib/root-data";
import type { Sidecar } from "#app/lib/sidecar";
import { useLiveCommentCount } from "#app/realtime/live-counts";
import type { PostCard as PostCardData } from "#workers/core/posts/posts.serializers";
import { pluralize } from "#workers/core/shared/plural";
import { avatarMarkup, useMarkupPresence } from "./avatar";
import { useBookmarkMarkup } from "./bookmark-button";
import { FeedPaging, useEndlessScroll, useFeedPages } from "./feed-paging";
import { usePawsMarkup } from "./paw-button";
import { COMMENT_FORMS, postUrl, tagListMarkup } from "./post-links";
import { useMarkupHolder } from "./rewritten-markup";
import { timeAgoMarkup } from "./time-ago";

/**
 * A post in a list: cover, title, headline, author and time, tags, comments, paws and bookmark. `priority`: the
 * first card of a list, whose cover is likely the page's largest paint: loaded at once and first (the server
 * render then preloads it in the head), the others lazily.
 *
 * The card's body is written as markup (app/lib/html.ts), the same elements its components wrote, without a React
 * element for each on a list of twenty (docs/decisions/0040-render-cpu.md §28, as a comment's box in §25–§27): one
 * click handler follows its links (`followMarkupLink`) and finds its paw and bookmark buttons; the focus keeper and
 * the redraw after a rewrite (a paw, a bookmark, a live comment count) as in a comment. The cover stays an element:
 * React preloads the first card's cover from it.
 */
export function PostCard({ post, priority = false }: { post: PostCardData; priority?: boolean }) {
  const { user } = useRootData();
  const url = postUrl(post.slug);
  const cover = post.image && !post.is_video_background ? post.image : null;
  const anchor = `post-${post.id}`;
  const comments = useLiveCommentCount({ kind: "post", slug: post.slug }, post.comments_count);
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the card's head, title and tags show, and nothing else
  const head = useMemo(
    () => postCardHeadMarkup(post, url),
    [
      post.user,
      post.datetime,
      post.is_published,
      post.is_video_background,
      post.image,
      post.title,
      post.headline,
      post.tags,
      url,
    ],
  );
  const paws = usePawsMarkup({
    itemId: post.id,
    itemType: "post",
    pwnd: post.pwnd,
    ownd: post.ownd,
    isOwn: user?.id === post.user.id,
    anchor,
    size: "sm",
  });
  const bookmark = useBookmarkMarkup({ itemId: post.id, isBookmarked: post.is_bookmarked, anchor });
  const commentsLabel = pluralize(comments, COMMENT_FORMS);
  const main = html`${head}<footer class="post-card-actions">${paws.markup}<a class="post-card-comments" href="${url}?comments#comments" aria-label="${commentsLabel}" title="${commentsLabel}">${COMMENT_ICON}<span>${comments}</span></a>${post.is_published ? bookmark.markup : null}</footer>`;
  const held = useMarkupHolder<HTMLDivElement>(main, "article.post-card", ".post-card");

  // The buttons and links of the markup, found from the click's target (they have no handler of their own).
  const onClick = (event: React.MouseEvent<HTMLElement>) => {
    const button = pressedMarkupButton(event);
    if (button?.classList.contains("paw-btn")) paws.click(event, button);
    else if (button?.classList.contains("bookmark-btn")) bookmark.click(event, button);
  };

  // Where the card's markup goes, and what it listens to.
  const holder = { ...held, onClick };

  return (
    <article className={`post-card${cover ? " has-cover" : ""}`} id={anchor}>
      {cover ? (
        <Link to={url} className="post-card-cover" tabIndex={-1} aria-hidden="true">
          <img
            src={cover}
            alt=""
            loading={priority ? undefined : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
          />
        </Link>
      ) : null}
      <div className="post-card-main" {...holder} />
    </article>
  );
}

const COMMENT_ICON = html`<svg width="16" height="16" fill="none" stroke="currentColor" class="icon" aria-hidden="true" focusable="false"><use href="#icon-comment"></use></svg>`;
const DRAFT = html`<span class="badge badge-draft">Черновик</span>`;
const VIDEO = html`<span class="badge">Видео</span>`;

/** A card's head (author, time, badges), title, headline and tags, as markup. */
function postCardHeadMarkup(post: PostCardData, url: string): Markup {
  return html`<header class="post-card-meta"><a class="post-card-author" href="/users/${post.user.id}">${avatarMarkup(post.user, 20)}<span>${post.user.username}</span></a>${timeAgoMarkup(post.datetime, "post-card-time")}${post.is_published ? null : DRAFT}${post.is_video_background && post.image ? VIDEO : null}</header><h2 class="post-card-title"><a href="${url}">${post.title || "Без заголовка"}</a></h2>${post.headline ? html`<p class="post-card-headline">${post.headline}</p>` : null}${tagListMarkup(post.tags)}`;
}

export interface FeedPage {
  results: PostCardData[];
  next: string | null;
  previous: string | null;
}

/** A query string of a page ("?cursor=…", "?type=top&page=2") turned into a link on `path`. */
function pageHref(path: string, query: string | null): string | null {
  if (!query) return null;
  return `${path}${query.startsWith("?") ? query : `?${query}`}`;
}

/**
 * A list of post cards with paging. "Показать ещё" is a plain link to the next page (works without
 * JavaScript); with JavaScript it appends the next page in place, and when the member reads endlessly
 * (settings.is_endless_enabled; guests: yes) it loads by itself once the link scrolls into view. The route's
 * loader returns the page as `feed` (see useFeedPages).
 */
export function PostFeed({
  feed: given,
  empty,
  indexRoute = false,
}: {
  feed: FeedPage | Sidecar;
  empty: React.ReactNode;
  /** The list belongs to an index route: its fetcher loads need `index` in the query. */
  indexRoute?: boolean;
}) {
  const { user } = useRootData();
  const { feed, script, loaded, loading, fetchPage } = useFeedPages(given);
  const location = useLocation();
  const endless = user ? user.settings.is_endless_enabled !== false : true;
  const [extra, setExtra] = useState<PostCardData[]>([]);
  const [next, setNext] = useState<string | null>(pageHref(location.pathname, feed.next));
  const sentinel = useRef<HTMLAnchorElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // A new first page (another tab, a revalidation) starts the list again.
  // On mount nothing is to be reset: the same (empty) list keeps React from rendering every card again.
  useEffect(() => {
    setExtra((list) => (list.length ? [] : list));
    setNext(pageHref(location.pathname, feed.next));
  }, [feed, location.pathname]);

  useEffect(() => {
    if (!loaded) return;
    setExtra((list) => {
      const seen = new Set([...feed.results, ...list].map((p) => p.id));
      return [...list, ...loaded.results.filter((p) => !seen.has(p.id))];
    });
    setNext(pageHref(location.pathname, loaded.next));
  }, [loaded, feed.results, location.pathname]);

  const load = useCallback(
    (href: string) => fetchPage(indexRoute ? `${href}${href.includes("?") ? "&" : "?"}index` : href),
    [fetchPage, indexRoute],
  );
  useEndlessScroll(sentinel, { enabled: endless, next, loading, load });

  const posts = [...feed.results, ...extra];
  // The cards' authors' online dots: one subscription for the list.
  useMarkupPresence(list, posts.length);
  if (!posts.length)
    return (
      <>
        {empty}
        {script}
      </>
    );
  const previous = extra.length ? null : pageHref(location.pathname, feed.previous);

  return (
    <div className="post-feed">
      <div className="post-list" ref={list}>
        {posts.map((post, index) => (
          <PostCard key={post.id} post={post} priority={index === 0} />
        ))}
      </div>
      {next || previous ? (
        <FeedPaging next={next} previous={previous} loading={loading} load={load} sentinel={sentinel} />
      ) : extra.length ? (
        <p className="feed-end muted">Это все статьи.</p>
      ) : null}
      {script}
    </div>
  );
}
