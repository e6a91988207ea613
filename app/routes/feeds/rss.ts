import { rssResponse } from "#app/lib/feeds.server";
import { getCtx } from "#app/lib/forms.server";
import { feedTitles } from "#app/lib/meta";
import { getConfig } from "#workers/core/config/config";
import { listPosts } from "#workers/core/posts/posts.lists";
import type { Route } from "./+types/rss";

/** /rss.xml — the newest posts. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const [config, page] = await Promise.all([getConfig(ctx), listPosts(ctx, { type: "new" })]);
  return rssResponse({
    origin: new URL(request.url).origin,
    title: feedTitles.site(config.site_name),
    description: `Новые статьи сообщества ${config.site_name}`,
    path: "/",
    posts: page.results,
  });
}
