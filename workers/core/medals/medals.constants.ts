/** Medal rules, their labels and picture sizes: client-safe, no zod (pages import them; docs/decisions/0028). */

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
