import { z } from "zod";

/** Spec §2: search types, in this order. */
export const SEARCH_TYPES = [
  { value: "post", title: "Статьи" },
  { value: "shout", title: "Записки" },
  { value: "comment", title: "Комментарии" },
  { value: "user", title: "Пользователи" },
  { value: "tag", title: "Теги" },
  { value: "news", title: "Лента" },
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number]["value"];
const TYPE_VALUES = SEARCH_TYPES.map((t) => t.value) as [SearchType, ...SearchType[]];

/** Spec §5: user and tag need 1 character, the other types 2. */
export function searchMinLength(type: SearchType): number {
  return type === "user" || type === "tag" ? 1 : 2;
}

export const ZSearch = z
  .object({
    type: z.enum(TYPE_VALUES, { error: "Выберите, что искать." }).default("post"),
    q: z.string().trim().max(100, "Слишком длинный запрос: не больше 100 символов.").default(""),
  })
  .superRefine((v, ctx) => {
    const min = searchMinLength(v.type);
    if (v.q.length > 0 && v.q.length < min) {
      ctx.addIssue({ code: "custom", path: ["q"], message: `Введите хотя бы ${min === 1 ? "1 символ" : `${min} символа`}.` });
    }
  });
export type TSearch = z.infer<typeof ZSearch>;
