import { z } from "zod";

/** Universal (client-safe) schemas for accounts: one schema serves a form and its action. */

export const THEMES = ["lightside", "darkside", "halloween", "winter", "darkorange", "grayscale"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "darkorange";
export const ZTheme = z.enum(THEMES, { error: "Такой темы нет." });

export const THEME_TITLES: Record<Theme, string> = {
  lightside: "Светлая сторона",
  darkside: "Тёмная сторона",
  halloween: "Хэллоуин",
  winter: "Зима",
  darkorange: "Тёмно-оранжевая",
  grayscale: "Оттенки серого",
};

/** Every member settings flag (spec §3 Current user), its default and its label in the settings form. */
export const SETTINGS = {
  is_hidden_media_enabled: { default: false, label: "Прятать картинки и видео в записках под спойлер" },
  is_shouts_public: { default: true, label: "Показывать мои записки гостям" },
  is_shouts_expanded: { default: false, label: "Показывать записки развёрнутыми" },
  is_role_mention_enabled: { default: true, label: "Уведомлять об упоминаниях моих ролей" },
  is_beta_enabled: { default: false, label: "Пробовать новые функции до их выхода" },
  is_endless_enabled: { default: true, label: "Бесконечная прокрутка списков" },
  is_winter_effects_enabled: { default: true, label: "Зимние эффекты (снег)" },
  is_shouts_views_enabled: { default: true, label: "Показывать число просмотров записок" },
  is_notifications_enabled: { default: true, label: "Получать уведомления" },
  is_notifications_pinned: { default: false, label: "Закрепить панель уведомлений" },
  is_twitch_activity_enabled: { default: false, label: "Показывать мои трансляции Twitch в активности" },
  is_spotify_enabled: { default: false, label: "Показывать, что я слушаю в Spotify" },
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

export const ZUsername = z
  .string({ error: "Укажите имя пользователя." })
  .trim()
  .min(USERNAME_MIN, `Имя пользователя должно быть не короче ${USERNAME_MIN} символов.`)
  .max(USERNAME_MAX, `Имя пользователя должно быть не длиннее ${USERNAME_MAX} символов.`)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u,
    "Имя может состоять из букв, цифр и знаков «_», «-», «.» и должно начинаться с буквы или цифры.",
  );

export const ZEmail = z
  .string({ error: "Укажите адрес электронной почты." })
  .trim()
  .min(1, "Укажите адрес электронной почты.")
  .max(254, "Слишком длинный адрес электронной почты.")
  .pipe(z.email("Введите правильный адрес электронной почты."));

/** Length only; the common-password check runs on the server (its list is large). */
export const ZNewPassword = z
  .string({ error: "Введите пароль." })
  .min(PASSWORD_MIN, `Пароль должен быть не короче ${PASSWORD_MIN} символов.`)
  .max(PASSWORD_MAX, `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.`);

export const ZSignUp = z.object({
  username: ZUsername,
  email: ZEmail,
  password: ZNewPassword,
  data: z
    .object({ code: z.string().trim().max(64, "Неверный код приглашения.").optional() })
    .optional()
    .default({}),
});
export type TSignUp = z.infer<typeof ZSignUp>;

export const ZSignIn = z.object({
  username: z.string({ error: "Введите имя пользователя или e-mail." }).trim().min(1, "Введите имя пользователя или e-mail.").max(254, "Слишком длинное имя."),
  password: z.string({ error: "Введите пароль." }).min(1, "Введите пароль.").max(PASSWORD_MAX, "Неверное имя пользователя или пароль."),
});
export type TSignIn = z.infer<typeof ZSignIn>;

export const ZResetRequest = z.object({ email: ZEmail });
export const ZSetPassword = z.object({ password: ZNewPassword });

export const ZRename = z.object({ username: ZUsername });

export const ZProfileUpdate = z
  .object({
    theme: ZTheme.optional(),
    settings: z.object(Object.fromEntries(SETTING_KEYS.map((k) => [k, z.boolean().optional()]))).strict().optional(),
  })
  .strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** How long a new invitation code stays valid, as the member picks it in settings. */
export const INVITATION_DAYS = [1, 7, 30] as const;
export const INVITATION_QUOTA = 5;
export const ZInvitationCreate = z.object({
  // A number, or its digits as a form sends them; nothing else is coerced (`[7]` or `true` is a wrong type).
  days: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "Выберите срок действия." })
      .refine((d) => (INVITATION_DAYS as readonly number[]).includes(d), "Выберите срок действия: 1, 7 или 30 дней."),
  ),
});
