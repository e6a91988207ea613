import { useSearchParams } from "react-router";
import { FeedEntryRow, FeedGroupCard, FeedList } from "#app/components/feed-group";
import { IconRss } from "#app/components/icons";
import { Link } from "#app/components/link";
import { PinnedStrip } from "#app/components/pinned-strip";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import postsListCss from "#app/styles/pages/posts-list.css?url";
import { listEntries, listGroups } from "#workers/core/feed/feed.read";
import { listPinnedPosts } from "#workers/core/posts/posts.lists";
import type { Route } from "./+types/index";
import feedCss from "./feed.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: postsListCss },
  { rel: "stylesheet", href: feedCss },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Лента",
    description: "Игровые новости с разных сайтов: одна история — одна запись со всеми источниками.",
    canonical: ["type", "cursor"],
  });

/** Spec §2 /feed: story groups newest first, or every entry (?type=all); the pinned strip. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const params = new URL(request.url).searchParams;
  const all = params.get("type") === "all";
  const cursor = params.get("cursor") || undefined;
  const [pinned, groups, entries] = await Promise.all([
    listPinnedPosts(ctx),
    all ? null : listGroups(ctx, { cursor }),
    all ? listEntries(ctx, { cursor }) : null,
  ]).catch(loaderError);
  return { pinned: pinned.results, all, feed: (groups ?? entries) as NonNullable<typeof groups | typeof entries> };
}

const TABS = [
  { all: false, title: "Сюжеты", to: "/feed" },
  { all: true, title: "Все новости", to: "/feed?type=all" },
] as const;

function EmptyFeed() {
  return (
    <section className="empty empty-lg card" aria-live="polite">
      <IconRss size={48} className="empty-icon" />
      <h2 className="empty-title">Новостей пока нет</h2>
      <p>Лента собирает игровые новости с других сайтов. Загляните чуть позже — источники проверяются регулярно.</p>
    </section>
  );
}

/** The news feed: tabs «Сюжеты» / «Все новости» and the list. */
export default function Feed({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const all = params.get("type") === "all";
  const { feed, pinned } = loaderData;
  return (
    <main className="page page-feed">
      <PinnedStrip posts={pinned} />
      <header className="page-header">
        <div className="page-header-text">
          <h1 className="page-title">Лента</h1>
          <p className="page-subtitle">Игровые новости с разных сайтов: одна история — одна запись</p>
        </div>
      </header>
      <nav className="tabs" aria-label="Вид ленты">
        {TABS.map((tab) => (
          <Link
            key={tab.title}
            to={tab.to}
            className={`tab${all === tab.all ? " is-active" : ""}`}
            aria-current={all === tab.all ? "page" : undefined}
          >
            {tab.title}
          </Link>
        ))}
      </nav>
      {loaderData.all ? (
        <FeedList
          feed={feed as Extract<typeof feed, { results: { source: unknown }[] }>}
          render={(entry) => <FeedEntryRow entry={entry} showGroup />}
          empty={<EmptyFeed />}
          end="Это все новости."
        />
      ) : (
        <FeedList
          feed={feed as Extract<typeof feed, { results: { sources: unknown }[] }>}
          render={(group) => <FeedGroupCard group={group} />}
          empty={<EmptyFeed />}
          end="Это все сюжеты."
        />
      )}
    </main>
  );
}
