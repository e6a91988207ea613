import { z } from "zod";

/** Universal (client-safe) schemas for comments: one schema serves the form and the action. */

import { cleanText } from "#workers/core/shared/text";
import { COMMENT_TEXT_MAX } from "./comments.constants";

export * from "./comments.constants";

/**
 * Plain text with line breaks, cleaned like every input (workers/core/shared/text.ts: cleanText) and trimmed. Links and @mentions are rendered from the text later; no markup is stored.
 */
export function normaliseCommentText(value: string): string {
  return cleanText(value, true).trim();
}

export const ZCommentText = z
  .string({ error: "Напишите текст комментария." })
  .transform(normaliseCommentText)
  .pipe(
    z
      .string()
      .min(1, "Комментарий не может быть пустым.")
      .max(COMMENT_TEXT_MAX, `Комментарий должен быть не длиннее ${COMMENT_TEXT_MAX.toLocaleString("ru")} символов.`),
  );

export const ZCommentCreate = z.object({
  post_slug: z.string({ error: "Укажите статью." }).trim().min(1, "Укажите статью.").max(200, "Такой статьи нет."),
  text: ZCommentText,
  respond_to_comment: z
    .number({ error: "Номер комментария должен быть числом." })
    .int("Номер комментария должен быть целым числом.")
    .positive("Номер комментария должен быть положительным.")
    .nullish(),
});
export type TCommentCreate = z.infer<typeof ZCommentCreate>;

export const ZCommentUpdate = z.object({ text: ZCommentText });
export type TCommentUpdate = z.infer<typeof ZCommentUpdate>;

/** `?page=` of a list: a positive integer, 1 when absent. */
export const ZPageNumber = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? 1 : v),
  z.coerce
    .number({ error: "Номер страницы должен быть числом." })
    .int("Номер страницы должен быть целым числом.")
    .min(1, "Номер страницы начинается с 1.")
    .max(100_000, "Слишком большой номер страницы."),
);
