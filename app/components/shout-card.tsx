import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useLocation } from "react-router";
import { useHydrated } from "#app/lib/hooks";
import { pluralize } from "#workers/core/shared/plural";
import { useLiveCommentCount } from "#app/realtime/live-counts";
import { useLiveShoutList } from "#app/realtime/live-shouts";
import { useRootData } from "#app/lib/root-data";
import { SHOUT_TEXT_MAX } from "#workers/core/shouts/shouts.constants";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { Avatar } from "./avatar";
import { BookmarkButton } from "./bookmark-button";
import { CommentText } from "./comment-text";
import { ConfirmDialog, useConfirmedSubmit } from "./confirm-dialog";
import { CsrfField } from "./csrf-field";
import { Dropdown } from "./dropdown";
import { FeedPaging, useEndlessScroll } from "./feed-paging";
import { asFailure, FormErrors } from "./form";
import { IconComment, IconPin } from "./icons";
import { HiddenMedia, MediaGrid } from "./media-grid";
import { useNotice } from "./notices";
import { PawButton, useBackPath } from "./paw-button";
import { PinForm, UNPIN_DONE, UNPIN_QUESTION } from "./pin-form";
import { COMMENT_FORMS } from "./post-links";
import { TimeAgo } from "./time-ago";

export const SHOUT_FORMS = ["записка", "записки", "записок"] as const;
export const VIEW_FORMS = ["просмотр", "просмотра", "просмотров"] as const;
/** Spec §8: the open shout was deleted (sticky notice on the bonfire). */
export const SHOUT_DELETED_NOTICE = "Открытая записка была удалена";

export function shoutUrl(id: number): string {
  return `/bonfire/${id}`;
}

/** What the shout page's action answers a fetcher (see app/routes/bonfire/shout.tsx). */
export interface ShoutActionResult {
  ok: boolean;
  intent?: string;
  message?: string;
  detail?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
  is_pinned?: boolean;
  is_muted?: boolean;
  is_frozen?: boolean;
  deleted?: boolean;
}

/** A list page of shouts: `next`/`previous` are "?cursor=…"-style queries or full paths ("/users/1/shouts?page=2"). */
export interface ShoutPage {
  results: ShoutView[];
  next: string | null;
  previous: string | null;
}

/** The fetcher of the menus of every card in a ShoutFeed, and of the pinned strip's unpin buttons (keyed: see below). */
const FEED_FETCHER = "shout-feed-action";
const STRIP_FETCHER = "shout-strip-action";

/**
 * The notice after a shout action: the error, 'Закрепленная публикация убрана.' after an unpin, or the
 * action's own message. In a list the card (or the strip item) that sent the form is gone by the time the
 * result arrives (the list revalidated without it), so lists send through a keyed fetcher and the list itself,
 * which stays, listens with this hook.
 */
function useShoutResultNotice(result: ShoutActionResult | undefined, onDeleted?: () => void) {
  const notice = useNotice();
  const deleted = useRef(onDeleted);
  deleted.current = onDeleted;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      notice.error("Не получилось.", result.detail);
      return;
    }
    if (result.intent === "pin" && result.is_pinned === false) notice.success(UNPIN_DONE);
    else if (result.message) notice.success(result.message);
    if (result.deleted) deleted.current?.();
  }, [result, notice]);
}

/** Long texts are clamped in lists (unless the viewer's is_shouts_expanded): over this many characters or lines. */
const CLAMP_CHARS = 600;
const CLAMP_LINES = 8;

export function isLongText(text: string): boolean {
  return text.length > CLAMP_CHARS || text.split("\n").length > CLAMP_LINES;
}

function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The shout's text with links, @mentions and #tags; long texts clamped with «Читать полностью». */
function ShoutText({ shout, clamp }: { shout: ShoutView; clamp: boolean }) {
  const [expanded, setExpanded] = useState(false);
  if (!shout.headline.trim()) return null;
  const clamped = clamp && !expanded && isLongText(shout.headline);
  const id = `shout-text-${shout.id}`;
  return (
    <>
      <CommentText
        text={shout.headline}
        tags={shout.tags}
        id={id}
        className={`shout-text${clamped ? " is-clamped" : ""}`}
      />
      {clamped ? (
        // Without JavaScript the link opens the shout's page; with it the text unfolds in place.
        <Link
          className="shout-more"
          to={shoutUrl(shout.id)}
          aria-controls={id}
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            setExpanded(true);
          }}
        >
          Читать полностью
        </Link>
      ) : null}
    </>
  );
}

