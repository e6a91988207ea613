import type { UserRow } from "#drizzle/schema";
import { isSanctioned } from "#workers/core/moderation/sanctions.constants";
import { AVATAR_SIZES, mediaUrl } from "#workers/core/shared/media";
import { type Settings, withSettingDefaults } from "./accounts.constants";
import { DEFAULT_AVATAR, THEMES, type Theme } from "./appearance.constants";
import type { PublicUserRow } from "./public-users";

export interface AvatarUrls {
  tiny: string;
  small: string;
  big: string;
}

/**
 * Every member without a picture of their own shares this one object. React Router's encoder writes an object once
 * and refers to it after (it dedupes by identity): a page of a hundred comments by such members carries it once.
 */
const DEFAULT_AVATAR_URLS: AvatarUrls = Object.freeze({
  tiny: DEFAULT_AVATAR,
  small: DEFAULT_AVATAR,
  big: DEFAULT_AVATAR,
});

export function avatarUrls(user: Pick<UserRow, "avatarKey">): AvatarUrls {
  if (!user.avatarKey) return DEFAULT_AVATAR_URLS;
  const key = user.avatarKey;
  return {
    tiny: mediaUrl(`${key}-${AVATAR_SIZES.tiny}.webp`),
    small: mediaUrl(`${key}-${AVATAR_SIZES.small}.webp`),
    big: mediaUrl(`${key}-${AVATAR_SIZES.big}.webp`),
  };
}

export function backgroundUrl(user: Pick<UserRow, "backgroundKey">): string | null {
  return user.backgroundKey ? mediaUrl(`${user.backgroundKey}.webp`) : null;
}

/** Spec §3 "Current user". */
export interface CurrentUser {
  id: number;
  username: string;
  isAuthenticated: true;
  avatar: AvatarUrls;
  background_url: string | null;
  theme: Theme;
  /** The provider accounts the member signs in with (workers/core/social/auth-accounts.ts). */
  auth_accounts: unknown[];
  roles: string[];
  is_admin: boolean;
  is_mod: boolean;
  is_db_editor: boolean;
  is_banned: boolean;
  is_fp_required: boolean;
  is_supporter: boolean;
  /** False until the member opens the e-mailed activation link (docs/decisions/0029); such members cannot write. */
  is_activated: boolean;
  email: string;
  datetime_created: string;
  settings: Settings;
}

export function serializeCurrentUser(user: UserRow, extras: { auth_accounts?: unknown[] } = {}): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    isAuthenticated: true,
    avatar: avatarUrls(user),
    background_url: backgroundUrl(user),
    theme: (THEMES as readonly string[]).includes(user.theme) ? (user.theme as Theme) : "darkorange",
    auth_accounts: extras.auth_accounts ?? [],
    roles: user.roles ?? [],
    is_admin: user.isAdmin,
    is_mod: user.isMod,
    is_db_editor: user.isDbEditor,
    // Any active ban or block (a block ends by its time: decision 0024).
    is_banned: isSanctioned(user, new Date()),
    is_fp_required: user.isFpRequired,
    is_supporter: user.isSupporter,
    is_activated: user.isActivated,
    email: user.email,
    datetime_created: user.createdAt.toISOString(),
    settings: withSettingDefaults(user.settings),
  };
}

/** Spec §3 "User (public)". */
export interface PublicUser {
  id: number;
  username: string;
  avatar: AvatarUrls;
  background_url: string | null;
  is_supporter: boolean;
  is_mod: boolean;
  datetime_last_seen: string | null;
  datetime_created: string;
  /** Gaming accounts (workers/core/social/social-accounts.ts publicSocialAccounts); filled where a profile is shown. */
  social_accounts: unknown[];
}

/** Shared by every public shape without gaming accounts (see DEFAULT_AVATAR_URLS). */
const NO_SOCIAL_ACCOUNTS = Object.freeze([]) as unknown as PublicUser["social_accounts"];

/** One shape per row object: a page's many comments by one author share it (and its avatar URLs). */
const publicUsers = new WeakMap<PublicUserRow, PublicUser>();

/**
 * A member as others see them. The same row gives the same frozen object, so React Router's hydration data writes
 * an author once and refers to it from each further comment or card (its encoder dedupes by identity).
 */
export function serializePublicUser(user: PublicUserRow): PublicUser {
  const known = publicUsers.get(user);
  if (known) return known;
  const shape: PublicUser = Object.freeze({
    id: user.id,
    username: user.username,
    avatar: Object.freeze(avatarUrls(user)),
    background_url: backgroundUrl(user),
    is_supporter: user.isSupporter,
    is_mod: user.isMod,
    datetime_last_seen: (user.lastSeenAt ?? user.createdAt).toISOString(),
    datetime_created: user.createdAt.toISOString(),
    social_accounts: NO_SOCIAL_ACCOUNTS,
  });
  publicUsers.set(user, shape);
  return shape;
}
