import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import { useLiveCommentCount } from "#app/realtime/live-counts";
import type { PostCard as PostCardData } from "#workers/core/posts/posts.serializers";
import { pluralize } from "#workers/core/shared/plural";
import { Avatar } from "./avatar";
import { BookmarkButton } from "./bookmark-button";
import { FeedPaging, useEndlessScroll } from "./feed-paging";
import { IconComment } from "./icons";
import { PawButton } from "./paw-button";
import { COMMENT_FORMS, postUrl, TagList } from "./post-links";
import { TimeAgo } from "./time-ago";

/**
 * A post in a list: cover, title, headline, author and time, tags, comments, paws and bookmark. `priority`: the
 * first card of a list, whose cover is likely the page's largest paint: loaded at once and first (the server
 * render then preloads it in the head), the others lazily.
 */
export function PostCard({ post, priority = false }: { post: PostCardData; priority?: boolean }) {
  const { user } = useRootData();
  const url = postUrl(post.slug);
  const cover = post.image && !post.is_video_background ? post.image : null;
  const anchor = `post-${post.id}`;
  const comments = useLiveCommentCount({ kind: "post", slug: post.slug }, post.comments_count);
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
      <div className="post-card-main">
        <header className="post-card-meta">
          <Link to={`/users/${post.user.id}`} className="post-card-author">
            <Avatar user={post.user} size={20} decorative />
            <span>{post.user.username}</span>
          </Link>
          <TimeAgo date={post.datetime} className="post-card-time" />
          {post.is_published ? null : <span className="badge badge-draft">Черновик</span>}
          {post.is_video_background && post.image ? <span className="badge">Видео</span> : null}
        </header>
        <h2 className="post-card-title">
          <Link to={url}>{post.title || "Без заголовка"}</Link>
        </h2>
        {post.headline ? <p className="post-card-headline">{post.headline}</p> : null}
        <TagList tags={post.tags} />
        <footer className="post-card-actions">
          <PawButton
            itemId={post.id}
            itemType="post"
            pwnd={post.pwnd}
            ownd={post.ownd}
            isOwn={user?.id === post.user.id}
            anchor={anchor}
            size="sm"
          />
          <Link
            to={`${url}?comments#comments`}
            className="post-card-comments"
            aria-label={pluralize(comments, COMMENT_FORMS)}
            title={pluralize(comments, COMMENT_FORMS)}
          >
            <IconComment size={16} />
            <span>{comments}</span>
          </Link>
          {post.is_published ? (
            <BookmarkButton itemId={post.id} isBookmarked={post.is_bookmarked} anchor={anchor} />
          ) : null}
        </footer>
      </div>
    </article>
  );
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
 * loader must return the page as `feed`.
 */
export function PostFeed({
  feed,
  empty,
  indexRoute = false,
}: {
  feed: FeedPage;
  empty: React.ReactNode;
  /** The list belongs to an index route: its fetcher loads need `index` in the query. */
  indexRoute?: boolean;
}) {
  const { user } = useRootData();
  const location = useLocation();
  const fetcher = useFetcher<{ feed: FeedPage }>();
  const endless = user ? user.settings.is_endless_enabled !== false : true;
  const [extra, setExtra] = useState<PostCardData[]>([]);
  const [next, setNext] = useState<string | null>(pageHref(location.pathname, feed.next));
  const sentinel = useRef<HTMLAnchorElement>(null);

  // A new first page (another tab, a revalidation) starts the list again.
  // On mount nothing is to be reset: the same (empty) list keeps React from rendering every card again.
  useEffect(() => {
    setExtra((list) => (list.length ? [] : list));
    setNext(pageHref(location.pathname, feed.next));
  }, [feed, location.pathname]);

  const loaded = fetcher.data?.feed;
  useEffect(() => {
    if (!loaded) return;
    setExtra((list) => {
      const seen = new Set([...feed.results, ...list].map((p) => p.id));
      return [...list, ...loaded.results.filter((p) => !seen.has(p.id))];
    });
    setNext(pageHref(location.pathname, loaded.next));
  }, [loaded, feed.results, location.pathname]);

  const loading = fetcher.state !== "idle";
  const { load: fetcherLoad } = fetcher;
  const load = useCallback(
    (href: string) => fetcherLoad(indexRoute ? `${href}${href.includes("?") ? "&" : "?"}index` : href),
    [fetcherLoad, indexRoute],
  );
  useEndlessScroll(sentinel, { enabled: endless, next, loading, load });

  const posts = [...feed.results, ...extra];
  if (!posts.length) return <>{empty}</>;
  const previous = extra.length ? null : pageHref(location.pathname, feed.previous);

  return (
    <div className="post-feed">
      <div className="post-list">
        {posts.map((post, index) => (
          <PostCard key={post.id} post={post} priority={index === 0} />
        ))}
      </div>
      {next || previous ? (
        <FeedPaging next={next} previous={previous} loading={loading} load={load} sentinel={sentinel} />
      ) : extra.length ? (
        <p className="feed-end muted">Это все статьи.</p>
      ) : null}
    </div>
  );
}
