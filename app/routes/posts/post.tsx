import { useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs, useLocation, useSearchParams } from "react-router";
import { Avatar } from "#app/components/avatar";
import { BookmarkButton } from "#app/components/bookmark-button";
import {
  COMMENT_OFFSET,
  COMMENTS_BLOCK_OFFSET,
  CommentForm,
  CommentTree,
  scrollToElement,
  useCommentDeleteNotice,
} from "#app/components/comment-tree";
import { Link } from "#app/components/link";
import { PawButton } from "#app/components/paw-button";
import { PinForm } from "#app/components/pin-form";
import { PinnedStrip } from "#app/components/pinned-strip";
import { PostBody } from "#app/components/post-body";
import { postBodyMarkup } from "#app/components/post-body-markup";
import { COMMENT_FORMS, postUrl, TagList } from "#app/components/post-links";
import { ReportLink } from "#app/components/report-link";
import { ShareButton } from "#app/components/share-button";
import { TimeAgo } from "#app/components/time-ago";
import { commentIntent } from "#app/lib/comment-actions.server";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta, pageTitle } from "#app/lib/meta";
import { safeRedirect } from "#app/lib/redirects";
import { useRootData } from "#app/lib/root-data";
import { useSidecar } from "#app/lib/sidecar";
import { sidecar } from "#app/lib/sidecar.server";
import { useLiveComments } from "#app/realtime/live-comments";
import postPageCss from "#app/styles/bundles/post-page.css?url";
import { createComment, deleteComment, updateComment } from "#workers/core/comments/comments";
import { COMMENTS_FIRST_LOAD } from "#workers/core/comments/comments.constants";
import { AppError } from "#workers/core/errors";
import { postPage } from "#workers/core/posts/posts";
import { togglePin } from "#workers/core/posts/posts.write";
import { plural, pluralize } from "#workers/core/shared/plural";
import type { Route } from "./+types/post";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: postPageCss }];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  // The detail carries the comment tree (spec §3 Post). A long discussion opens with its first threads (a
  // 1,000-comment page would be megabytes of HTML); links to a comment (and the no-JS reply/edit forms, which
  // name one) and ?comments=all get every comment.
  const url = new URL(request.url);
  const everything =
    ["comment", "reply", "edit"].some((name) => url.searchParams.has(name)) ||
    url.searchParams.get("comments") === "all";
  const { post, pinned, hiddenComments } = await postPage(ctx, params.slug, {
    firstThreads: everything ? undefined : COMMENTS_FIRST_LOAD,
  }).catch(loaderError);
  const { comments, body, ...rest } = post;
  return {
    post: rest,
    // The body as markup: its renderer stays on the server (the editor's preview has it too).
    bodyHtml: postBodyMarkup(body).value,
    // The page's largest data: beside the hydration data on a document request (app/lib/sidecar.tsx).
    comments: sidecar(ctx, "comments", comments),
    hiddenComments,
    pinned,
    origin: new URL(request.url).origin,
  };
}

