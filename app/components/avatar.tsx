import { type RefObject, useEffect } from "react";
import { html, type Markup } from "#app/lib/html";
import { useFollowsPresence, useIsOnline, usePresenceStore } from "#app/realtime/provider";
import { DEFAULT_AVATAR } from "#workers/core/accounts/appearance.constants";
import { ICON_SHAPES_URL, IconCoin } from "./icons";

const SUPPORTER = "Поддерживает проект";

export type AvatarSize = 20 | 40 | 80;

/** Spec §9: online dot size for each avatar size. */
const DOT_SIZE: Record<AvatarSize, number> = { 80: 20, 40: 12, 20: 10 };
/** Spec §1: the supporter coin on every avatar, the 20 px ones included. */
const COIN_SIZE: Record<AvatarSize, number> = { 80: 24, 40: 16, 20: 11 };

export interface AvatarUser {
  /** With an id the online dot follows the channel's presence by itself. */
  id?: number;
  username: string;
  avatar: { tiny: string; small: string; big: string };
  is_supporter?: boolean;
}

function srcFor(user: AvatarUser, size: AvatarSize): string {
  const src = size === 80 ? user.avatar.big : size === 40 ? user.avatar.small : user.avatar.tiny;
  return src || DEFAULT_AVATAR;
}

/**
 * A round user avatar (20, 40 or 80 px) with the online dot (spec §4 "Online": shown only to signed-in viewers,
 * sizes 80→20, 40→12, 20→10) and the supporter coin. `decorative` where the name is written beside it: the
 * picture then has no text of its own (a screen reader would say the name twice).
 */
export function Avatar({
  user,
  size = 40,
  online = false,
  decorative = false,
  className,
}: {
  user: AvatarUser;
  size?: AvatarSize;
  online?: boolean;
  decorative?: boolean;
  className?: string;
}) {
  const dot = DOT_SIZE[size];
  // Only a member's avatars follow presence, each in a component of its own: a guest's page (a hundred avatars on
  // a discussion) mounts no subscription at all. The server renders no dot (nobody is online before the channel
  // says so), and hydration's first render has none either.
  const followsPresence = useFollowsPresence() && !import.meta.env.SSR;
  return (
    <span className={`avatar avatar-${size}${className ? ` ${className}` : ""}`}>
      <img
        className="avatar-img"
        src={srcFor(user, size)}
        alt={decorative ? "" : user.username}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
      {online ? (
        <OnlineDot size={dot} />
      ) : followsPresence && user.id !== undefined ? (
        <PresenceDot userId={user.id} size={dot} />
      ) : null}
      {user.is_supporter ? (
        <span className="avatar-coin" title={SUPPORTER}>
          <IconCoin size={COIN_SIZE[size]} title={SUPPORTER} />
        </span>
      ) : null}
    </span>
  );
}

/** The supporter coin as <IconCoin title> draws it, for avatars written as markup. */
const COIN_MARKUP = (size: number) =>
  html`<span class="avatar-coin" title="${SUPPORTER}"><svg width="${size}" height="${size}" fill="currentColor" stroke="none" class="icon" role="img" focusable="false"><title>${SUPPORTER}</title><use href="${ICON_SHAPES_URL}#coin"></use></svg></span>`;

/**
 * A decorative avatar (the name is written beside it) as markup (app/lib/html.ts), for comments' heads: the same
 * element as <Avatar decorative>. Its online dot is drawn by useMarkupPresence (from `data-presence`).
 */
export function avatarMarkup(user: AvatarUser & { id: number }, size: AvatarSize): Markup {
  return html`<span class="avatar avatar-${size}" data-presence="${user.id}"><img class="avatar-img" src="${srcFor(user, size)}" alt="" width="${size}" height="${size}" loading="lazy" decoding="async">${user.is_supporter ? COIN_MARKUP(COIN_SIZE[size]) : null}</span>`;
}

/**
 * The online dots of the avatars written as markup inside `root` (avatarMarkup), for a member viewer: drawn when
 * who is online changes, and again whenever `version` does (the holder rendered: markup may have been rewritten).
 * One subscription for all of them, where <Avatar> has one each.
 */
export function useMarkupPresence(root: RefObject<HTMLElement | null>, version: unknown): void {
  const store = usePresenceStore();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is what says the markup may have changed
  useEffect(() => {
    const element = root.current;
    if (!store || !element) return;
    const paint = () => paintPresence(element, store);
    paint();
    const unsubscribe = store.subscribe(paint);
    return () => {
      unsubscribe();
    };
  }, [store, root, version]);
}

/** Draws or removes the online dots of the markup avatars inside `element` (useMarkupPresence's root, or a part of it). */
export function paintPresence(element: HTMLElement, store: { has(id: number): boolean }): void {
  for (const avatar of element.querySelectorAll<HTMLElement>("[data-presence]")) {
    const online = store.has(Number(avatar.dataset.presence));
    const dot = avatar.querySelector(":scope > .avatar-online");
    if (!online) dot?.remove();
    else if (!dot) avatar.insertBefore(onlineDotElement(avatar), avatar.querySelector("img")?.nextSibling ?? null);
  }
}

/** <OnlineDot> as an element, sized for its avatar. */
function onlineDotElement(avatar: HTMLElement): HTMLElement {
  const width = Number(avatar.querySelector("img")?.getAttribute("width"));
  const size = DOT_SIZE[width as AvatarSize] ?? DOT_SIZE[20];
  const dot = document.createElement("span");
  dot.className = "avatar-online";
  dot.style.width = dot.style.height = `${size}px`;
  dot.title = ONLINE;
  const text = document.createElement("span");
  text.className = "visually-hidden";
  text.textContent = ONLINE;
  dot.appendChild(text);
  return dot;
}

const ONLINE = "В сети";

function OnlineDot({ size }: { size: number }) {
  return (
    <span className="avatar-online" style={{ width: size, height: size }} title={ONLINE}>
      <span className="visually-hidden">{ONLINE}</span>
    </span>
  );
}

/** The dot while this member is online, following the channel's presence. */
function PresenceDot({ userId, size }: { userId: number; size: number }) {
  return useIsOnline(userId) ? <OnlineDot size={size} /> : null;
}
