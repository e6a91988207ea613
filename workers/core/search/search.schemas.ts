import { z } from "zod";
import { SEARCH_TYPES, type SearchType, searchMinLength } from "./search.constants";

export * from "./search.constants";

const TYPE_VALUES = SEARCH_TYPES.map((t) => t.value) as [SearchType, ...SearchType[]];

export const ZSearch = z
  .object({
    type: z.enum(TYPE_VALUES, { error: "Выберите, что искать." }).default("post"),
    q: z.string().trim().max(100, "Слишком длинный запрос: не больше 100 символов.").default(""),
    /** The query as typed, without typo correction (the «Искать …» link of a corrected search). */
    verbatim: z.stringbool({ error: "verbatim: 1 или 0." }).default(false),
  })
  .superRefine((v, ctx) => {
    const min = searchMinLength(v.type);
    if (v.q.length > 0 && v.q.length < min) {
      ctx.addIssue({
        code: "custom",
        path: ["q"],
        message: `Введите хотя бы ${min === 1 ? "1 символ" : `${min} символа`}.`,
      });
    }
  });
export type TSearch = z.infer<typeof ZSearch>;