/** Inline editing of the text (author within the edit window, moderators): a fetcher, or a plain form. */
function ShoutEditForm({ shout, onDone }: { shout: ShoutView; onDone: () => void }) {
  const fetcher = useFetcher<ShoutActionResult>();
  const hydrated = useHydrated();
  const actionData = useActionData();
  const back = useBackPath(`shout-${shout.id}`);
  const failure = asFailure(fetcher.data) ?? (hydrated ? null : asFailure(actionData, "edit-shout"));
  const pending = fetcher.state !== "idle";
  const fieldId = `shout-edit-${shout.id}`;
  const errors = failure?.errors.text;

  const done = useRef(onDone);
  done.current = onDone;
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) done.current();
  }, [result]);

  return (
    <fetcher.Form method="post" action={shoutUrl(shout.id)} className="shout-edit-form">
      <CsrfField />
      <input type="hidden" name="intent" value="edit-shout" />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={back} />}
      <label htmlFor={fieldId} className="visually-hidden">
        Текст записки
      </label>
      <textarea
        id={fieldId}
        name="text"
        rows={5}
        maxLength={SHOUT_TEXT_MAX}
        defaultValue={failure?.values?.text ?? shout.headline}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${fieldId}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the member asked to edit this text just now
        autoFocus
      />
      {errors?.length ? (
        <ul className="field-error" id={`${fieldId}-error`}>
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      <FormErrors failure={failure} fields={["text"]} />
      <div className="shout-edit-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Сохраняем…" : "Сохранить"}
        </button>
        {hydrated ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
            Отмена
          </button>
        ) : (
          <Link className="btn btn-ghost btn-sm" to={`${shoutUrl(shout.id)}#shout-${shout.id}`}>
            Отмена
          </Link>
        )}
      </div>
    </fetcher.Form>
  );
}

function closeDetails(node: HTMLElement | null) {
  const details = node?.closest("details");
  if (details) details.open = false;
}

/**
 * The shout's menu «⋯»: Изменить and Удалить (author, moderators), Закрепить/Открепить, Заглушить and
 * Заморозить (moderators). Every item is a POST form to the shout page's action (a fetcher with JavaScript;
 * without it a plain form that comes back to this page). Deleting asks first, as does unpinning ('Убрать
 * закрепленную публикацию?').
 */
