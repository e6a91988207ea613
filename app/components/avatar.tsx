import { useFollowsPresence, useIsOnline } from "#app/realtime/provider";
import { DEFAULT_AVATAR } from "#workers/core/accounts/appearance.constants";
import { IconCoin } from "./icons";

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
        <span className="avatar-coin" title="Поддерживает проект">
          <IconCoin size={COIN_SIZE[size]} title="Поддерживает проект" />
        </span>
      ) : null}
    </span>
  );
}

function OnlineDot({ size }: { size: number }) {
  return (
    <span className="avatar-online" style={{ width: size, height: size }} title="В сети">
      <span className="visually-hidden">В сети</span>
    </span>
  );
}

/** The dot while this member is online, following the channel's presence. */
function PresenceDot({ userId, size }: { userId: number; size: number }) {
  return useIsOnline(userId) ? <OnlineDot size={size} /> : null;
}
