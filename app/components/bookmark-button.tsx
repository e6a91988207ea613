import { useFollowedState } from "#app/lib/hooks";
import { html, type Markup } from "#app/lib/html";
import { useRootData } from "#app/lib/root-data";
import { useNotice } from "./notices";
import { GUEST_NOTICE_TITLE, REACTION_FORM_ID, reactionAction, useReaction } from "./reaction-form";
import { useButtonsHolder } from "./rewritten-markup";

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
 * without). Guests: the notice or the sign-in page. A post's and a shout's bookmark: its button written as markup
 * (`useBookmarkMarkup`) in a slot that lays out as the button alone (`display: contents`); a post card's is part of
 * the card's markup.
 */
export function BookmarkButton(props: BookmarkProps) {
  const bookmark = useBookmarkMarkup(props);
  const holder = useButtonsHolder<HTMLSpanElement>(bookmark.markup, ".bookmark-slot", bookmark.click);
  return <span className="bookmark-slot" {...holder} />;
}

/** A member's bookmark: the state shown (what a change on its way will most likely do) and the click that sends it. */
function useMemberBookmark(props: BookmarkProps) {
  const notice = useNotice();
  const [marked, setMarked] = useFollowedState(props.isBookmarked);
  const { pending, onClick } = useReaction<{ is_bookmarked: boolean }>((result) => {
    if (result?.ok) setMarked(result.is_bookmarked);
    else notice.error("Закладка не изменена.", result?.detail);
  });
  return { shown: pending ? !marked : marked, disabled: pending !== null, onClick };
}

/**
 * The bookmark's state, its button's markup (`markup`), and `click` for the holder's click handler to call with the
 * bookmark button that was pressed. A guest's and a member's in one hook: the viewer does not change while a page
 * is shown.
 */
export function useBookmarkMarkup(props: BookmarkProps): {
  markup: Markup;
  click: (event: React.MouseEvent<HTMLElement>, button: HTMLButtonElement) => void;
} {
  const { user } = useRootData();
  const notice = useNotice();
  // A guest's bookmark is never on its way: the member's state is the guest's.
  const { shown, disabled, onClick } = useMemberBookmark(props);
  return {
    markup: bookmarkMarkup(props, shown, disabled),
    click: user
      ? onClick
      : (event) => {
          event.preventDefault();
          notice.info(GUEST_NOTICE_TITLE, GUEST_TEXT[props.itemType ?? "post"], 5000);
        },
  };
}

const BOOKMARK_ICON = {
  on: html`<svg width="20" height="20" fill="currentColor" stroke="currentColor" class="icon" aria-hidden="true" focusable="false"><use href="#icon-bookmark"></use></svg>`,
  off: html`<svg width="20" height="20" fill="none" stroke="currentColor" class="icon" aria-hidden="true" focusable="false"><use href="#icon-bookmark"></use></svg>`,
};

/** The bookmark's button, written as markup (app/lib/html.ts). */
function bookmarkMarkup(
  { itemId, itemType = "post", withLabel = false, anchor }: BookmarkProps,
  shown: boolean,
  disabled: boolean,
): Markup {
  const label = shown ? "Убрать из закладок" : "В закладки";
  return html`<button type="submit" form="${REACTION_FORM_ID}" formAction="${reactionAction("bookmark", itemType, itemId, anchor)}" class="bookmark-btn${shown ? " is-active" : ""}${withLabel ? " with-label" : ""}" aria-pressed="${shown ? "true" : "false"}"${withLabel ? null : html` aria-label="${label}"`} title="${label}"${disabled ? html` disabled` : null}>${BOOKMARK_ICON[shown ? "on" : "off"]}${withLabel ? html`<span>${shown ? "В закладках" : "В закладки"}</span>` : null}</button>`;
}
