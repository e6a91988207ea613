import { data, redirect } from "react-router";
import { CommentResult } from "#app/components/comment-result";
import { PageLinks } from "#app/components/feed-paging";
import { PostFeed } from "#app/components/post-card";
import { getCtx, loaderError } from "#app/lib/forms.server";
import { sidecar } from "#app/lib/sidecar.server";
import commentsCss from "#app/styles/pages/comments.css?url";
import postsListCss from "#app/styles/pages/posts-list.css?url";
import { getUserById } from "#workers/core/accounts/profile";
import { listUserComments } from "#workers/core/comments/comments";
import { listUserPosts } from "#workers/core/posts/posts.lists";
import type { UserPostList } from "#workers/core/posts/posts.schemas";
import type { Route } from "./+types/tab-lists";
import { EmptyState, findTab, useProfile } from "./profile-parts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: postsListCss },
  { rel: "stylesheet", href: commentsCss },
];

/** The profile tabs backed by a posts list, and the service list each one reads. */
const POST_LISTS: Record<string, UserPostList> = {
  drafts: "drafts",
  shared: "shared-posts",
  "bookmark-posts": "bookmark-posts",
};

/**
 * The profile's list tabs: drafts, shared drafts and bookmarked posts (owner only) and the member's comments
 * (shouts and bookmarked shouts have their own route modules). An unknown tab is a 404; an own-only tab sends
 * a guest to sign in and shows another member the 403 screen.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const tab = params.tab ? findTab(params.tab) : undefined;
  if (!tab?.path) throw data({ detail: "Такой страницы нет." }, { status: 404 });
  const ctx = getCtx(context);
  if (tab.ownOnly) {
    const user = await getUserById(ctx, params.id).catch(loaderError);
    if (!ctx.actor) {
      const back = new URL(request.url).pathname;
      throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(back)}`);
    }
    if (ctx.actor.id !== user.id)
      throw data({ detail: "Этот раздел виден только владельцу профиля." }, { status: 403 });
  }
  const page = new URL(request.url).searchParams.get("page") || undefined;
  const kind = POST_LISTS[tab.path];
  if (kind) {
    const feed = await listUserPosts(ctx, params.id, kind, page).catch(loaderError);
    return { tab: tab.path, feed: sidecar(ctx, "feed", feed), comments: null };
  }
  if (tab.path === "comments") {
    const comments = await listUserComments(ctx, params.id, page).catch(loaderError);
    return { tab: tab.path, feed: null, comments };
  }
  return { tab: tab.path, feed: null, comments: null };
}

export default function ProfileTab({ loaderData }: Route.ComponentProps) {
  const { user, isOwn } = useProfile();
  const tab = findTab(loaderData.tab);
  const empty = <EmptyState>{isOwn ? tab?.empty?.own : tab?.empty?.other(user.username)}</EmptyState>;
  const { feed, comments } = loaderData;
  return (
    <>
      <h2 className="visually-hidden">{tab?.title}</h2>
      {feed ? (
        <PostFeed feed={feed} empty={empty} />
      ) : comments ? (
        comments.results.length ? (
          <div className="user-comments">
            <ul className="user-comment-list">
              {comments.results.map((comment) => (
                <CommentResult key={comment.id} comment={comment} />
              ))}
            </ul>
            <PageLinks next={comments.next} previous={comments.previous} />
          </div>
        ) : (
          empty
        )
      ) : (
        empty
      )}
    </>
  );
}
