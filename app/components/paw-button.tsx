import { useFollowedState } from "#app/lib/hooks";
import { useRootData } from "#app/lib/root-data";
import { useRealtimeEvent } from "#app/realtime/provider";
import { announce } from "./announcer";
import { IconPaw } from "./icons";
import { useNotice } from "./notices";
import { GUEST_NOTICE_TITLE, REACTION_FORM_ID, reactionAction, useReaction } from "./reaction-form";

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
 * author's own item shows the score only.
 */
export function PawButton(props: PawProps) {
  const { user } = useRootData();
  // A guest's paws show the score and tell them to sign in: no fetcher and none of its effects (a hundred of them
  // on a discussion, all mounted at hydration).
  return user ? <MemberPaws {...props} userId={user.id} /> : <GuestPaws {...props} />;
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

function GuestPaws(props: PawProps) {
  const notice = useNotice();
  const { config } = useRootData();
  const [state] = usePawState(props, null);
  const onClick = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    notice.info(GUEST_NOTICE_TITLE, "Зарегистрируйтесь или войдите на сайт, чтобы ставить лапки.", 5000);
  };
  return pawsView(props, state, !!props.isOwn, onClick, config.is_paw_down_enabled);
}

function MemberPaws(props: PawProps & { userId: number }) {
  const { config } = useRootData();
  const notice = useNotice();
  const [state, setState] = usePawState(props, props.userId);
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
  return pawsView(props, shown, !!props.isOwn || pending !== null, onClick, config.is_paw_down_enabled);
}

/** Both paws submit the page's reaction form: the item in the button's action, the direction in its value. */
function pawsView(
  { itemId, itemType, isOwn = false, anchor, size = "md" }: PawProps,
  shown: PawState,
  disabled: boolean,
  onClick: (event: React.MouseEvent<HTMLButtonElement>) => void,
  downEnabled: boolean,
) {
  const scoreClass = shown.pwnd > 0 ? " is-positive" : shown.pwnd < 0 ? " is-negative" : "";

  const action = reactionAction("paw", itemType, itemId, anchor);

  const paw = (negative: boolean) => {
    const active = shown.ownd === (negative ? -1 : 1);
    const label = isOwn
      ? "Свои записи оценивать нельзя"
      : negative
        ? active
          ? "Убрать лапку вниз"
          : "Лапка вниз"
        : active
          ? "Убрать лапку"
          : "Лапка вверх";
    return (
      <button
        type="submit"
        form={REACTION_FORM_ID}
        formAction={action}
        name="is_negative"
        value={negative ? "true" : "false"}
        className={`paw-btn${negative ? " paw-down" : " paw-up"}${active ? " is-active" : ""}`}
        aria-pressed={active}
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={onClick}
      >
        <IconPaw size={size === "sm" ? 16 : 18} />
      </button>
    );
  };

  return (
    <div className={`paws paws-${size}`}>
      {paw(false)}
      <span className={`paw-score${scoreClass}`} title="Лапки">
        {shown.pwnd}
        <span className="visually-hidden"> — счёт лапок</span>
      </span>
      {downEnabled ? paw(true) : null}
    </div>
  );
}
