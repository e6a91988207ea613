import { type ReactNode, type Ref, type RefObject, useEffect } from "react";
import { useFetcher } from "react-router";
import { Link } from "#app/components/link";
import { type Sidecar, useSidecar } from "#app/lib/sidecar";

/**
 * A feed's first page and the next page «Показать ещё» loaded. The route's loader returns its page as `feed`: on a
 * document request as a sidecar (`sidecar(ctx, "feed", page)`, app/lib/sidecar.tsx: written once as a JSON data
 * block, which `script` renders beside the list), for the next pages' data requests as the page itself.
 */
export function useFeedPages<Page>(given: Page | Sidecar): {
  feed: Page;
  script: ReactNode;
  loaded: Page | undefined;
  loading: boolean;
  fetchPage: (href: string) => Promise<void>;
} {
  const { value: feed, script } = useSidecar(given);
  const fetcher = useFetcher<{ feed: Page | Sidecar }>();
  return {
    feed,
    script,
    // A data request's page comes as itself, never as a sidecar.
    loaded: fetcher.data?.feed as Page | undefined,
    loading: fetcher.state !== "idle",
    fetchPage: fetcher.load,
  };
}

/**
 * The paging of a feed (posts, shouts): «Назад» for page-paged lists and «Показать ещё», which loads the next
 * page in place with JavaScript (and is the endless-scroll sentinel) and is a plain link without it.
 */
export function FeedPaging({
  next,
  previous,
  loading,
  load,
  sentinel,
}: {
  next: string | null;
  previous: string | null;
  loading: boolean;
  load: (href: string) => void;
  sentinel: Ref<HTMLAnchorElement>;
}) {
  return (
    <nav className="feed-paging" aria-label="Страницы">
      {previous ? (
        <Link className="btn btn-ghost" to={previous}>
          Назад
        </Link>
      ) : null}
      {next ? (
        <Link
          ref={sentinel}
          className="btn feed-more"
          to={next}
          aria-busy={loading || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!loading) load(next);
          }}
        >
          {loading ? "Загружаем…" : "Показать ещё"}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * Endless scroll (the member's is_endless_enabled, on for guests): loads the next page when the «Показать ещё»
 * link comes within 400 px of the viewport. An effect, so it only ever runs in the browser once the page has
 * hydrated: a list needs no hydration flag for it (reading one would re-render the whole list at hydration).
 */
export function useEndlessScroll(
  sentinel: RefObject<HTMLAnchorElement | null>,
  {
    enabled,
    next,
    loading,
    load,
  }: { enabled: boolean; next: string | null; loading: boolean; load: (href: string) => void },
): void {
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || !next || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          load(next);
        }
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [sentinel, enabled, next, loading, load]);
}

/** Plain «Назад» / next page links for the lists that page without endless scroll (profile comments, pictures). */
export function PageLinks({
  next,
  previous,
  nextLabel = "Показать ещё",
}: {
  next: string | null;
  previous: string | null;
  nextLabel?: string;
}) {
  if (!next && !previous) return null;
  return (
    <nav className="feed-paging" aria-label="Страницы">
      {previous ? (
        <Link className="btn btn-ghost" to={previous}>
          Назад
        </Link>
      ) : null}
      {next ? (
        <Link className="btn feed-more" to={next}>
          {nextLabel}
        </Link>
      ) : null}
    </nav>
  );
}
