import type { Ref } from "react";
import { Link } from "react-router";

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
