import { z } from "zod";

/** Site flags (spec §3 Config) and their defaults. */
export const FLAG_DEFAULTS = {
  is_sign_up_invitation_only: false,
  is_paw_down_enabled: false,
  is_paw_view_enabled: false,
  is_one_hour_edit_enabled: true,
} as const;
export type FlagKey = keyof typeof FLAG_DEFAULTS;
export const FLAG_KEYS = Object.keys(FLAG_DEFAULTS) as FlagKey[];
export type Flags = Record<FlagKey, boolean>;

export const FLAG_LABELS: Record<FlagKey, string> = {
  is_sign_up_invitation_only: "Регистрация только по приглашениям",
  is_paw_down_enabled: "Разрешить лапки вниз",
  is_paw_view_enabled: "Показывать, кто поставил лапку",
  is_one_hour_edit_enabled: "Автор может править публикацию только в течение часа",
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
    site_name: z.string().trim().min(1, "Укажите название сайта.").max(60, "Название не длиннее 60 символов.").optional(),
    ...Object.fromEntries(FLAG_KEYS.map((k) => [k, z.boolean().optional()])),
  })
  .strict();
