import { Link } from "react-router";
import { Avatar } from "#app/components/avatar";
import { SearchBox } from "#app/components/search-box";
import { getCtx } from "#app/lib/forms.server";
import { pageTitle } from "#app/lib/meta";
import { SEARCH_EMPTY, SEARCH_TYPES } from "#app/lib/search";
import type { PublicUser } from "#workers/core/accounts/accounts.serializers";
import { AppError } from "#workers/core/errors";
import { search } from "#workers/core/search/search";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.q ? `Поиск: ${loaderData.q}` : "Поиск", matches) },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const input = { type: url.searchParams.get("type") ?? undefined, q: url.searchParams.get("q") ?? undefined };
  try {
    return { ...(await search(getCtx(context), input)), error: null as string | null };
  } catch (error) {
    if (error instanceof AppError) return { type: "post" as const, q: input.q ?? "", results: [] as unknown[], error: error.message };
    throw error;
  }
}

/** The search page the header box submits to (spec §2 search types; §8 empty text). */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { type, q, results, error } = loaderData;
  const typeTitle = SEARCH_TYPES.find((t) => t.value === type)?.title ?? "";
  return (
    <main className="page page-search">
      <header className="page-header">
        <h1 className="page-title">Поиск</h1>
      </header>
      <SearchBox className="search-box-page" />
      {error ? (
        <p className="form-errors" role="alert">
          {error}
        </p>
      ) : !q ? (
        <p className="empty muted">Введите запрос и выберите, где искать.</p>
      ) : results.length === 0 ? (
        <div className="card empty">
          <p>{SEARCH_EMPTY}</p>
        </div>
      ) : (
        <section className="card" aria-label={`Найдено: ${typeTitle}`}>
          <ul className="search-results">
            {type === "user"
              ? (results as unknown as PublicUser[]).map((user) => (
                  <li key={user.id} className="search-result">
                    <Link to={`/users/${user.id}`} className="search-result-user">
                      <Avatar user={user} size={40} />
                      <span>{user.username}</span>
                    </Link>
                  </li>
                ))
              : null}
          </ul>
        </section>
      )}
    </main>
  );
}
