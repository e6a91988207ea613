import { z } from "zod";

/**
 * The automatic rules (workers/core/medals/medals.rules.ts holds their queries; `secret_santa`'s comes from
 * workers/core/santa/santa.medal.ts: members who sent a gift).
 */
export const MEDAL_RULES = [
  "years_1",
  "years_3",
  "years_5",
  "first_post",
  "posts_100",
  "paws_1000",
  "supporter",
  "secret_santa",
] as const;
export type MedalRule = (typeof MEDAL_RULES)[number];

export const MEDAL_RULE_LABELS: Record<MedalRule, string> = {
  years_1: "Год на сайте",
  years_3: "Три года на сайте",
  years_5: "Пять лет на сайте",
  first_post: "Первая опубликованная статья",
  posts_100: "Сто опубликованных статей",
  paws_1000: "Тысяча полученных лапок",
  supporter: "Поддержал(а) проект",
  secret_santa: "Участник «Тайного Санты»: отправил(а) подарок",
};

/** Picture variants (square WebP): the list shows 48 px, the medal's card 96 px (twice for sharp screens). */
export const MEDAL_SIZES = { small: 96, big: 192 } as const;

export const ZMedal = z
  .object({
    name: z.string().trim().min(1, "Назовите медаль.").max(60, "Название не длиннее 60 символов."),
    description: z.string().trim().max(300, "Описание не длиннее 300 символов.").default(""),
    is_automatic: z.boolean().default(false),
    /** The rule of an automatic medal; empty for a medal admins award by hand. */
    rule: z.union([z.enum(MEDAL_RULES, { message: "Выберите правило из списка." }), z.literal("")]).default(""),
  })
  .superRefine((medal, ctx) => {
    if (medal.is_automatic && !medal.rule) {
      ctx.addIssue({ code: "custom", path: ["rule"], message: "Автоматической медали нужно правило." });
    }
  });
export type TMedal = z.output<typeof ZMedal>;

/** Awarding a medal: the member (id, or their name on the site) and the admin's note. */
export const ZAward = z
  .object({
    user_id: z.number().int().positive().optional(),
    username: z.string().trim().max(32, "Имя участника не длиннее 32 символов.").default(""),
    note: z.string().trim().max(300, "Примечание не длиннее 300 символов.").default(""),
  })
  .superRefine((award, ctx) => {
    if (!award.user_id && !award.username) {
      ctx.addIssue({ code: "custom", path: ["username"], message: "Укажите участника." });
    }
  });
