/**
 * Account constants without zod, safe for the browser bundle (the settings and sign-up pages import these). What
 * every page's shell needs of an account is in appearance.constants.ts, so that these stay out of its chunk.
 */

/** Every member settings flag (spec §3 Current user), its default and its label in the settings form. */
export const SETTINGS = {
  is_hidden_media_enabled: { default: false, label: "Прятать картинки и видео в записках под спойлер" },
  is_shouts_public: { default: true, label: "Показывать мои записки гостям" },
  is_shouts_expanded: { default: false, label: "Показывать записки развёрнутыми" },
  is_role_mention_enabled: { default: true, label: "Уведомлять об упоминаниях моих ролей" },
  is_beta_enabled: { default: false, label: "Пробовать новые функции до их выхода" },
  is_endless_enabled: { default: true, label: "Бесконечная прокрутка списков" },
  is_winter_effects_enabled: { default: true, label: "Погодные эффекты: снег зимой, дождь осенью" },
  is_shouts_views_enabled: { default: true, label: "Показывать число просмотров записок" },
  is_notifications_enabled: { default: true, label: "Получать уведомления" },
  is_notifications_pinned: { default: false, label: "Закрепить панель уведомлений" },
  is_twitch_activity_enabled: { default: false, label: "Показывать мои трансляции Twitch в активности" },
  is_spotify_enabled: { default: false, label: "Показывать, что я слушаю в Spotify" },
  is_recap_hidden: { default: false, label: "Не показывать меня в итогах года" },
} as const;
export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export type Settings = Record<SettingKey, boolean>;

export function withSettingDefaults(stored: Partial<Record<string, unknown>> | null | undefined): Settings {
  const out = {} as Settings;
  for (const key of SETTING_KEYS) {
    const value = stored?.[key];
    out[key] = typeof value === "boolean" ? value : SETTINGS[key].default;
  }
  return out;
}

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** How long a new invitation code stays valid, as the member picks it in settings. */
export const INVITATION_DAYS = [1, 7, 30] as const;
export const INVITATION_QUOTA = 5;
