import { data, redirect } from "react-router";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { getUserById } from "#workers/core/accounts/profile";
import type { Route } from "./+types/tab-placeholder";
import { EmptyState, findTab, useProfile } from "./profile-parts";

/**
 * The profile sub-pages whose lists arrive in later issues: an unknown tab is a 404; an own-only tab
 * (drafts, shared, bookmarks) sends a guest to sign in and shows another member the 403 screen.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const tab = params.tab ? findTab(params.tab) : undefined;
  if (!tab?.path) throw data({ detail: "Такой страницы нет." }, { status: 404 });
  if (tab.ownOnly) {
    const ctx = getCtx(context);
    const user = await getUserById(ctx, params.id).catch(loaderError);
    if (!ctx.actor) {
      const back = new URL(request.url).pathname;
      throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(back)}`);
    }
    if (ctx.actor.id !== user.id)
      throw data({ detail: "Этот раздел виден только владельцу профиля." }, { status: 403 });
  }
  return { tab: tab.path };
}

export default function ProfileTabPlaceholder({ loaderData }: Route.ComponentProps) {
  const { user, isOwn } = useProfile();
  const tab = findTab(loaderData.tab);
  return (
    <>
      <h2 className="visually-hidden">{tab?.title}</h2>
      <EmptyState>{isOwn ? tab?.empty?.own : tab?.empty?.other(user.username)}</EmptyState>
    </>
  );
}
