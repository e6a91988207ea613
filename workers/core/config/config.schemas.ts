import { z } from "zod";

/** Site flags (spec §3 Config) and their defaults. */
export const FLAG_DEFAULTS = {
  is_sign_up_invitation_only: false,
  is_paw_down_enabled: false,
  is_paw_view_enabled: false,
  is_one_hour_edit_enabled: true,
  /** New members confirm their e-mail by a mailed link before they can write (docs/decisions/0029). */
  is_email_activation_required: false,
} as const;
export type FlagKey = keyof typeof FLAG_DEFAULTS;
export const FLAG_KEYS = Object.keys(FLAG_DEFAULTS) as FlagKey[];
export type Flags = Record<FlagKey, boolean>;

export const FLAG_LABELS: Record<FlagKey, string> = {
  is_sign_up_invitation_only: "Регистрация только по приглашениям",
  is_paw_down_enabled: "Разрешить лапки вниз",
  is_paw_view_enabled: "Показывать, кто поставил лапку",
  is_one_hour_edit_enabled: "Автор может править публикацию только в течение часа",
  is_email_activation_required: "Новые участники подтверждают почту по ссылке из письма, прежде чем писать",
};

/**
 * New-member limits (like Discourse's first-day caps; workers/core/moderation/limits.ts): during the first
 * `new_member_days` days a member writes at most `new_member_daily_limit` posts, shouts and comments in 24 hours,
 * at least `new_member_interval_seconds` apart. 0 days (the default) switches the limits off; decision 0024
 * suggests 3 days, 20 a day, 30 s apart.
 */
export const LIMIT_DEFAULTS = {
  new_member_days: 0,
  new_member_daily_limit: 20,
  new_member_interval_seconds: 30,
} as const;
export type LimitKey = keyof typeof LIMIT_DEFAULTS;
export const LIMIT_KEYS = Object.keys(LIMIT_DEFAULTS) as LimitKey[];
export type Limits = Record<LimitKey, number>;
export const LIMIT_MAX: Limits = {
  new_member_days: 365,
  new_member_daily_limit: 1000,
  new_member_interval_seconds: 3600,
};
export const LIMIT_LABELS: Record<LimitKey, string> = {
  new_member_days: "Сколько дней участник считается новым (0 — без ограничений)",
  new_member_daily_limit: "Сколько публикаций, записок и комментариев новый участник может написать за сутки",
  new_member_interval_seconds: "Сколько секунд новый участник ждёт между сообщениями",
};

export const ICON_TYPES = ["fas", "far", "fab", "emoji"] as const;

/** A menu item with every field of the config form (spec §3 Menu item). */
export const ZMenuItem = z.object({
  title: z.string().trim().min(1, "Укажите название пункта.").max(40, "Название не длиннее 40 символов."),
  url: z
    .string()
    .trim()
    .min(1, "Укажите адрес.")
    .max(500, "Слишком длинный адрес.")
    .refine((u) => u.startsWith("/") || /^https?:\/\//.test(u), "Адрес должен начинаться с «/» или «http(s)://»."),
  is_external: z.boolean().default(false),
  is_disabled: z.boolean().default(false),
  is_special: z.boolean().default(false),
  is_desktop: z.boolean().default(true),
  is_toolbar: z.boolean().default(false),
  is_toolbar_more: z.boolean().default(false),
  is_mobile: z.boolean().default(true),
  is_footer: z.boolean().default(false),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "Цвет в формате #RRGGBB.")
    .nullable()
    .default(null),
  icon_style: z
    .object({ type: z.enum(ICON_TYPES), icon: z.string().trim().min(1).max(40) })
    .nullable()
    .default(null),
});
export type TMenuItem = z.output<typeof ZMenuItem>;

export const ZMenuReplace = z.object({ menu_items: z.array(ZMenuItem).max(50, "Не больше 50 пунктов меню.") });

export const ZConfigUpdate = z
  .object({
    site_name: z
      .string()
      .trim()
      .min(1, "Укажите название сайта.")
      .max(60, "Название не длиннее 60 символов.")
      .optional(),
    ...Object.fromEntries(FLAG_KEYS.map((k) => [k, z.boolean().optional()])),
    ...Object.fromEntries(
      LIMIT_KEYS.map((k) => [
        k,
        z
          .number()
          .int("Целое число.")
          .min(0, "Не меньше 0.")
          .max(LIMIT_MAX[k], `Не больше ${LIMIT_MAX[k]}.`)
          .optional(),
      ]),
    ),
  })
  .strict();
