import { z } from "zod";

/** Feed inputs: lists (cursor), and an admin's source form. */

export const FEED_PAGE_SIZE = 20;

export const ZFeedList = z.object({
  type: z.enum(["groups", "all"]).default("groups"),
  cursor: z.string().max(100).optional(),
});

const ZHttpUrl = z
  .string()
  .trim()
  .max(2000, "Слишком длинный адрес.")
  .url("Введите адрес целиком, с https://.")
  .refine((v) => /^https?:\/\//i.test(v), "Адрес должен начинаться с http:// или https://.");

/** A source as the admin page edits it. */
export const ZFeedSource = z.object({
  name: z.string().trim().min(1, "Введите название.").max(100, "Название не длиннее 100 символов."),
  url: ZHttpUrl,
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(100, "Домен не длиннее 100 символов.")
    .regex(/^[a-zа-яё0-9.-]+\.[a-zа-яё]{2,}$/u, "Домен вида stopgame.ru, без https:// и пути.")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  icon_url: ZHttpUrl.optional().or(z.literal("").transform(() => undefined)),
  is_enabled: z.boolean().default(true),
  interval_minutes: z.coerce
    .number({ error: "Укажите интервал в минутах." })
    .int("Интервал — целое число минут.")
    .min(5, "Не чаще раза в 5 минут.")
    .max(1440, "Не реже раза в сутки (1440 минут)."),
});
export type TFeedSource = z.infer<typeof ZFeedSource>;
