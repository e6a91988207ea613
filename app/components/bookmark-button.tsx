import { useFollowedState } from "#app/lib/hooks";
import { useRootData } from "#app/lib/root-data";
import { IconBookmark } from "./icons";
import { useNotice } from "./notices";
import { GUEST_NOTICE_TITLE, REACTION_FORM_ID, reactionAction, useReaction } from "./reaction-form";

/** What can be bookmarked: posts and shouts. */
export type BookmarkItemType = "post" | "shout";

const GUEST_TEXT: Record<BookmarkItemType, string> = {
  post: "Зарегистрируйтесь или войдите на сайт, чтобы добавлять статьи в закладки.",
  shout: "Зарегистрируйтесь или войдите на сайт, чтобы добавлять записки в закладки.",
};

interface BookmarkProps {
  itemId: number;
  itemType?: BookmarkItemType;
  isBookmarked: boolean;
  withLabel?: boolean;
  anchor?: string;
}

/**
 * Adds a post or a shout to the member's bookmarks or takes it out: a button of the page's ReactionForm, posting to
 * /reactions/bookmark (sent by useReaction with JavaScript, the plain form coming back to the page at `anchor`
 * without). Guests: the notice or the sign-in page.
 */
export function BookmarkButton(props: BookmarkProps) {
  const { user } = useRootData();
  return user ? <MemberBookmark {...props} /> : <GuestBookmark {...props} />;
}

function GuestBookmark(props: BookmarkProps) {
  const notice = useNotice();
  return bookmarkView(props, props.isBookmarked, false, (event) => {
    event.preventDefault();
    notice.info(GUEST_NOTICE_TITLE, GUEST_TEXT[props.itemType ?? "post"], 5000);
  });
}

function MemberBookmark(props: BookmarkProps) {
  const notice = useNotice();
  const [marked, setMarked] = useFollowedState(props.isBookmarked);
  const { pending, onClick } = useReaction<{ is_bookmarked: boolean }>((result) => {
    if (result?.ok) setMarked(result.is_bookmarked);
    else notice.error("Закладка не изменена.", result?.detail);
  });
  return bookmarkView(props, pending ? !marked : marked, pending !== null, onClick);
}

function bookmarkView(
  { itemId, itemType = "post", withLabel = false, anchor }: BookmarkProps,
  shown: boolean,
  disabled: boolean,
  onClick: (event: React.MouseEvent<HTMLButtonElement>) => void,
) {
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
      disabled={disabled}
      onClick={onClick}
    >
      <IconBookmark filled={shown} />
      {withLabel ? <span>{shown ? "В закладках" : "В закладки"}</span> : null}
    </button>
  );
}
