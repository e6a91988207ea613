import { useEffect, useState } from "react";
import { useButtonFetcher } from "#app/lib/hooks";
import { useRootData } from "#app/lib/root-data";
import { CsrfField } from "./csrf-field";
import { IconBookmark } from "./icons";
import { useNotice } from "./notices";
import { GUEST_NOTICE_TITLE, reactionAction, submitWithFetcher, useBackPath } from "./paw-button";

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
 * Adds a post or a shout to the member's bookmarks or takes it out: a POST form to /reactions/bookmark (a fetcher with
 * JavaScript, a plain form coming back to `redirectTo` without). Guests: the notice or the sign-in page.
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
  const back = useBackPath(anchor);
  const [marked, setMarked] = useState(isBookmarked);

  useEffect(() => setMarked(isBookmarked), [isBookmarked]);
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (result.ok && result.is_bookmarked !== undefined) setMarked(result.is_bookmarked);
    else if (!result.ok) notice.error("Закладка не изменена.", result.detail);
  }, [result, notice]);

  const shown = fetcher.formData ? !marked : marked;
  const label = shown ? "Убрать из закладок" : "В закладки";

  return (
    <form
      method="post"
      action={reactionAction("bookmark", itemType, itemId)}
      className="bookmark-form"
      onSubmit={(event) => submitWithFetcher(event, fetcher.submit)}
    >
      <CsrfField />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        className={`bookmark-btn${shown ? " is-active" : ""}${withLabel ? " with-label" : ""}`}
        aria-pressed={shown}
        aria-label={withLabel ? undefined : label}
        title={label}
        disabled={fetcher.state !== "idle"}
        onClick={(event) => {
          if (!user) {
            event.preventDefault();
            notice.info(GUEST_NOTICE_TITLE, GUEST_TEXT[itemType], 5000);
          }
        }}
      >
        <IconBookmark filled={shown} />
        {withLabel ? <span>{shown ? "В закладках" : "В закладки"}</span> : null}
      </button>
    </form>
  );
}