/** Paws and bookmarks keep their own state: the page is not reloaded for them. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/reactions/")) return false;
  return defaultShouldRevalidate;
}

/**
 * The post page's forms, by `intent`: comment, reply, edit-comment, delete-comment (comments service) and pin
 * (moderators). Plain forms (they carry `nojs` or `redirectTo`) are redirected; fetchers get JSON and the page
 * revalidates.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = getCtx(context);
  const slug = params.slug;
  const base = postUrl(slug);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      const done = await commentIntent(fields, base, {
        create: (input) => createComment(ctx, { post_slug: slug, ...input }),
        update: (id, input) => updateComment(ctx, id, input),
        remove: (id) => deleteComment(ctx, id),
      });
      if (done) return done;
      const intent = fields.intent;
      if (intent === "pin") {
        const { is_pinned } = await togglePin(ctx, slug);
        const back = safeRedirect(fields.redirectTo);
        if (back) throw redirect(back);
        return {
          ok: true as const,
          intent,
          is_pinned,
          message: is_pinned ? "Публикация закреплена." : "Закрепленная публикация убрана.",
        };
      }
      throw new AppError("invalid", "Неизвестное действие.");
    },
    () => fields,
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return pageMeta({ matches, location }, { title: "Статья", canonical: false });
  const { post, origin } = loaderData;
  const title = pageTitle(post.title || "Без заголовка", matches);
  // Search engines want a description even when the author wrote no headline.
  const description =
    post.headline.trim() || `${post.title || "Без заголовка"} — статья участника ${post.user.username}.`;
  const url = `${origin}${postUrl(post.slug)}`;
  const image = post.image && !post.is_video_background ? new URL(post.image, origin).href : null;
  const tags = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: url },
    { property: "article:published_time", content: post.datetime },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: description },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (!post.is_published) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

/** `?comment={id}` scrolls to that comment (60 px offset) and highlights it; `?comments` to the block (110 px). */
function useCommentScroll(ready: boolean) {
  const location = useLocation();
  useEffect(() => {
    if (!ready) return;
    const params = new URLSearchParams(location.search);
    const id = params.get("comment") ?? params.get("reply") ?? params.get("edit");
    const frame = window.requestAnimationFrame(() => {
      if (id && /^\d+$/.test(id)) scrollToElement(`comment-${id}`, COMMENT_OFFSET, params.has("comment"));
      else if (params.has("comments")) scrollToElement("comments", COMMENTS_BLOCK_OFFSET);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [location.search, ready]);
}

function numberParam(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  useCommentDeleteNotice();
  const { post, bodyHtml, hiddenComments, pinned } = loaderData;
  const { user } = useRootData();
  const [params] = useSearchParams();
  useCommentScroll(true);
  const tree = useSidecar(loaderData.comments);
  const { comments, count } = useLiveComments(post.slug, tree.value, post.comments_count, user);
  const videoCover = post.is_video_background && post.image ? post.image : null;
  const cover = !post.is_video_background && post.image ? post.image : null;
  const isOwn = user?.id === post.user.id;
  const commentsHeading = count ? `${count} ${plural(count, COMMENT_FORMS)}` : "Комментарии";

  return (
    <main className="page page-post">
      <PinnedStrip posts={pinned.filter((p) => p.id !== post.id)} />
      <article className="post" aria-labelledby="post-title">
        <header className={`post-header${cover ? " has-cover" : ""}`}>
          {cover ? (
            <div className="post-cover">
              <img src={cover} alt="" decoding="async" fetchPriority="high" />
            </div>
          ) : null}
          <div className="post-header-text">
            {post.is_published ? null : (
              <p className="post-draft-note">
                <span className="badge badge-draft">Черновик</span> Эту статью видите только вы и её соавторы.
              </p>
            )}
            {post.is_pinned ? <p className="post-pinned-note">Закреплено</p> : null}
            <h1 className="post-title" id="post-title">
              {post.title || "Без заголовка"}
            </h1>
            {post.headline ? <p className="post-headline">{post.headline}</p> : null}
            <div className="post-meta">
              <Link to={`/users/${post.user.id}`} className="post-author">
                <Avatar user={post.user} size={40} decorative />
                <span className="post-author-name">{post.user.username}</span>
              </Link>
              <TimeAgo date={post.datetime} className="post-date" />
              {videoCover ? (
                <a className="post-video-link" href={videoCover} target="_blank" rel="noopener noreferrer nofollow">
                  ▶ Видео к статье
                </a>
              ) : null}
            </div>
            <TagList tags={post.tags} className="tag-list post-tags" />
          </div>
        </header>

        <PostBody bodyHtml={bodyHtml} className="post-page-body" />

        <footer className="post-footer">
          {post.is_published ? (
            <div className="post-reactions">
              <PawButton
                itemId={post.id}
                itemType="post"
                pwnd={post.pwnd}
                ownd={post.ownd}
                isOwn={isOwn}
                anchor="post-footer"
              />
              <BookmarkButton itemId={post.id} isBookmarked={post.is_bookmarked} withLabel anchor="post-footer" />
              <ShareButton
                url={postUrl(post.slug)}
                kind="post"
                text={post.title}
                className="post-comments-link share-button"
              />
              <ReportLink type="post" id={post.id} authorId={post.user.id} className="post-comments-link" />
              <a className="post-comments-link" href="#comments">
                {count ? `${count} ${plural(count, COMMENT_FORMS)}` : "Обсудить"}
              </a>
            </div>
          ) : null}
          <div className="post-tools" id="post-footer" hidden={!post.can_edit && !(post.can_pin && post.is_published)}>
            {post.can_edit ? (
              <Link className="btn btn-ghost btn-sm" to={`${postUrl(post.slug)}/editor`}>
                Редактировать
              </Link>
            ) : null}
            {post.can_pin && post.is_published ? (
              <PinForm action={postUrl(post.slug)} isPinned={post.is_pinned} />
            ) : null}
          </div>
        </footer>
      </article>

      {post.is_published ? (
        <section className="comments" id="comments" aria-labelledby="comments-title">
          <h2 className="comments-title" id="comments-title">
            {commentsHeading}
          </h2>
          {comments.length ? (
            <CommentTree
              comments={comments}
              slug={post.slug}
              replyTo={numberParam(params.get("reply"))}
              editing={numberParam(params.get("edit"))}
              highlighted={numberParam(params.get("comment"))}
            />
          ) : null}
          {hiddenComments > 0 ? (
            <p className="comments-more">
              <Link className="btn btn-ghost" to={`${postUrl(post.slug)}?comments=all#comments`}>
                Показать остальные {pluralize(hiddenComments, COMMENT_FORMS)}
              </Link>
            </p>
          ) : null}
          {comments.length ? null : (
            <p className="comments-empty muted">Комментариев пока нет. Начните обсуждение первым!</p>
          )}
          {user ? (
            <div className="comments-new">
              <h3 className="visually-hidden">Новый комментарий</h3>
              <CommentForm slug={post.slug} intent="comment" submitLabel="Отправить" />
            </div>
          ) : (
            <p className="comments-guest">
              <Link to={`/auth/sign-in?redirectTo=${encodeURIComponent(`${postUrl(post.slug)}#comments`)}`}>
                Войдите
              </Link>{" "}
              или <Link to="/auth/sign-up">зарегистрируйтесь</Link>, чтобы оставить комментарий.
            </p>
          )}
        </section>
      ) : null}
      {tree.script}
    </main>
  );
}
