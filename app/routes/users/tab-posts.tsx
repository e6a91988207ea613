import { PostFeed } from "#app/components/post-card";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { sidecar } from "#app/lib/sidecar.server";
import postsListCss from "#app/styles/pages/posts-list.css?url";
import { listUserPosts } from "#workers/core/posts/posts.lists";
import type { Route } from "./+types/tab-posts";
import { EmptyState, findTab, useProfile } from "./profile-parts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: postsListCss }];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const page = new URL(request.url).searchParams.get("page") || undefined;
  const feed = await listUserPosts(ctx, params.id, "posts", page).catch(loaderError);
  return { feed: sidecar(ctx, "feed", feed) };
}

/** Статьи: the member's published posts, newest first. */
export default function ProfilePosts({ loaderData }: Route.ComponentProps) {
  const { user, isOwn } = useProfile();
  const tab = findTab("");
  return (
    <>
      <h2 className="visually-hidden">Статьи</h2>
      <PostFeed
        feed={loaderData.feed}
        indexRoute
        empty={<EmptyState>{isOwn ? tab?.empty?.own : tab?.empty?.other(user.username)}</EmptyState>}
      />
    </>
  );
}
