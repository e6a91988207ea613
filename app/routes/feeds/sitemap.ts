import { sitemapResponse } from "#app/lib/feeds.server";
import { getCtx } from "#app/lib/forms.server";
import { sitemapEntries } from "#workers/core/posts/feeds";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml — home, published posts and tags. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return sitemapResponse(new URL(request.url).origin, await sitemapEntries(getCtx(context)));
}
