import type { ShouldRevalidateFunctionArgs } from "react-router";
import { IconNewspaper, IconScroll } from "#app/components/icons";
import { Link } from "#app/components/link";
import { PinnedStrip } from "#app/components/pinned-strip";
import { PostFeed } from "#app/components/post-card";
import { SHOUT_FORMS } from "#app/components/shout-card";
import { ShoutFeed } from "#app/components/shout-feed";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { feedTitles, pageMeta, siteNameOf } from "#app/lib/meta";
import { sidecar } from "#app/lib/sidecar.server";
import { SHOUT_STYLES } from "#app/routes/bonfire/styles";
import { listPinnedPosts } from "#workers/core/posts/posts.lists";
import { pluralize } from "#workers/core/shared/plural";
import { getTag, listTagPosts, listTagShouts } from "#workers/core/tags/tags";
import type { Route } from "./+types/tag";

export const links: Route.LinksFunction = () => SHOUT_STYLES;

const POST_FORMS = ["статья", "статьи", "статей"] as const;

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return pageMeta(args, { title: "Тег", canonical: false });
  const { tag, itemType } = args.loaderData;
  const description =
    itemType === "shouts"
      ? `Записки с тегом #${tag.name}: ${pluralize(tag.shouts_count, SHOUT_FORMS)}.`
      : `Статьи с тегом #${tag.name}: ${pluralize(tag.posts_count, POST_FORMS)}.`;
  return pageMeta(args, {
    title: itemType === "shouts" ? `#${tag.name}: записки` : `#${tag.name}`,
    description,
    canonical: ["itemType", "page"],
    feed: { href: `/tags/${tag.slug}/rss.xml`, title: feedTitles.tag(siteNameOf(args.matches), tag.name) },
  });
};

/** The service's page links ("?page=2") with the tag page's own ?itemType=shouts kept. */
function keepShouts(query: string | null): string | null {
  if (!query) return null;
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  params.set("itemType", "shouts");
  return `?${params}`;
}

/**
 * A tag (spec §2 /tags/{slug}, optional ?itemType=shouts): its published posts or its shouts, newest first, by
 * page, with a switch between the two; unknown tags are a 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const search = new URL(request.url).searchParams;
  const page = search.get("page") || undefined;
  const itemType = search.get("itemType") === "shouts" ? ("shouts" as const) : ("posts" as const);
  // The tag and its list start together (one round trip, tags.ts); an unknown tag is a 404 whatever the rest says,
  // so the tag's error comes first. Either list is the page's `feed`, the name its «Показать ещё» reads from the
  // next page's data; on a document request it goes beside the hydration data (app/lib/sidecar.tsx).
  const list =
    itemType === "shouts"
      ? listTagShouts(ctx, params.slug, page).then((shouts) => ({
          itemType,
          feed: sidecar(ctx, "feed", {
            ...shouts,
            next: keepShouts(shouts.next),
            previous: keepShouts(shouts.previous),
          }),
        }))
      : listTagPosts(ctx, params.slug, page).then((posts) => ({ itemType, feed: sidecar(ctx, "feed", posts) }));
  const lists = Promise.all([list.catch(loaderError), listPinnedPosts(ctx)]);
  lists.catch(() => {});
  const tag = await getTag(ctx, params.slug).catch(loaderError);
  const [shown, pinned] = await lists;
  return { tag, pinned: pinned.results, ...shown };
}

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/reactions/")) return false;
  return defaultShouldRevalidate;
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, itemType, pinned } = loaderData;
  const base = `/tags/${encodeURIComponent(tag.slug)}`;
  const tabs = [
    { type: "posts", title: "Статьи", count: tag.posts_count, to: base },
    { type: "shouts", title: "Записки", count: tag.shouts_count, to: `${base}?itemType=shouts` },
  ] as const;
  const subtitle =
    itemType === "shouts"
      ? tag.shouts_count
        ? pluralize(tag.shouts_count, SHOUT_FORMS)
        : "Записок с этим тегом пока нет"
      : tag.posts_count
        ? pluralize(tag.posts_count, POST_FORMS)
        : "Статей с этим тегом пока нет";
  return (
    <main className="page page-tag">
      <PinnedStrip posts={pinned} />
      <header className="page-header">
        <div className="page-header-text">
          <h1 className="page-title">#{tag.name}</h1>
          <p className="page-subtitle">{subtitle}</p>
        </div>
      </header>
      <nav className="tabs tag-switch" aria-label="Что показать">
        {tabs.map((tab) => (
          <Link
            key={tab.type}
            to={tab.to}
            className={`tab${itemType === tab.type ? " is-active" : ""}`}
            aria-current={itemType === tab.type ? "page" : undefined}
          >
            {tab.title}
            {tab.count ? <span className="tab-count"> {tab.count}</span> : null}
          </Link>
        ))}
      </nav>
      {loaderData.itemType === "shouts" ? (
        <ShoutFeed
          feed={loaderData.feed}
          dropMuted
          empty={
            <section className="empty empty-lg card">
              <IconScroll size={48} className="empty-icon" />
              <h2 className="empty-title">Записок с тегом #{tag.name} пока нет</h2>
              <p>
                Напишите <Link to="/bonfire">на костре</Link> записку с #{tag.name} — она появится здесь.
              </p>
            </section>
          }
        />
      ) : (
        <PostFeed
          feed={loaderData.feed}
          empty={
            <section className="empty empty-lg card">
              <IconNewspaper size={48} className="empty-icon" />
              <h2 className="empty-title">Статей с тегом #{tag.name} пока нет</h2>
              <p>Когда кто-нибудь опубликует статью с этим тегом, она появится здесь.</p>
            </section>
          }
        />
      )}
    </main>
  );
}
