/**
 * The gaming accounts a member can show on the profile (spec §3 Social account; GET /v1/social-account/schemas/).
 * Client-safe: the settings form validates with the same patterns. `url` is the link pattern (`{uid}` replaced by
 * the account's id) for the services whose ids make a link; the others get a copy button on the profile.
 */
export interface SocialSchema {
  id: string;
  title: string;
  /** A short mark shown on the badge. */
  icon: string;
  background: string;
  /** What the member types, as the settings form says it. */
  hint: string;
  pattern: RegExp;
  url: string | null;
}

export const SOCIAL_SCHEMAS: readonly SocialSchema[] = [
  {
    id: "steam",
    title: "Steam",
    icon: "ST",
    background: "#171a21",
    hint: "Имя из адреса профиля (steamcommunity.com/id/…) или SteamID64 из 17 цифр",
    pattern: /^(?:\d{17}|[A-Za-z0-9_-]{2,32})$/,
    url: "https://steamcommunity.com/id/{uid}",
  },
  {
    id: "psn",
    title: "PlayStation Network",
    icon: "PS",
    background: "#003791",
    hint: "Online ID: 3–16 латинских букв, цифр, «-» или «_»",
    pattern: /^[A-Za-z][A-Za-z0-9_-]{2,15}$/,
    url: null,
  },
  {
    id: "xbox",
    title: "Xbox",
    icon: "XB",
    background: "#107c10",
    hint: "Gamertag: до 15 латинских букв, цифр и пробелов",
    pattern: /^[A-Za-z][A-Za-z0-9 ]{0,14}$/,
    url: "https://account.xbox.com/profile?gamertag={uid}",
  },
  {
    id: "nintendo",
    title: "Nintendo",
    icon: "NS",
    background: "#e60012",
    hint: "Код друга: SW-1234-5678-9012",
    pattern: /^SW-\d{4}-\d{4}-\d{4}$/,
    url: null,
  },
  {
    id: "battlenet",
    title: "Battle.net",
    icon: "BN",
    background: "#0b6fd6",
    hint: "BattleTag: Имя#1234",
    pattern: /^[\p{L}][\p{L}\p{N}]{2,11}#\d{4,6}$/u,
    url: null,
  },
  {
    id: "epic",
    title: "Epic Games",
    icon: "EG",
    background: "#313131",
    hint: "Отображаемое имя: 3–16 символов",
    pattern: /^[\p{L}\p{N}][\p{L}\p{N} ._-]{2,15}$/u,
    url: null,
  },
  {
    id: "ea",
    title: "EA",
    icon: "EA",
    background: "#d42c2c",
    hint: "EA ID: 4–16 латинских букв, цифр, «-», «_» или «.»",
    pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]{3,15}$/,
    url: null,
  },
  {
    id: "ubisoft",
    title: "Ubisoft",
    icon: "UB",
    background: "#0061e0",
    hint: "Имя пользователя Ubisoft: 3–15 латинских букв, цифр, «-», «_» или «.»",
    pattern: /^[A-Za-z][A-Za-z0-9_.-]{2,14}$/,
    url: null,
  },
  {
    id: "gog",
    title: "GOG",
    icon: "GOG",
    background: "#86328a",
    hint: "Имя пользователя GOG: 3–20 латинских букв и цифр",
    pattern: /^[A-Za-z0-9_]{3,20}$/,
    url: "https://www.gog.com/u/{uid}",
  },
  {
    id: "twitch",
    title: "Twitch",
    icon: "TW",
    background: "#9146ff",
    hint: "Логин канала: 4–25 латинских букв, цифр или «_»",
    pattern: /^[A-Za-z0-9][A-Za-z0-9_]{3,24}$/,
    url: "https://www.twitch.tv/{uid}",
  },
  {
    id: "youtube",
    title: "YouTube",
    icon: "YT",
    background: "#cc0000",
    hint: "Имя канала после @: 3–30 латинских букв, цифр, «-», «_» или «.»",
    pattern: /^[A-Za-z0-9_.-]{3,30}$/,
    url: "https://www.youtube.com/@{uid}",
  },
  {
    id: "telegram",
    title: "Telegram",
    icon: "TG",
    background: "#177ab3",
    hint: "Имя пользователя без @: 5–32 латинских букв, цифр или «_»",
    pattern: /^[A-Za-z][A-Za-z0-9_]{4,31}$/,
    url: "https://t.me/{uid}",
  },
  {
    id: "vk",
    title: "VK",
    icon: "VK",
    background: "#0062d6",
    hint: "Короткое имя страницы (vk.com/…): 2–32 латинских букв, цифр, «_» или «.»",
    pattern: /^[A-Za-z0-9][A-Za-z0-9_.]{1,31}$/,
    url: "https://vk.com/{uid}",
  },
  {
    id: "discord",
    title: "Discord",
    icon: "DS",
    background: "#5865f2",
    hint: "Имя пользователя: 2–32 строчных латинских букв, цифр, «_» или «.»",
    pattern: /^[a-z0-9_.]{2,32}$/,
    url: null,
  },
];

export function socialSchema(id: string): SocialSchema | undefined {
  return SOCIAL_SCHEMAS.find((schema) => schema.id === id);
}

/** What members type is tidied first: spaces around, a leading «@», a pasted profile address. */
export function tidySocialUid(schema: SocialSchema, value: string): string {
  let uid = value.trim();
  if (schema.id === "youtube" || schema.id === "telegram") uid = uid.replace(/^@/, "");
  return uid;
}

/** The account's link, or null for services whose ids make none. */
export function socialUrl(schema: SocialSchema, uid: string): string | null {
  if (!schema.url) return null;
  if (schema.id === "steam") {
    return `https://steamcommunity.com/${/^\d{17}$/.test(uid) ? "profiles" : "id"}/${encodeURIComponent(uid)}`;
  }
  return schema.url.replace("{uid}", encodeURIComponent(uid));
}
