import type { ShouldRevalidateFunctionArgs } from "react-router";
import { ShoutFeed } from "#app/components/shout-feed";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { sidecar } from "#app/lib/sidecar.server";
import { SHOUT_STYLES } from "#app/routes/bonfire/styles";
import { listUserShouts } from "#workers/core/shouts/shouts";
import type { Route } from "./+types/tab-shouts";
import { EmptyState, findTab, useProfile } from "./profile-parts";

export const links: Route.LinksFunction = () => SHOUT_STYLES;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const page = new URL(request.url).searchParams.get("page") || undefined;
  const feed = await listUserShouts(ctx, params.id, "shouts", page).catch(loaderError);
  return { feed: sidecar(ctx, "feed", feed) };
}

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/reactions/")) return false;
  return defaultShouldRevalidate;
}

/** Записки: the member's shouts, newest first (muted ones too: they stay on the author's profile). */
export default function ProfileShouts({ loaderData }: Route.ComponentProps) {
  const { user, isOwn } = useProfile();
  const tab = findTab("shouts");
  return (
    <>
      <h2 className="visually-hidden">Записки</h2>
      <ShoutFeed
        feed={loaderData.feed}
        empty={<EmptyState>{isOwn ? tab?.empty?.own : tab?.empty?.other(user.username)}</EmptyState>}
      />
    </>
  );
}
