import { getCtx } from "#app/lib/forms.server";
import { serveFeedImage } from "#workers/core/feed/feed.images";
import type { Route } from "./+types/image";

/** /feed/image/{kind}/{id}: a feed picture served from our origin (workers/core/feed/feed.images.ts). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return serveFeedImage(getCtx(context), params.kind, params.id);
}
