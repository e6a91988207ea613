import type { ShouldRevalidateFunctionArgs } from "react-router";
import { IconNewspaper } from "#app/components/icons";
import { PinnedStrip } from "#app/components/pinned-strip";
import { PostFeed } from "#app/components/post-card";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { pageTitle } from "#app/lib/meta";
import { pluralize } from "#app/lib/plural";
import postsListCss from "#app/styles/pages/posts-list.css?url";
import { listPinnedPosts } from "#workers/core/posts/posts";
import { getTag, listTagPosts } from "#workers/core/tags/tags";
import type { Route } from "./+types/tag";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: postsListCss }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Тег", matches) }];
  const { tag } = loaderData;
  return [
    { title: pageTitle(`#${tag.name}`, matches) },
    { name: "description", content: `Статьи с тегом #${tag.name}: ${pluralize(tag.posts_count, POST_FORMS)}.` },
  ];
};

const POST_FORMS = ["статья", "статьи", "статей"] as const;

/** A tag (spec §2 /tags/{slug}): its published posts, newest first, by page; unknown tags are a 404. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const page = new URL(request.url).searchParams.get("page") || undefined;
  const tag = await getTag(ctx, params.slug).catch(loaderError);
  const [feed, pinned] = await Promise.all([
    listTagPosts(ctx, tag.slug, page).catch(loaderError),
    listPinnedPosts(ctx),
  ]);
  return { tag, feed, pinned: pinned.results };
}

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/reactions/")) return false;
  return defaultShouldRevalidate;
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, feed, pinned } = loaderData;
  return (
    <main className="page page-tag">
      <PinnedStrip posts={pinned} />
      <header className="page-header">
        <div className="page-header-text">
          <h1 className="page-title">#{tag.name}</h1>
          <p className="page-subtitle">{tag.posts_count ? pluralize(tag.posts_count, POST_FORMS) : "Статей с этим тегом пока нет"}</p>
        </div>
      </header>
      <PostFeed
        feed={feed}
        empty={
          <section className="empty empty-lg card">
            <IconNewspaper size={48} className="empty-icon" />
            <h2 className="empty-title">Статей с тегом #{tag.name} пока нет</h2>
            <p>Когда кто-нибудь опубликует статью с этим тегом, она появится здесь.</p>
          </section>
        }
      />
    </main>
  );
}
