import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useHydrated } from "#app/lib/hooks";
import { useRootData } from "#app/root";
import type { PostCard } from "#workers/core/posts/posts.serializers";
import { Avatar } from "./avatar";
import { ConfirmDialog } from "./confirm-dialog";
import { CsrfField } from "./csrf-field";
import { IconPin } from "./icons";
import { useNotice } from "./notices";
import { useBackPath } from "./paw-button";
import { postUrl } from "./post-card";

export const UNPIN_QUESTION = "Убрать закрепленную публикацию?";
export const UNPIN_DONE = "Закрепленная публикация убрана.";


interface PinResult {
  ok: boolean;
  is_pinned?: boolean;
  detail?: string;
}

/** The strip's unpin buttons share this fetcher: an unpinned post leaves the strip before its answer is shown. */
const STRIP_FETCHER = "pinned-strip-pin";

function usePinResultNotice(result: PinResult | undefined) {
  const notice = useNotice();
  useEffect(() => {
    if (!result) return;
    if (!result.ok) notice.error("Не получилось.", result.detail);
    else if (result.is_pinned === false) notice.success(UNPIN_DONE);
    else if (result.is_pinned) notice.success("Публикация закреплена.");
  }, [result, notice]);
}

/**
 * The moderator's pin toggle of a post (PATCH pin through the post page's action, intent "pin"). Unpinning
 * asks 'Убрать закрепленную публикацию?' first (JavaScript on) and reports 'Закрепленная публикация
 * убрана.'; without JavaScript it is a plain POST form that comes back to this page.
 */
export function PinForm({
  slug,
  isPinned,
  className,
  compact = false,
  fetcherKey,
}: {
  slug: string;
  isPinned: boolean;
  className?: string;
  compact?: boolean;
  /** On the strip: the strip's keyed fetcher (the strip reports the result: this form is gone by then). */
  fetcherKey?: string;
}) {
  const fetcher = useFetcher<PinResult>(fetcherKey ? { key: fetcherKey } : undefined);
  const hydrated = useHydrated();
  const back = useBackPath();
  const [confirming, setConfirming] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  usePinResultNotice(fetcherKey ? undefined : fetcher.data);

  const pending = fetcher.state !== "idle";
  const label = isPinned ? "Открепить" : "Закрепить";
  return (
    <>
      <fetcher.Form
        ref={form}
        method="post"
        action={postUrl(slug)}
        className={className ?? "pin-form"}
        onSubmit={(event) => {
          if (isPinned && !confirming) {
            event.preventDefault();
            setConfirming(true);
          }
        }}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="pin" />
        {hydrated ? null : <input type="hidden" name="redirectTo" value={back} />}
        <button
          type="submit"
          className={compact ? "pinned-unpin" : "btn btn-ghost btn-sm"}
          disabled={pending}
          title={isPinned ? "Убрать из закреплённых" : "Закрепить на главной"}
          aria-label={compact ? "Убрать из закреплённых" : undefined}
        >
          <IconPin />
          {compact ? null : <span>{pending ? "Сохраняем…" : label}</span>}
        </button>
      </fetcher.Form>
      {hydrated ? (
        <ConfirmDialog
          open={confirming}
          title={UNPIN_QUESTION}
          confirmLabel="Убрать"
          cancelLabel="Отмена"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            if (form.current) fetcher.submit(form.current);
            setConfirming(false);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The pinned posts strip (spec §2) on the index, post and tag pages: a horizontal strip with scroll-snap,
 * each post at most 375 px (750/2) wide; when they do not fit the window it scrolls sideways. Moderators
 * can unpin from here.
 */
export function PinnedStrip({ posts }: { posts: PostCard[] }) {
  const { user } = useRootData();
  const actions = useFetcher<PinResult>({ key: STRIP_FETCHER });
  usePinResultNotice(actions.data);
  if (!posts.length) return null;
  return (
    <section className="pinned" aria-label="Закреплённые публикации">
      <ul className="pinned-strip">
        {posts.map((post) => {
          const cover = post.image && !post.is_video_background ? post.image : null;
          return (
            <li key={post.id} className={`pinned-item${cover ? " has-cover" : ""}`}>
              {cover ? <img className="pinned-cover" src={cover} alt="" loading="lazy" decoding="async" /> : null}
              <div className="pinned-body">
                <span className="pinned-label">
                  <IconPin size={14} /> Закреплено
                </span>
                <Link className="pinned-title" to={postUrl(post.slug)}>
                  {post.title}
                </Link>
                <span className="pinned-author">
                  <Avatar user={post.user} size={20} />
                  {post.user.username}
                </span>
              </div>
              {user?.is_mod ? <PinForm slug={post.slug} isPinned compact className="pinned-unpin-form" fetcherKey={STRIP_FETCHER} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
