import { useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs, useLocation, useNavigate, useSearchParams } from "react-router";
import {
  COMMENT_OFFSET,
  COMMENTS_BLOCK_OFFSET,
  CommentForm,
  CommentTree,
  scrollToElement,
  useCommentDeleteNotice,
} from "#app/components/comment-tree";
import { asFailure } from "#app/components/form";
import { Link } from "#app/components/link";
import { NOTICE_STICKY, useNotice } from "#app/components/notices";
import { UNPIN_DONE } from "#app/components/pin-form";
import { PinnedStrip } from "#app/components/pinned-strip";
import { COMMENT_FORMS } from "#app/components/post-links";
import { shoutUrl } from "#app/components/shout-actions";
import { SHOUT_DELETED_NOTICE, ShoutCard } from "#app/components/shout-card";
import { commentIntent, formId } from "#app/lib/comment-actions.server";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { useHydrated } from "#app/lib/hooks";
import { pageMeta, pageTitle } from "#app/lib/meta";
import { safeRedirect } from "#app/lib/redirects";
import { useRootData } from "#app/lib/root-data";
import { useSidecar } from "#app/lib/sidecar";
import { sidecar } from "#app/lib/sidecar.server";
import { useLiveShoutComments } from "#app/realtime/live-comments";
import { useLiveShout } from "#app/realtime/live-shouts";
import commentsCss from "#app/styles/pages/comments.css?url";
import { AppError } from "#workers/core/errors";
import { listPinnedPosts } from "#workers/core/posts/posts.lists";
import { pluralize } from "#workers/core/shared/plural";
import { createShoutComment, deleteShoutComment, updateShoutComment } from "#workers/core/shouts/shout-comments";
import {
  deleteShout,
  getShout,
  recordShoutView,
  toggleFreezeShout,
  toggleMuteShout,
  togglePinShout,
  updateShout,
} from "#workers/core/shouts/shouts";
import type { Route } from "./+types/shout";
import { SHOUT_STYLES } from "./styles";

export const links: Route.LinksFunction = () => [...SHOUT_STYLES, { rel: "stylesheet", href: commentsCss }];

/**
 * Spec §2 /bonfire/{id}: the shout with its comment tree and the pinned posts strip. A view is counted for every
 * render that is not the shared guest page cache's (rendered once for many guests: the Worker counts each
 * guest's view itself, workers/app.ts).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const [shout, pinned] = await Promise.all([getShout(ctx, params.id), listPinnedPosts(ctx)]).catch(loaderError);
  // Once per viewer a day (the service dedupes), after the response: the page does not wait for the write.
  if (!ctx.sharedRender) {
    ctx.waitUntil(
      recordShoutView(ctx, shout.id).catch((error: unknown) => console.error("recordShoutView failed", error)),
    );
  }
  const { comments, ...rest } = shout;
  return {
    shout: rest,
    // Beside the hydration data on a document request (app/lib/sidecar.tsx), as the post page's tree.
    comments: sidecar(ctx, "comments", comments),
    pinned: pinned.results,
    origin: new URL(request.url).origin,
  };
}

/**
 * Paws and bookmarks keep their own state; after this tab deleted the shout the page does not reload (it
 * leaves for the bonfire instead).
 */
