import { rssResponse } from "#app/lib/feeds.server";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { feedTitles } from "#app/lib/meta";
import { getConfig } from "#workers/core/config/config";
import { getTag, listTagPosts } from "#workers/core/tags/tags";
import type { Route } from "./+types/tag-rss";

/** /tags/{slug}/rss.xml — the newest posts with a tag. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const tag = await getTag(ctx, params.slug).catch(loaderError);
  const [config, page] = await Promise.all([getConfig(ctx), listTagPosts(ctx, params.slug, 1)]);
  return rssResponse({
    origin: new URL(request.url).origin,
    title: feedTitles.tag(config.site_name, tag.name),
    description: `Статьи с тегом «${tag.name}»`,
    path: `/tags/${tag.slug}`,
    posts: page.results,
  });
}
