import { useEffect } from "react";
import { useButtonFetcher, useFollowedState } from "#app/lib/hooks";
import { useRootData } from "#app/lib/root-data";
import { IconBookmark } from "./icons";
import { useNotice } from "./notices";
import { GUEST_NOTICE_TITLE, REACTION_FORM_ID, reactionAction, sendReaction } from "./reaction-form";

/** What can be bookmarked: posts and shouts. */
export type BookmarkItemType = "post" | "shout";

const GUEST_TEXT: Record<BookmarkItemType, string> = {
  post: "Зарегистрируйтесь или войдите на сайт, чтобы добавлять статьи в закладки.",
  shout: "Зарегистрируйтесь или войдите на сайт, чтобы добавлять записки в закладки.",
};

interface BookmarkResult {
  ok: boolean;
  is_bookmarked?: boolean;
  detail?: string;
}

/**
 * Adds a post or a shout to the member's bookmarks or takes it out: a button of the page's ReactionForm, posting to
 * /reactions/bookmark (a fetcher with JavaScript, the plain form coming back to the page at `anchor` without).
 * Guests: the notice or the sign-in page.
 */
export function BookmarkButton({
  itemId,
  itemType = "post",
  isBookmarked,
  withLabel = false,
  anchor,
}: {
  itemId: number;
  itemType?: BookmarkItemType;
  isBookmarked: boolean;
  withLabel?: boolean;
  anchor?: string;
}) {
  const { user } = useRootData();
  const fetcher = useButtonFetcher<BookmarkResult>();
  const notice = useNotice();
  const [marked, setMarked] = useFollowedState(isBookmarked);
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok && result.is_bookmarked !== undefined) setMarked(result.is_bookmarked);
    else if (!result.ok) notice.error("Закладка не изменена.", result.detail);
  }, [result, notice, setMarked]);

  const shown = fetcher.formData ? !marked : marked;
  const label = shown ? "Убрать из закладок" : "В закладки";

  return (
    <button
      type="submit"
      form={REACTION_FORM_ID}
      formAction={reactionAction("bookmark", itemType, itemId, anchor)}
      className={`bookmark-btn${shown ? " is-active" : ""}${withLabel ? " with-label" : ""}`}
      aria-pressed={shown}
      aria-label={withLabel ? undefined : label}
      title={label}
      disabled={fetcher.state !== "idle"}
      onClick={(event) => {
        if (user) sendReaction(event, fetcher.submit);
        else {
          event.preventDefault();
          notice.info(GUEST_NOTICE_TITLE, GUEST_TEXT[itemType], 5000);
        }
      }}
    >
      <IconBookmark filled={shown} />
      {withLabel ? <span>{shown ? "В закладках" : "В закладки"}</span> : null}
    </button>
  );
}