export function shouldRevalidate({ formAction, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/reactions/")) return false;
  if (actionResult && typeof actionResult === "object" && (actionResult as { deleted?: boolean }).deleted) return false;
  return defaultShouldRevalidate;
}

/**
 * The shout page's forms, by `intent`: comment, reply, edit-comment, delete-comment (shout comments), edit-shout
 * and delete-shout (author, moderators), pin, mute and freeze (moderators). Shout cards on other pages post here
 * too. Plain forms (they carry `nojs` or `redirectTo`) are redirected; fetchers get JSON and the page
 * revalidates.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = getCtx(context);
  const id = formId(params.id);
  if (typeof id !== "number") throw new Response("Not Found", { status: 404 });
  const base = shoutUrl(id);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      const done = await commentIntent(fields, base, {
        create: (input) => createShoutComment(ctx, { shout_id: id, ...input }),
        update: (commentId, input) => updateShoutComment(ctx, commentId, input),
        remove: (commentId) => deleteShoutComment(ctx, commentId),
      });
      if (done) return done;
      const back = safeRedirect(fields.redirectTo);
      const intent = fields.intent;
      if (intent === "edit-shout") {
        await updateShout(ctx, id, { text: fields.text ?? "" });
        if (back) throw redirect(back);
        return { ok: true as const, intent, message: "Записка изменена." };
      }
      if (intent === "delete-shout") {
        await deleteShout(ctx, id);
        if (back) throw redirect(back);
        return { ok: true as const, intent, deleted: true, message: "Записка удалена." };
      }
      if (intent === "pin") {
        const { is_pinned } = await togglePinShout(ctx, id);
        if (back) throw redirect(back);
        return { ok: true as const, intent, is_pinned, message: is_pinned ? "Записка закреплена." : UNPIN_DONE };
      }
      if (intent === "mute") {
        const { is_muted } = await toggleMuteShout(ctx, id);
        if (back) throw redirect(back);
        return {
          ok: true as const,
          intent,
          is_muted,
          message: is_muted ? "Записка заглушена: в ленте костра её больше нет." : "Записка снова в ленте костра.",
        };
      }
      if (intent === "freeze") {
        const { is_frozen } = await toggleFreezeShout(ctx, id);
        if (back) throw redirect(back);
        return {
          ok: true as const,
          intent,
          is_frozen,
          message: is_frozen ? "Записка заморожена: комментарии закрыты." : "Записка разморожена: комментарии открыты.",
        };
      }
      throw new AppError("invalid", "Неизвестное действие.");
    },
    () => fields,
  );
}

function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return pageMeta({ matches, location }, { title: "Записка", canonical: false });
  const { shout, origin } = loaderData;
  const heading = excerpt(shout.headline, 70) || `Записка ${shout.user.username}`;
  const description = excerpt(shout.headline, 200) || `Записка ${shout.user.username} на костре.`;
  const url = `${origin}${shoutUrl(shout.id)}`;
  const picture = shout.is_media_hidden ? null : shout.images.find((m) => !m.is_video);
  const tags = [
    { title: pageTitle(heading, matches) },
    { name: "description", content: description },
    { property: "og:title", content: `Записка ${shout.user.username}` },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: url },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (picture) tags.push({ property: "og:image", content: new URL(picture.url, origin).href });
  return tags;
};

/** `?comment={id}` scrolls to that comment (60 px offset) and highlights it; `?comments` to the block (110 px). */
function useCommentScroll() {
  const location = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const id = params.get("comment") ?? params.get("reply");
    const editing = params.get("edit");
    const target = id ?? (editing && /^\d+$/.test(editing) ? editing : null);
    const frame = window.requestAnimationFrame(() => {
      if (target && /^\d+$/.test(target)) scrollToElement(`comment-${target}`, COMMENT_OFFSET, params.has("comment"));
      else if (params.has("comments")) scrollToElement("comments", COMMENTS_BLOCK_OFFSET);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [location.search]);
}

function numberParam(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** What a failed plain (no-JS) form of the shout itself says; the comment forms show their own. */
const SHOUT_INTENTS = ["delete-shout", "pin", "mute", "freeze"];

/**
 * What a failed plain (no-JS) form of the shout itself says. A leaf of its own: it reads the hydration flag (with
 * JavaScript the forms are fetchers and say it themselves), and hydration then re-renders only this, not the page.
 */
function ShoutFailure({ actionData }: { actionData: unknown }) {
  const hydrated = useHydrated();
  const failure = hydrated ? null : asFailure(actionData);
  if (!failure || !SHOUT_INTENTS.includes(failure.values?.intent ?? "")) return null;
  return (
    <div className="form-errors" role="alert">
      <p>{failure.detail}</p>
    </div>
  );
}

export default function ShoutPage({ loaderData, actionData }: Route.ComponentProps) {
  useCommentDeleteNotice();
  const { user, config } = useRootData();
  const navigate = useNavigate();
  const notice = useNotice();
  const [params] = useSearchParams();
  useCommentScroll();
  const viewer = { viewer: user, oneHourEdit: config.is_one_hour_edit_enabled };
  const shout = useLiveShout(loaderData.shout, {
    ...viewer,
    // Spec §4/§8: the open shout was deleted elsewhere — back to the bonfire with a notice that stays.
    onDeleted: () => {
      navigate("/bonfire");
      notice.show({ type: "info", title: SHOUT_DELETED_NOTICE, duration: NOTICE_STICKY });
    },
  });
  const tree = useSidecar(loaderData.comments);
  const { comments, count } = useLiveShoutComments(shout.id, tree.value, loaderData.shout.comments_count, user);
  const target = { kind: "shout", id: shout.id } as const;
  const signIn = `/auth/sign-in?redirectTo=${encodeURIComponent(`${shoutUrl(shout.id)}#comments`)}`;

  return (
    <main className="page page-shout">
      <h1 className="visually-hidden">Записка {shout.user.username}</h1>
      <PinnedStrip posts={loaderData.pinned} />
      <p className="back-link shout-back">
        <Link to="/bonfire">← Все записки</Link>
      </p>
      <ShoutFailure actionData={actionData} />
      <ShoutCard
        shout={{ ...shout, comments_count: count }}
        detail
        editing={params.get("edit") === "shout"}
        onDeleted={() => navigate("/bonfire")}
      />

      <section className="comments shout-comments-block" id="comments" aria-labelledby="comments-title">
        <h2 className="comments-title" id="comments-title">
          {count ? pluralize(count, COMMENT_FORMS) : "Комментарии"}
        </h2>
        {comments.length ? (
          <CommentTree
            comments={comments}
            target={target}
            readOnly={shout.is_frozen}
            replyTo={numberParam(params.get("reply"))}
            editing={numberParam(params.get("edit"))}
            highlighted={numberParam(params.get("comment"))}
          />
        ) : (
          <p className="comments-empty muted">
            {shout.is_frozen ? "Комментариев нет." : "Комментариев пока нет. Напишите первым!"}
          </p>
        )}
        {shout.is_frozen ? (
          <p className="comments-closed" role="note">
            Записка заморожена: комментарии к ней закрыты.
          </p>
        ) : user ? (
          <div className="comments-new">
            <h3 className="visually-hidden">Новый комментарий</h3>
            <CommentForm target={target} intent="comment" submitLabel="Отправить" />
          </div>
        ) : (
          <p className="comments-guest">
            <Link to={signIn}>Войдите</Link> или <Link to="/auth/sign-up">зарегистрируйтесь</Link>, чтобы оставить
            комментарий.
          </p>
        )}
      </section>
      {tree.script}
    </main>
  );
}
