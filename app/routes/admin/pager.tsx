import { useLocation } from "react-router";
import { Link } from "#app/components/link";

/** «Назад» / «Дальше» links of a paged admin list, keeping the page's other query parameters. */
export function Pager({ page, hasNext, hasPrevious }: { page: number; hasNext: boolean; hasPrevious: boolean }) {
  const location = useLocation();
  if (!hasNext && !hasPrevious) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n <= 1) params.delete("page");
    else params.set("page", String(n));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <nav className="pager" aria-label="Страницы">
      {hasPrevious ? <Link to={to(page - 1)}>← Назад</Link> : <span />}
      <span className="muted">Страница {page}</span>
      {hasNext ? <Link to={to(page + 1)}>Дальше →</Link> : <span />}
    </nav>
  );
}
