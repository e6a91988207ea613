import { useIsOnline } from "#app/realtime/provider";
import { DEFAULT_AVATAR } from "#workers/core/accounts/accounts.constants";
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
  const isOnlineNow = useIsOnline(user.id);
  const isOnline = online || isOnlineNow;
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
      {isOnline ? (
        <span className="avatar-online" style={{ width: dot, height: dot }} title="В сети">
          <span className="visually-hidden">В сети</span>
        </span>
      ) : null}
      {user.is_supporter ? (
        <span className="avatar-coin" title="Поддерживает проект">
          <IconCoin size={COIN_SIZE[size]} title="Поддерживает проект" />
        </span>
      ) : null}
    </span>
  );
}
