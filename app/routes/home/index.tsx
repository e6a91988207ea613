import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { IconFire, IconNewspaper, IconPaw, IconPen } from "#app/components/icons";
import { Link } from "#app/components/link";
import { NewPostButton } from "#app/components/new-post-button";
import { PinnedStrip } from "#app/components/pinned-strip";
import { PostFeed } from "#app/components/post-card";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { feedTitles, pageMeta, siteNameOf } from "#app/lib/meta";
import { useRootData } from "#app/lib/root-data";
import { sidecar } from "#app/lib/sidecar.server";
import { FreshPostsBanner } from "#app/realtime/fresh-items";
import postsListCss from "#app/styles/pages/posts-list.css?url";
import { listHome } from "#workers/core/posts/posts.lists";
import type { Route } from "./+types/index";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: postsListCss }];

/** The site's description (pageMeta's default), the canonical tab and page, the site's RSS feed. */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Статьи",
    canonical: ["type", "page", "cursor"],
    feed: { href: "/rss.xml", title: feedTitles.site(siteNameOf(args.matches)) },
  });

/** Published posts: new (cursor paging), popular or top (page numbers); the pinned strip. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const params = new URL(request.url).searchParams;
  const type = params.get("type");
  // The list and the pinned strip in one batch, their cards in one more (docs/benchmarks.md).
  const { feed, pinned } = await listHome(ctx, {
    type: type === "popular" || type === "top" ? type : "new",
    cursor: params.get("cursor") || undefined,
    page: params.get("page") || undefined,
  }).catch(loaderError);
  return { feed: sidecar(ctx, "feed", feed), pinned };
}

/** Paws and bookmarks keep their own state: the list is not reloaded for them. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/reactions/")) return false;
  return defaultShouldRevalidate;
}

const TABS = [
  { type: null, title: "Новое", to: "/" },
  { type: "popular", title: "Популярное", to: "/?type=popular" },
  { type: "top", title: "Лучшее", to: "/?type=top" },
] as const;

/** Home (spec §2 index): tabs Новое / Популярное / Лучшее, the pinned strip and the posts list. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { user, config } = useRootData();
  const [params] = useSearchParams();
  const type = params.get("type");
  const current = type === "popular" || type === "top" ? type : null;

  return (
    <main className="page page-home">
      <header className="page-header">
        <div className="page-header-text">
          <h1 className="page-title">Статьи</h1>
          <p className="page-subtitle">Обзоры, мнения и истории участников сообщества {config.site_name}</p>
        </div>
        <NewPostButton />
      </header>

      <PinnedStrip posts={loaderData.pinned} />

      <nav className="tabs" aria-label="Сортировка статей">
        {TABS.map((tab) => (
          <Link
            key={tab.title}
            to={tab.to}
            className={`tab${current === tab.type ? " is-active" : ""}`}
            aria-current={current === tab.type ? "page" : undefined}
          >
            {tab.title}
          </Link>
        ))}
      </nav>

      {user ? null : (
        <section className="card join-card" aria-labelledby="join-title">
          <div className="join-card-icon">
            <IconFire size={36} />
          </div>
          <div className="join-card-text">
            <h2 id="join-title">Присоединяйтесь к костру!</h2>
            <p>
              Пишите статьи и записки, обсуждайте игры в комментариях, ставьте лапки и получайте уведомления об ответах.
            </p>
          </div>
          <div className="join-card-actions">
            <Link to="/auth/sign-up" className="btn btn-primary">
              Зарегистрироваться
            </Link>
            <Link to="/auth/sign-in" className="btn btn-ghost">
              Войти
            </Link>
          </div>
        </section>
      )}

      {current === null && !params.has("cursor") ? <FreshPostsBanner /> : null}

      <PostFeed
        feed={loaderData.feed}
        indexRoute
        empty={
          <section className="empty empty-lg card" aria-live="polite">
            <IconNewspaper size={48} className="empty-icon" />
            <h2 className="empty-title">
              {current === "popular"
                ? "Популярных статей пока нет"
                : current === "top"
                  ? "Лучших статей пока нет"
                  : "Статей пока нет"}
            </h2>
            <p>Здесь появятся статьи участников. Напишите первую — или загляните позже.</p>
            <ul className="feature-list">
              <li>
                <IconPen size={18} />
                <span>Статьи — обзоры, гайды и истории об играх</span>
              </li>
              <li>
                <IconFire size={18} />
                <span>Костёр — короткие записки и живое общение</span>
              </li>
              <li>
                <IconPaw size={18} />
                <span>Лапки — так здесь говорят «нравится»</span>
              </li>
            </ul>
          </section>
        }
      />
    </main>
  );
}
