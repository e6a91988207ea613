import { useEffect, useMemo, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { useHydrated } from "#app/lib/hooks";
import { html, innerMarkup, type Markup } from "#app/lib/html";
import { fetcherFormData, submitThroughFetcher } from "#app/lib/plain-form";
import { useRootData } from "#app/lib/root-data";
import type { LiveComment } from "#app/realtime/live-comments";
import type { PublicUser } from "#workers/core/accounts/accounts.serializers";
import { COMMENT_MAX_DEPTH, COMMENT_TEXT_MAX } from "#workers/core/comments/comments.constants";
import { avatarMarkup, useMarkupPresence } from "./avatar";
import { commentTextMarkup } from "./comment-text";
import { ConfirmDialog } from "./confirm-dialog";
import { CsrfField } from "./csrf-field";
import { asFailure, FormErrors, type FormFailure } from "./form";
import { followMarkupLink, Link, pressedMarkupButton } from "./link";
import { useNotice } from "./notices";
import { type PawItemType, usePawsMarkup } from "./paw-button";
import { postUrl } from "./post-links";
import { reportUrl } from "./report-link";
import { useMarkupHolder } from "./rewritten-markup";
import { shareLink } from "./share-button";
import { timeAgoMarkup } from "./time-ago";

/** Offsets under the sticky toolbar (spec §2): `?comment=` 60 px, `?comments` 110 px. */
export const COMMENT_OFFSET = 60;
export const COMMENTS_BLOCK_OFFSET = 110;

export function scrollToElement(id: string, offset: number, highlight = false): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: "auto" });
  if (highlight) {
    for (const old of document.querySelectorAll(".comment.is-highlighted")) old.classList.remove("is-highlighted");
    element.classList.add("is-highlighted");
  }
  return true;
}

export type CommentIntent = "comment" | "reply" | "edit-comment" | "delete-comment";

/**
 * Whose comments a tree shows, and so where its forms go: the post page's action (/posts/{slug}) or the shout
 * page's action (/bonfire/{id}). Both actions take the same intents and fields.
 */
export type CommentTarget = { kind: "post"; slug: string } | { kind: "shout"; id: number };

/** A comment as the tree shows it: post comments (CommentView) and shout comments (ShoutCommentView) both fit. */
export interface TreeComment extends LiveComment {
  children: TreeComment[];
  user: PublicUser;
  datetime: string;
}

/** Either `target`, or (the post page's older form) the post's `slug`. */
type TargetProps = { target: CommentTarget; slug?: undefined } | { slug: string; target?: undefined };

function resolveTarget(props: TargetProps): CommentTarget {
  return props.target ?? { kind: "post", slug: props.slug };
}

export function commentTargetUrl(target: CommentTarget): string {
  return target.kind === "post" ? postUrl(target.slug) : `/bonfire/${target.id}`;
}

function commentItemType(target: CommentTarget): PawItemType {
  return target.kind === "post" ? "comment" : "shout_comment";
}

interface CommentActionResult {
  ok: boolean;
  intent?: string;
  comment_id?: number;
  detail?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
}

/** The no-JS failure of exactly this form (same intent and same comment), from the page's action data. */
function pageFailure(actionData: unknown, intent: CommentIntent, commentId?: number): FormFailure | null {
  const failure = asFailure(actionData, intent);
  if (!failure) return null;
  const id = failure.values?.comment_id ?? failure.values?.respond_to_comment;
  if (commentId !== undefined && id !== String(commentId)) return null;
  return failure;
}

/**
 * One textarea form for a new comment, a reply or an edit. It posts to the post's or the shout's page action:
 * a fetcher with JavaScript (the page revalidates, the new comment is scrolled to), a plain form without (the
 * action redirects to ?comment={id}#comment-{id}).
 */
