import { getCtx, loaderError } from "#app/lib/forms.server";
import { getConfig } from "#workers/core/config/config";
import { recapCardPng } from "#workers/core/recap/recap.card";
import { getSharedRecap } from "#workers/core/recap/recap.shares";
import type { Route } from "./+types/card";

/** /year/shared/{id}/card.png: the shared recap's preview card (docs/decisions/0033-yearly-recap.md). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const [shared, config] = await Promise.all([getSharedRecap(ctx, params.id).catch(loaderError), getConfig(ctx)]);
  const png = recapCardPng(shared, config.site_name);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      // Previews are fetched by other sites' crawlers; the figures change slowly and stopping sharing ends the link.
      "Cache-Control": "public, max-age=600",
    },
  });
}
