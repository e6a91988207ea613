import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ShoutFeed } from "#app/components/shout-feed";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { sidecar } from "#app/lib/sidecar.server";
import { SHOUT_STYLES } from "#app/routes/bonfire/styles";
import { getUserById } from "#workers/core/accounts/profile";
import { listUserShouts } from "#workers/core/shouts/shouts";
import type { Route } from "./+types/tab-bookmark-shouts";
import { EmptyState, findTab } from "./profile-parts";

export const links: Route.LinksFunction = () => SHOUT_STYLES;

/** Only the owner sees their bookmarks: a guest is sent to sign in, another member gets the 403 screen. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const owner = await getUserById(ctx, params.id).catch(loaderError);
  const url = new URL(request.url);
  if (!ctx.actor) throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(url.pathname)}`);
  if (ctx.actor.id !== owner.id) throw data({ detail: "Этот раздел виден только владельцу профиля." }, { status: 403 });
  const page = url.searchParams.get("page") || undefined;
  const feed = await listUserShouts(ctx, owner.id, "bookmark-shouts", page).catch(loaderError);
  return { feed: sidecar(ctx, "feed", feed) };
}

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/reactions/")) return false;
  return defaultShouldRevalidate;
}

/** Закладки: записки — the shouts the member bookmarked, newest bookmark first. */
export default function ProfileBookmarkShouts({ loaderData }: Route.ComponentProps) {
  const tab = findTab("bookmark-shouts");
  return (
    <>
      <h2 className="visually-hidden">Закладки: записки</h2>
      <ShoutFeed feed={loaderData.feed} empty={<EmptyState>{tab?.empty?.own}</EmptyState>} />
    </>
  );
}
