/** Sign-in providers and their names (client-safe: the sign-in page and settings show them). */
export const PROVIDER_TITLES = {
  vk: "VK ID",
  yandex: "Яндекс ID",
  google: "Google",
  twitch: "Twitch",
  discord: "Discord",
  steam: "Steam",
} as const;
export type ProviderSlug = keyof typeof PROVIDER_TITLES;

export function isProviderSlug(value: string): value is ProviderSlug {
  return Object.hasOwn(PROVIDER_TITLES, value);
}

/**
 * The `ecode` outcomes of a social sign-in (spec §8), read by the client from the URL it returns to and removed
 * from it (app/components/ecode-notice.tsx).
 */
export const ECODES = {
  canceled: { type: "info", title: "Вход отменен пользователем.", text: "", duration: 5000 },
  internal: { type: "error", title: "Что-то пошло не так.", text: "", duration: 5000 },
  associated: {
    type: "error",
    title: "Невозможно использовать аккаунт.",
    text: "Он уже связан с другим участником сайта.",
    duration: 5000,
  },
  notallowed: { type: "error", title: "Регистрация закрыта.", text: "", duration: 10_000 },
  unknown: { type: "error", title: "Что-то пошло не так.", text: "Обратитесь к администрации сайта.", duration: 5000 },
  email: {
    type: "success",
    title: "Активация аккаунта.",
    text: "Мы отправили вам письмо: откройте ссылку из него, чтобы активировать аккаунт.",
    duration: -1,
  },
} as const;
export type Ecode = keyof typeof ECODES;

export function isEcode(value: string | null): value is Ecode {
  return !!value && Object.hasOwn(ECODES, value);
}