function ShoutMenu({
  shout,
  detail,
  fetcherKey,
  onEdit,
  onDeleted,
}: {
  shout: ShoutView;
  detail: boolean;
  /** In a list: the list's keyed fetcher (the list shows the notices); alone: a fetcher of its own. */
  fetcherKey?: string;
  onEdit: () => void;
  onDeleted?: () => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ShoutActionResult>(fetcherKey ? { key: fetcherKey } : undefined);
  const back = useBackPath(`shout-${shout.id}`);
  const remove = useConfirmedSubmit((form) => fetcher.submit(form));
  const unpin = useConfirmedSubmit((form) => fetcher.submit(form));
  useShoutResultNotice(fetcherKey ? undefined : fetcher.data, onDeleted);

  const pending = fetcher.state !== "idle" && fetcher.formAction === shoutUrl(shout.id);
  const url = shoutUrl(shout.id);
  const hidden = (intent: string) => (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {hydrated ? null : (
        <input type="hidden" name="redirectTo" value={intent === "delete-shout" && detail ? "/bonfire" : back} />
      )}
    </>
  );

  return (
    <>
      <Dropdown
        align="end"
        className="shout-menu"
        label={
          <>
            <span aria-hidden="true" className="shout-menu-dots">
              •••
            </span>
            <span className="visually-hidden">Действия с запиской</span>
          </>
        }
      >
        {shout.can_edit ? (
          hydrated ? (
            <button
              type="button"
              className="dropdown-item"
              onClick={(event) => {
                closeDetails(event.currentTarget);
                onEdit();
              }}
            >
              Изменить
            </button>
          ) : (
            <Link className="dropdown-item" to={`${url}?edit=shout#shout-${shout.id}`}>
              Изменить
            </Link>
          )
        ) : null}
        {shout.can_moderate ? (
          <>
            <fetcher.Form
              ref={unpin.form}
              method="post"
              action={url}
              onSubmit={(event) => {
                closeDetails(event.currentTarget);
                if (shout.is_pinned) unpin.ask(event);
              }}
            >
              {hidden("pin")}
              <button type="submit" className="dropdown-item" disabled={pending}>
                {shout.is_pinned ? "Открепить" : "Закрепить"}
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action={url} onSubmit={(event) => closeDetails(event.currentTarget)}>
              {hidden("mute")}
              <button
                type="submit"
                className="dropdown-item"
                disabled={pending}
                title={
                  shout.is_muted
                    ? "Вернуть записку в ленту костра"
                    : "Убрать записку из ленты: она останется доступна по ссылке"
                }
              >
                {shout.is_muted ? "Снять заглушку" : "Заглушить"}
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action={url} onSubmit={(event) => closeDetails(event.currentTarget)}>
              {hidden("freeze")}
              <button
                type="submit"
                className="dropdown-item"
                disabled={pending}
                title={shout.is_frozen ? "Снова разрешить комментарии" : "Закрыть комментарии"}
              >
                {shout.is_frozen ? "Разморозить" : "Заморозить"}
              </button>
            </fetcher.Form>
          </>
        ) : null}
        {shout.can_delete ? (
          <fetcher.Form
            ref={remove.form}
            method="post"
            action={url}
            onSubmit={(event) => {
              closeDetails(event.currentTarget);
              remove.ask(event);
            }}
          >
            {hidden("delete-shout")}
            <button type="submit" className="dropdown-item dropdown-item-danger" disabled={pending}>
              Удалить
            </button>
          </fetcher.Form>
        ) : null}
      </Dropdown>
      {hydrated ? (
        <>
          <ConfirmDialog
            {...remove.dialog}
            title="Удалить записку?"
            text="Вместе с ней пропадут комментарии и картинки."
            confirmLabel="Удалить"
          />
          <ConfirmDialog {...unpin.dialog} title={UNPIN_QUESTION} confirmLabel="Убрать" cancelLabel="Отмена" />
        </>
      ) : null}
    </>
  );
}

/**
 * A shout (spec §3) in a list or on its own page: author, time, badges (Закреплено, Заморожено, Заглушено),
 * text with links, @mentions and #tags (clamped in lists unless the viewer's is_shouts_expanded), pictures and
 * videos (behind «Показать медиа» when the shout or the viewer's is_hidden_media_enabled asks), paws, comments,
 * views, bookmark and the menu.
 */
export function ShoutCard({
  shout,
  detail = false,
  editing = false,
  fetcherKey,
  eager = false,
  onDeleted,
}: {
  shout: ShoutView;
  /** In a list: the list's keyed fetcher for the menu (see useShoutResultNotice). */
  fetcherKey?: string;
  /** Near the top of the page: its pictures load at once. */
  eager?: boolean;
  /** On the shout's own page: no clamping, the comments link scrolls to the comments. */
  detail?: boolean;
  /** The no-JS edit form is open (?edit=shout). */
  editing?: boolean;
  /** Called after this shout was deleted from this tab. */
  onDeleted?: () => void;
}) {
  const { user } = useRootData();
  const hydrated = useHydrated();
  const [editingInline, setEditingInline] = useState(false);
  const anchor = `shout-${shout.id}`;
  const url = shoutUrl(shout.id);
  const showEdit = shout.can_edit && (hydrated ? editingInline : editing);
  const hideMedia = shout.is_media_hidden || !!user?.settings.is_hidden_media_enabled;
  const clamp = !detail && !user?.settings.is_shouts_expanded;
  const hasMenu = shout.can_edit || shout.can_delete || shout.can_moderate;
  // The shout's own page passes the count of its live comment tree.
  const commentsCount = useLiveCommentCount({ kind: "shout", id: shout.id }, shout.comments_count, !detail);
  const comments = pluralize(commentsCount, COMMENT_FORMS);
  const media = shout.images;

  return (
    <article
      className={`shout-card${detail ? " is-detail" : ""}${shout.is_pinned ? " is-pinned" : ""}`}
      id={anchor}
      aria-label={`Записка ${shout.user.username}`}
    >
      <header className="shout-head">
        <Link to={`/users/${shout.user.id}`} className="shout-avatar" tabIndex={-1} aria-hidden="true">
          <Avatar user={shout.user} size={40} />
        </Link>
        <div className="shout-byline">
          <Link to={`/users/${shout.user.id}`} className="shout-author">
            {shout.user.username}
          </Link>
          <span className="shout-when">
            <Link to={url} className="shout-time">
              <TimeAgo date={shout.datetime} />
            </Link>
            {shout.datetime_updated ? (
              <span className="shout-edited" title="Текст записки изменён">
                (изменено)
              </span>
            ) : null}
          </span>
        </div>
        <div className="shout-badges">
          {shout.is_pinned ? (
            <span className="badge badge-pinned">
              <IconPin size={12} /> Закреплено
            </span>
          ) : null}
          {shout.is_frozen ? <span className="badge badge-frozen">Заморожено</span> : null}
          {shout.is_muted && (shout.can_moderate || shout.user.id === user?.id) ? (
            <span className="badge badge-muted" title="Записки нет в ленте костра; она доступна по ссылке">
              Заглушено
            </span>
          ) : null}
        </div>
        {hasMenu ? (
          <ShoutMenu
            shout={shout}
            detail={detail}
            fetcherKey={fetcherKey}
            onEdit={() => setEditingInline(true)}
            onDeleted={onDeleted}
          />
        ) : null}
      </header>

      <div className="shout-body">
        {showEdit ? (
          <ShoutEditForm shout={shout} onDone={() => setEditingInline(false)} />
        ) : (
          <ShoutText shout={shout} clamp={clamp} />
        )}
        {media.length ? (
          hideMedia ? (
            <HiddenMedia count={media.length}>
              <MediaGrid media={media} />
            </HiddenMedia>
          ) : (
            <MediaGrid media={media} eager={eager || detail} />
          )
        ) : null}
      </div>

      <footer className="shout-actions">
        <PawButton
          itemId={shout.id}
          itemType="shout"
          pwnd={shout.pwnd}
          ownd={shout.ownd}
          isOwn={user?.id === shout.user.id}
          anchor={anchor}
          size="sm"
        />
        <Link
          to={detail ? "#comments" : `${url}#comments`}
          className="shout-comments"
          aria-label={comments}
          title={comments}
          preventScrollReset={detail}
        >
          <IconComment size={16} />
          <span>{commentsCount}</span>
        </Link>
        {shout.views_count !== null ? (
          <span className="shout-views">{pluralize(shout.views_count, VIEW_FORMS)}</span>
        ) : null}
        <BookmarkButton itemId={shout.id} itemType="shout" isBookmarked={shout.is_bookmarked} anchor={anchor} />
      </footer>
    </article>
  );
}

/** A link target for a page query ("?cursor=…") or a full path ("/users/1/shouts?page=2"). */
function pageHref(pathname: string, next: string | null): string | null {
  if (!next) return null;
  if (next.startsWith("/")) return next;
  return `${pathname}${next.startsWith("?") ? next : `?${next}`}`;
}

/**
 * A list of shout cards with paging, kept live (spec §4): new shouts appear on top where `prepend` (the bonfire's
 * «Новое», first page), edits replace the card, deletions remove it. "Показать ещё" is a plain link to the next
 * page (works without JavaScript); with JavaScript it appends the next page in place, by itself near the end of
 * the list while the member reads endlessly (settings.is_endless_enabled; guests: yes). The route's loader must
 * return the page as `feed`.
 */
export function ShoutFeed({
  feed,
  empty,
  prepend = false,
  dropMuted = false,
}: {
  feed: ShoutPage;
  empty: React.ReactNode;
  prepend?: boolean;
  /** A muted shout leaves this list (the bonfire, tag pages). */
  dropMuted?: boolean;
}) {
  const { user, config } = useRootData();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ feed: ShoutPage }>();
  const actions = useFetcher<ShoutActionResult>({ key: FEED_FETCHER });
  useShoutResultNotice(actions.data);
  const endless = user ? user.settings.is_endless_enabled !== false : true;
  const [items, append] = useLiveShoutList(feed.results, {
    viewer: user,
    oneHourEdit: config.is_one_hour_edit_enabled,
    prepend,
  });
  const [next, setNext] = useState<string | null>(pageHref(location.pathname, feed.next));
  const sentinel = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    setNext(pageHref(location.pathname, feed.next));
  }, [feed, location.pathname]);

  const loaded = fetcher.data?.feed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: append is a fresh closure each render; only a new page matters
  useEffect(() => {
    if (!loaded) return;
    append(loaded.results);
    setNext(pageHref(location.pathname, loaded.next));
  }, [loaded, location.pathname]);

  const loading = fetcher.state !== "idle";
  const { load: fetcherLoad } = fetcher;
  const load = useCallback((href: string) => fetcherLoad(href), [fetcherLoad]);
  useEndlessScroll(sentinel, { enabled: endless && hydrated, next, loading, load });

  const shown = dropMuted ? items.filter((s) => !s.is_muted) : items;
  if (!shown.length) return <>{empty}</>;
  const appended = items.length > feed.results.length;
  const previous = appended ? null : pageHref(location.pathname, feed.previous);

  return (
    <div className="shout-feed">
      <div className="shout-list">
        {shown.map((shout, index) => (
          <ShoutCard key={shout.id} shout={shout} fetcherKey={FEED_FETCHER} eager={index < 2} />
        ))}
      </div>
      {next || previous ? (
        <FeedPaging next={next} previous={previous} loading={loading} load={load} sentinel={sentinel} />
      ) : appended ? (
        <p className="feed-end muted">Это все записки.</p>
      ) : null}
    </div>
  );
}

