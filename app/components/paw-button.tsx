import { useFollowedState } from "#app/lib/hooks";
import { html, type Markup } from "#app/lib/html";
import { useRootData } from "#app/lib/root-data";
import { useRealtimeEvent } from "#app/realtime/provider";
import { announce } from "./announcer";
import { useNotice } from "./notices";
import { GUEST_NOTICE_TITLE, REACTION_FORM_ID, reactionAction, useReaction } from "./reaction-form";
import { useButtonsHolder } from "./rewritten-markup";

const samePaws = (a: { pwnd: number; ownd: number }, b: { pwnd: number; ownd: number }) =>
  a.pwnd === b.pwnd && a.ownd === b.ownd;

/** What can be pawed (spec §4 realtime: like created/deleted for post, comment, shout, shout_comment). */
export type PawItemType = "post" | "comment" | "shout" | "shout_comment";

interface PawProps {
  itemId: number;
  itemType: PawItemType;
  pwnd: number;
  ownd: number;
  isOwn?: boolean;
  /** The element id the no-JS form returns to (e.g. "comment-12"). */
  anchor?: string;
  size?: "sm" | "md";
}

type PawState = { pwnd: number; ownd: number };

/**
 * Paws of a post, a shout or a comment under either: the up paw, the down paw (only while `is_paw_down_enabled`)
 * and the score `pwnd`; the member's own paw (`ownd`) is highlighted. Each paw is a button of the page's
 * ReactionForm: sent by its sender with JavaScript (useReaction), the plain form without (it comes back to the page,
 * at `anchor`). Guests get the notice 'Войдите на сайт.' (with JavaScript) or the sign-in page (without). The
 * author's own item shows the score only. A post's and a shout's paws: their buttons written as markup
 * (`usePawsMarkup`) in the `.paws` block; a comment's and a post card's are part of the item's markup.
 */
export function PawButton(props: PawProps) {
  const paws = usePawsMarkup(props);
  const holder = useButtonsHolder<HTMLDivElement>(paws.buttons, ".paws", paws.click);
  return <div className={`paws paws-${props.size ?? "md"}`} {...holder} />;
}

/** The shown figures: the loader's (new ones replace them) and paws given elsewhere, through the channel. */
function usePawState(
  { itemId, itemType, pwnd, ownd }: PawProps,
  userId: number | null,
): [PawState, (state: PawState) => void] {
  const [state, setState] = useFollowedState({ pwnd, ownd }, samePaws);
  // The score for everyone, the own paw for the member's other tabs.
  useRealtimeEvent(["like_created", "like_deleted"], (event) => {
    const like = event.obj;
    if (like.item_type !== itemType || like.item_id !== itemId) return;
    setState((s) => ({ pwnd: like.pwnd, ownd: userId !== null && like.user_id === userId ? like.ownd : s.ownd }));
  });
  return [state, setState];
}

/** A guest's paw: the notice instead of the plain form's way to the sign-in page. */
function guestPaw(event: React.MouseEvent, notice: ReturnType<typeof useNotice>) {
  event.preventDefault();
  notice.info(GUEST_NOTICE_TITLE, "Зарегистрируйтесь или войдите на сайт, чтобы ставить лапки.", 5000);
}

/** A member's paws: the figures shown (what a paw on its way will most likely do) and the click that sends one. */
function useMemberPaws(props: PawProps, userId: number) {
  const notice = useNotice();
  const [state, setState] = usePawState(props, userId);
  const { pending, onClick } = useReaction<PawState>((result) => {
    if (result?.ok) {
      setState({ pwnd: result.pwnd, ownd: result.ownd });
      announce(`Счёт лапок: ${result.pwnd}`);
    } else notice.error("Лапка не поставлена.", result?.detail);
  });

  // While a paw is on its way, show what it will most likely do.
  let shown = state;
  if (pending) {
    const want = pending.get("is_negative") === "true" ? -1 : 1;
    const ownNext = state.ownd === want ? 0 : want;
    shown = { pwnd: state.pwnd - state.ownd + ownNext, ownd: ownNext };
  }
  return { shown, disabled: !!props.isOwn || pending !== null, onClick };
}

/**
 * The paws' state and markup: the `.paws` block (`markup`, for an item written as markup: a comment's footer, a
 * post's card) or its buttons and score alone (`buttons`, for <PawButton>), and `click` for the holder's click
 * handler to call with the paw button that was pressed. A guest's and a member's in one hook: the viewer does not
 * change while a page is shown.
 */
export function usePawsMarkup(props: PawProps): {
  markup: Markup;
  buttons: Markup;
  click: (event: React.MouseEvent<HTMLElement>, button: HTMLButtonElement) => void;
} {
  const { user, config } = useRootData();
  const notice = useNotice();
  // A guest's paws are never on their way: the member's state is the guest's (no member's own paw, id 0).
  const { shown, disabled, onClick } = useMemberPaws(props, user?.id ?? 0);
  const buttons = pawButtonsMarkup(props, shown, disabled, config.is_paw_down_enabled);
  return {
    markup: html`<div class="paws paws-${props.size ?? "md"}">${buttons}</div>`,
    buttons,
    click: user ? onClick : (event) => guestPaw(event, notice),
  };
}

function pawLabel(isOwn: boolean, negative: boolean, active: boolean): string {
  if (isOwn) return "Свои записи оценивать нельзя";
  if (negative) return active ? "Убрать лапку вниз" : "Лапка вниз";
  return active ? "Убрать лапку" : "Лапка вверх";
}

function scoreClass(pwnd: number): string {
  return pwnd > 0 ? " is-positive" : pwnd < 0 ? " is-negative" : "";
}

const PAW_ICON = {
  sm: html`<svg width="16" height="16" fill="currentColor" stroke="none" class="icon" aria-hidden="true" focusable="false"><use href="#icon-paw"></use></svg>`,
  md: html`<svg width="18" height="18" fill="currentColor" stroke="none" class="icon" aria-hidden="true" focusable="false"><use href="#icon-paw"></use></svg>`,
};

/** Both paws submit the page's reaction form: the item in the button's action, the direction in its value. */
function pawButtonsMarkup(
  { itemId, itemType, isOwn = false, anchor, size = "md" }: PawProps,
  shown: PawState,
  disabled: boolean,
  downEnabled: boolean,
): Markup {
  const action = reactionAction("paw", itemType, itemId, anchor);
  const paw = (negative: boolean) => {
    const active = shown.ownd === (negative ? -1 : 1);
    const label = pawLabel(isOwn, negative, active);
    return html`<button type="submit" form="${REACTION_FORM_ID}" formAction="${action}" name="is_negative" value="${negative ? "true" : "false"}" class="paw-btn${negative ? " paw-down" : " paw-up"}${active ? " is-active" : ""}" aria-pressed="${active ? "true" : "false"}" aria-label="${label}" title="${label}"${disabled ? html` disabled` : null}>${PAW_ICON[size]}</button>`;
  };
  return html`${paw(false)}<span class="paw-score${scoreClass(shown.pwnd)}" title="Лапки">${shown.pwnd}<span class="visually-hidden"> — счёт лапок</span></span>${downEnabled ? paw(true) : null}`;
}