export function CommentForm({
  intent,
  commentId,
  defaultValue = "",
  submitLabel,
  placeholder = "Напишите комментарий…",
  onDone,
  onCancel,
  cancelHref,
  autoFocus = false,
  ...targetProps
}: TargetProps & {
  intent: Exclude<CommentIntent, "delete-comment">;
  commentId?: number;
  defaultValue?: string;
  submitLabel: string;
  placeholder?: string;
  onDone?: () => void;
  onCancel?: () => void;
  cancelHref?: string;
  autoFocus?: boolean;
}) {
  const target = resolveTarget(targetProps as TargetProps);
  const action = commentTargetUrl(target);
  const fetcher = useFetcher<CommentActionResult>();
  const actionData = useActionData();
  const [formKey, setFormKey] = useState(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The fetcher's answer once there is one; before it, what a plain form's post brought back with the page.
  const failure = fetcher.data !== undefined ? asFailure(fetcher.data) : pageFailure(actionData, intent, commentId);
  const pending = fetcher.state !== "idle";

  const result = fetcher.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: onDone is a fresh closure each render; only the result matters
  useEffect(() => {
    if (!result?.ok || fetcher.state !== "idle") return;
    setFormKey((k) => k + 1);
    if (result.comment_id) scrollToElement(`comment-${result.comment_id}`, COMMENT_OFFSET, true);
    onDone?.();
  }, [result, fetcher.state]);

  useEffect(() => {
    if (autoFocus) {
      const node = textarea.current;
      node?.focus();
      if (node) node.setSelectionRange(node.value.length, node.value.length);
    }
  }, [autoFocus]);

  const errors = failure?.errors.text;
  const fieldId = `comment-text-${intent}-${commentId ?? "new"}`;
  return (
    <fetcher.Form
      method="post"
      action={action}
      className={`comment-form comment-form-${intent}`}
      key={formKey}
      // The same markup before and after hydration: the fetcher's submission leaves out the plain form's mark.
      onSubmit={(event) => submitThroughFetcher(event, fetcher.submit, action)}
    >
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="nojs" value="1" />
      {intent === "reply" && commentId ? <input type="hidden" name="respond_to_comment" value={commentId} /> : null}
      {intent === "edit-comment" && commentId ? <input type="hidden" name="comment_id" value={commentId} /> : null}
      <label htmlFor={fieldId} className="visually-hidden">
        {intent === "edit-comment" ? "Текст комментария" : intent === "reply" ? "Ваш ответ" : "Ваш комментарий"}
      </label>
      <textarea
        ref={textarea}
        id={fieldId}
        name="text"
        required
        maxLength={COMMENT_TEXT_MAX}
        rows={intent === "comment" ? 4 : 3}
        placeholder={placeholder}
        defaultValue={failure?.values?.text ?? defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${fieldId}-error` : undefined}
      />
      {errors?.length ? (
        <ul className="field-error" id={`${fieldId}-error`}>
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      <FormErrors failure={failure} fields={["text"]} />
      <div className="comment-form-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Отправляем…" : submitLabel}
        </button>
        {onCancel || cancelHref ? <CancelControl onCancel={onCancel} cancelHref={cancelHref} /> : null}
      </div>
    </fetcher.Form>
  );
}

/** «Отмена» of a form opened in place (a button) or by a link (`?reply=`, without JavaScript). */
function CancelControl({ onCancel, cancelHref }: { onCancel?: () => void; cancelHref?: string }) {
  const hydrated = useHydrated();
  return onCancel && hydrated ? (
    <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
      Отмена
    </button>
  ) : cancelHref ? (
    <Link className="btn btn-ghost btn-sm" to={cancelHref} preventScrollReset>
      Отмена
    </Link>
  ) : null;
}

/** The page's delete forms share this fetcher: a deleted comment (and its form) is gone before the answer is shown. */
const DELETE_FETCHER = "comment-delete";

/** Reports the page's comment deletions ('Комментарий удалён.'); called by the pages that show a tree. */
export function useCommentDeleteNotice() {
  const fetcher = useFetcher<CommentActionResult>({ key: DELETE_FETCHER });
  const notice = useNotice();
  const result = fetcher.data;
  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) notice.success("Комментарий удалён.");
    else notice.error("Комментарий не удалён.", result.detail);
  }, [result, fetcher.state, notice]);
}

interface TreeProps {
  target: CommentTarget;
  /** Comments are closed (a frozen shout): no reply forms. */
  readOnly?: boolean;
  /** `?reply=` — the comment whose reply form is open (the no-JS way). */
  replyTo: number | null;
  /** `?edit=` — the comment whose edit form is open (the no-JS way). */
  editing: number | null;
  /** `?comment=` — the comment to highlight. */
  highlighted: number | null;
}

/** What the tree gives its comments: the deletion on its way, and the question before one. */
interface TreeDeletion {
  /** The comment being deleted (its button says «Удаляем…»). */
  deleting: number | null;
  /** A comment's delete form was submitted (JavaScript on): ask first. */
  askDelete: (form: HTMLFormElement) => void;
}

/** The tree's one GET form that the reply and edit buttons submit without JavaScript (see toggleMarkup). */
const TOGGLE_FORM = "comment-toggles";

const EDITED = html`<span class="comment-edited" title="Комментарий изменён">(изменён)</span>`;

/**
 * A comment's head — the author's avatar and name, the time (a link to the comment), «(изменён)» — written as
 * markup (app/lib/html.ts): the same elements <Link>, <Avatar> and <TimeAgo> rendered, without a React element
 * for each on a hundred comments (docs/decisions/0040-render-cpu.md §25). Its links navigate through
 * followMarkupLink, its time is refreshed by the shell's clock, its dot drawn by useMarkupPresence.
 */
function commentHeadMarkup(comment: TreeComment, base: string, anchor: string): Markup {
  return html`<a class="comment-author" href="/users/${comment.user.id}">${avatarMarkup(comment.user, 20)}<span>${comment.user.username}</span></a><a class="comment-time" href="${base}?comment=${comment.id}#${anchor}" data-keep-scroll>${timeAgoMarkup(comment.datetime)}</a>${comment.datetime_updated ? EDITED : null}`;
}

/**
 * A comment action that opens a form under the comment. One button, the same before and after hydration: without
 * JavaScript it submits the tree's GET form (TOGGLE_FORM) as `?reply={id}` or `?edit={id}` to the comment's anchor,
 * and the page comes back with that form open; with JavaScript the footer's click handler opens the form in place.
 */
function toggleMarkup(param: "reply" | "edit", commentId: number, back: string, expanded?: boolean): Markup {
  const state = expanded === undefined ? null : html` aria-expanded="${expanded ? "true" : "false"}"`;
  return html`<button type="submit" form="${TOGGLE_FORM}" name="${param}" value="${commentId}" formAction="${back}" class="comment-action"${state}>${param === "reply" ? "Ответить" : "Изменить"}</button>`;
}

/**
 * «Удалить»: a plain form (without JavaScript the action deletes and redirects back); with JavaScript the footer's
 * submit handler asks first (the tree's ConfirmDialog) and the tree's fetcher sends it.
 */
function deleteMarkup(action: string, csrf: string, comment: TreeComment, pending: boolean): Markup {
  const replies = comment.children.length > 0 ? html` data-has-replies` : null;
  return html`<form method="post" action="${action}" class="comment-delete-form"${replies}><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="intent" value="delete-comment"><input type="hidden" name="comment_id" value="${comment.id}"><input type="hidden" name="nojs" value="1"><button type="submit" class="comment-action comment-action-danger"${pending ? html` disabled` : null}>${pending ? "Удаляем…" : "Удалить"}</button></form>`;
}

const SHARE = html`<button type="button" class="comment-action needs-js" data-share>Поделиться</button>`;

const DELETED = html`<p class="comment-deleted">Комментарий удалён</p>`;

function CommentItem({ comment, ...tree }: TreeProps & TreeDeletion & { comment: TreeComment }) {
  const { user, csrf } = useRootData();
  const notices = useNotice();
  // The page may open with a form of this comment (?reply= or ?edit=, the no-JS way); with JavaScript the state.
  const [replying, setReplying] = useState(tree.replyTo === comment.id);
  const [editingInline, setEditingInline] = useState(tree.editing === comment.id);
  const anchor = `comment-${comment.id}`;
  const base = commentTargetUrl(tree.target);
  const canReply = !!user && !tree.readOnly;
  const showReply = canReply && replying;
  const showEdit = comment.can_edit && editingInline;
  const mention = comment.depth >= COMMENT_MAX_DEPTH ? `@${comment.user.username}, ` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the head shows of the comment, and nothing else
  const head = useMemo(
    () => commentHeadMarkup(comment, base, anchor),
    [comment.user, comment.id, comment.datetime, comment.datetime_updated, base],
  );
  const paws = usePawsMarkup({
    itemId: comment.id,
    itemType: commentItemType(tree.target),
    pwnd: comment.pwnd,
    ownd: comment.ownd,
    isOwn: user?.id === comment.user.id,
    anchor,
    size: "sm",
  });
  const back = `${base}#${anchor}`;
  const shareUrl = `${base}?comment=${comment.id}#${anchor}`;
  // The actions, as their components wrote them: paws, «Ответить», «Изменить», «Удалить», «Поделиться», «Пожаловаться».
  const reply = canReply ? toggleMarkup("reply", comment.id, back, replying) : null;
  const edit = comment.can_edit && !showEdit ? toggleMarkup("edit", comment.id, back) : null;
  const remove = comment.can_delete ? deleteMarkup(base, csrf, comment, tree.deleting === comment.id) : null;
  const report =
    user && user.id !== comment.user.id
      ? html`<a class="comment-action" href="${reportUrl(commentItemType(tree.target), comment.id)}" rel="nofollow">Пожаловаться</a>`
      : null;
  const footer = html`${paws.markup}${reply}${edit}${remove}${SHARE}${report}`;
  const text = useMemo(() => commentTextMarkup(comment.text), [comment.text]);
  // The comment's box as one piece of markup (head, text, actions), but while its edit form is open (a component).
  const box = comment.is_deleted
    ? DELETED
    : showEdit
      ? footer
      : html`<header class="comment-head">${head}</header><div class="comment-text">${text}</div><footer class="comment-actions">${footer}</footer>`;
  // The comment's own forms (reply, edit) are in its item: going there and back keeps «Ответить»'s place.
  const held = useMarkupHolder<HTMLElement>(box, "li.comment", ".comment-box");

  // The buttons and links of the markup, found from the click's target (they have no handler of their own).
  const onBoxClick = (event: React.MouseEvent<HTMLElement>) => {
    const button = pressedMarkupButton(event);
    if (!button) return;
    if (button.classList.contains("paw-btn")) paws.click(event, button);
    else if (button.name === "reply" || button.name === "edit") {
      event.preventDefault();
      if (button.name === "reply") setReplying((v) => !v);
      else setEditingInline(true);
    } else if (button.hasAttribute("data-share")) void shareLink(notices, shareUrl, "comment");
  };
  const onBoxSubmit = (event: React.FormEvent<HTMLElement>) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    tree.askDelete(event.target);
  };
  // Where the box's markup goes, and what it listens to.
  const holder = { ...held, onClick: onBoxClick, onSubmit: onBoxSubmit };
  const label = comment.is_deleted ? "Удалённый комментарий" : `Комментарий ${comment.user.username}`;

  return (
    <li
      className={`comment depth-${Math.min(comment.depth, COMMENT_MAX_DEPTH)}${tree.highlighted === comment.id ? " is-highlighted" : ""}${comment.is_deleted ? " is-deleted" : ""}`}
      id={anchor}
    >
      {showEdit && !comment.is_deleted ? (
        <article className="comment-box" aria-label={label}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: it is the links' handler, delegated */}
          <header
            className="comment-head"
            onClick={followMarkupLink}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: markup from `html`, which escapes all text
            dangerouslySetInnerHTML={innerMarkup(head)}
          />
          <CommentForm
            target={tree.target}
            intent="edit-comment"
            commentId={comment.id}
            defaultValue={comment.text}
            submitLabel="Сохранить"
            onDone={() => setEditingInline(false)}
            onCancel={() => setEditingInline(false)}
            cancelHref={back}
            autoFocus
          />
          <footer className="comment-actions" {...holder} />
        </article>
      ) : (
        <article className="comment-box" aria-label={label} {...holder} />
      )}
      {showReply ? (
        <div className="comment-reply">
          <CommentForm
            target={tree.target}
            intent="reply"
            commentId={comment.id}
            defaultValue={mention}
            placeholder={`Ответ для ${comment.user.username}…`}
            submitLabel="Ответить"
            onDone={() => setReplying(false)}
            onCancel={() => setReplying(false)}
            cancelHref={back}
            autoFocus
          />
        </div>
      ) : null}
      {comment.children.length ? <CommentList comments={comment.children} {...tree} /> : null}
    </li>
  );
}

function CommentList({ comments, ...tree }: TreeProps & TreeDeletion & { comments: TreeComment[] }) {
  return (
    <ol className="comment-list">
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} {...tree} />
      ))}
    </ol>
  );
}