/** First words of a shout for the compact strip. */
function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * The pinned shouts at the top of the bonfire: a compact strip (sideways scroll when they do not fit), each with
 * its author, the first words and the first picture; moderators can unpin from here.
 */
export function PinnedShouts({ shouts }: { shouts: ShoutView[] }) {
  const { user } = useRootData();
  // The strip stays mounted (empty) after its last shout was unpinned: it reports the result.
  const actions = useFetcher<ShoutActionResult>({ key: STRIP_FETCHER });
  useShoutResultNotice(actions.data);
  if (!shouts.length) return null;
  return (
    <section className="pinned pinned-shouts" aria-label="Закреплённые записки">
      <ul className="pinned-strip">
        {shouts.map((shout) => {
          const picture = shout.images.find((m) => !m.is_video);
          const cover = picture && !shout.is_media_hidden && !user?.settings.is_hidden_media_enabled ? picture : null;
          return (
            <li key={shout.id} className={`pinned-item pinned-shout${cover ? " has-thumb" : ""}`}>
              <div className="pinned-body">
                <span className="pinned-label">
                  <IconPin size={14} /> Закреплено
                </span>
                <Link className="pinned-title pinned-shout-text" to={shoutUrl(shout.id)}>
                  {excerpt(shout.headline) || (shout.images.length ? "Записка с медиа" : "Записка")}
                </Link>
                <span className="pinned-author">
                  <Avatar user={shout.user} size={20} decorative />
                  {shout.user.username}
                </span>
              </div>
              {cover ? (
                <img
                  className="pinned-shout-thumb"
                  src={cover.thumb_url ?? cover.url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              {user?.is_mod ? (
                <PinForm
                  action={shoutUrl(shout.id)}
                  isPinned
                  compact
                  className="pinned-unpin-form"
                  fetcherKey={STRIP_FETCHER}
                  unpinLabel="Убрать записку из закреплённых"
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
