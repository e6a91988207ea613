import { z } from "zod";
import { normaliseCommentText, ZCommentText } from "#workers/core/comments/comments.schemas";
import { SHOUT_CAPTION_MAX, SHOUT_LIST_TYPES, SHOUT_TEXT_MAX } from "./shouts.constants";

/** Universal (client-safe) schemas for shouts and shout comments: one schema serves the form and the action. */

export * from "./shouts.constants";

/** The text of a shout: plain text like a comment (may be empty when the shout has media). */
export const ZShoutText = z
  .string({ error: "Текст записки должен быть строкой." })
  .transform(normaliseCommentText)
  .pipe(
    z.string().max(SHOUT_TEXT_MAX, `Записка должна быть не длиннее ${SHOUT_TEXT_MAX.toLocaleString("ru")} символов.`),
  );

/** A checkbox or JSON boolean: true, "true", "on", "1"; false, "false", "0", "" and absence. */
export const ZFormBoolean = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return false;
    if (typeof v === "string") {
      const s = v.trim().toLowerCase();
      if (["true", "on", "1", "yes"].includes(s)) return true;
      if (["false", "off", "0", "no"].includes(s)) return false;
    }
    return v;
  },
  z.boolean({ error: "Нужно да или нет." }),
);

/** The fields of POST /v1/shout/ besides the files (those are checked by content in the service). */
export const ZShoutCreate = z.object({
  text: z.preprocess((v) => v ?? "", ZShoutText),
  captions: z
    .array(
      z.preprocess(
        (v) => v ?? "",
        z
          .string({ error: "Подпись должна быть строкой." })
          .transform((s) => s.replace(/\s+/g, " ").trim())
          .pipe(z.string().max(SHOUT_CAPTION_MAX, `Подпись не длиннее ${SHOUT_CAPTION_MAX} символов.`)),
      ),
      { error: "Подписи — это список строк." },
    )
    .default([]),
  videos: z
    .array(
      z.string({ error: "Ссылка на видео должна быть строкой." }).trim().max(2000, "Слишком длинная ссылка на видео."),
      {
        error: "Видео — это список ссылок.",
      },
    )
    .default([])
    .transform((list) => list.filter(Boolean)),
  is_media_hidden: ZFormBoolean,
});
export type TShoutCreate = z.infer<typeof ZShoutCreate>;

/** PATCH /v1/shout/{id}/: the text only (media stay as posted). */
export const ZShoutUpdate = z.object({ text: z.preprocess((v) => v ?? "", ZShoutText) }).strict();
export type TShoutUpdate = z.infer<typeof ZShoutUpdate>;

/** GET /v1/shout/: new (cursor) or popular (page). */
export const ZShoutList = z.object({
  type: z
    .enum(SHOUT_LIST_TYPES, { error: "Тип списка: new или popular." })
    .or(z.literal("").transform(() => "new" as const))
    .default("new"),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "Неверный курсор страницы.")
    .transform(Number)
    .optional(),
  page: z.coerce
    .number({ error: "Номер страницы — целое число от 1." })
    .int("Номер страницы — целое число от 1.")
    .min(1, "Номер страницы — целое число от 1.")
    .max(10_000, "Слишком большой номер страницы.")
    .default(1),
});
export type TShoutList = z.input<typeof ZShoutList>;

const ZId = (what: string) =>
  z
    .number({ error: `Номер ${what} должен быть числом.` })
    .int(`Номер ${what} должен быть целым числом.`)
    .positive(`Номер ${what} должен быть положительным.`)
    .max(Number.MAX_SAFE_INTEGER, "Такой записи нет.");

/** POST /v1/shout-comment/ */
export const ZShoutCommentCreate = z.object({
  shout_id: ZId("записки"),
  text: ZCommentText,
  respond_to_comment: ZId("комментария").nullish(),
});
export type TShoutCommentCreate = z.infer<typeof ZShoutCommentCreate>;

export const ZShoutCommentUpdate = z.object({ text: ZCommentText });
export type TShoutCommentUpdate = z.infer<typeof ZShoutCommentUpdate>;