/**
 * The comments of a post or a shout as a nested list (depth 1–5; the indentation narrows on phones). Each
 * comment: avatar, name, time, text, paws, "Ответить", "Изменить" (can_edit) and "Удалить" (can_delete,
 * confirmed with JavaScript). Deleted comments with replies stay as placeholders.
 */
export function CommentTree({
  comments,
  replyTo,
  editing,
  highlighted,
  readOnly,
  ...targetProps
}: Omit<TreeProps, "target"> & TargetProps & { comments: TreeComment[] }) {
  const root = useRef<HTMLDivElement>(null);
  useMarkupPresence(root, comments);
  const deletion = useTreeDeletion();
  if (!comments.length) return null;
  const target = resolveTarget(targetProps as TargetProps);
  return (
    <div className="comment-tree" ref={root}>
      <form id={TOGGLE_FORM} method="get" action={commentTargetUrl(target)} hidden />
      <CommentList
        comments={comments}
        target={target}
        replyTo={replyTo}
        editing={editing}
        highlighted={highlighted}
        readOnly={readOnly}
        deleting={deletion.deleting}
        askDelete={deletion.askDelete}
      />
      {deletion.dialog}
    </div>
  );
}

/**
 * The tree's deletions: one fetcher (the page's DELETE_FETCHER, whose answer useCommentDeleteNotice reports) and one
 * confirmation for all its comments' delete forms, where each form had its own.
 */
function useTreeDeletion(): TreeDeletion & { dialog: React.ReactNode } {
  const fetcher = useFetcher<CommentActionResult>({ key: DELETE_FETCHER });
  const hydrated = useHydrated();
  const [asked, setAsked] = useState<HTMLFormElement | null>(null);
  const id = fetcher.state !== "idle" ? Number(fetcher.formData?.get("comment_id")) : Number.NaN;
  const dialog = hydrated ? (
    <ConfirmDialog
      open={asked !== null}
      title="Удалить комментарий?"
      text={asked?.hasAttribute("data-has-replies") ? "Ответы на него останутся." : undefined}
      confirmLabel="Удалить"
      onCancel={() => setAsked(null)}
      onConfirm={() => {
        setAsked(null);
        if (asked)
          void fetcher.submit(fetcherFormData(asked), { method: "post", action: asked.getAttribute("action") ?? "" });
      }}
    />
  ) : null;
  return { deleting: Number.isInteger(id) ? id : null, askDelete: setAsked, dialog };
}
