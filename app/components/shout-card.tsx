import { useState } from "react";
import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import { useLiveCommentCount } from "#app/realtime/live-counts";
import { pluralize } from "#workers/core/shared/plural";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { Avatar } from "./avatar";
import { BookmarkButton } from "./bookmark-button";
import { IconComment, IconPin } from "./icons";
import { HiddenMedia, MediaGrid } from "./media-grid";
import { PawButton } from "./paw-button";
import { COMMENT_FORMS } from "./post-links";
import { shoutUrl } from "./shout-actions";
import { ShoutEditForm } from "./shout-edit-form";
import { ShoutMenu } from "./shout-menu";
import { ShoutText } from "./shout-text";
import { TimeAgo } from "./time-ago";

export const SHOUT_FORMS = ["записка", "записки", "записок"] as const;
export const VIEW_FORMS = ["просмотр", "просмотра", "просмотров"] as const;
/** Spec §8: the open shout was deleted (sticky notice on the bonfire). */
export const SHOUT_DELETED_NOTICE = "Открытая записка была удалена";

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
  // The page may open with the edit form (?edit=shout, the no-JS way); with JavaScript the state opens and closes
  // it (no flag for hydration here: reading one would re-render every card of a list once the page hydrates).
  const [editingInline, setEditingInline] = useState(editing);
  const anchor = `shout-${shout.id}`;
  const url = shoutUrl(shout.id);
  const showEdit = shout.can_edit && editingInline;
  const hideMedia = shout.is_media_hidden || !!user?.settings.is_hidden_media_enabled;
  const clamp = !detail && !user?.settings.is_shouts_expanded;
  const hasMenu = shout.can_edit || shout.can_delete || shout.can_moderate || (!!user && user.id !== shout.user.id);
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
