import { z } from "zod";
import { POST_HEADLINE_MAX, POST_LIST_TYPES, POST_TITLE_MAX } from "./posts.constants";

export * from "./posts.constants";

import { ZTagNames } from "#workers/core/tags/tags.schemas";
import { ZPostBody } from "./body.schemas";

export const ZPostImageUrl = z
  .string()
  .regex(/^\/media\/posts\/\d+\/[\w-]+\.webp$/, "Обложка должна быть картинкой, загруженной в эту статью.");
export const ZVideoUrl = z
  .url({ protocol: /^https$/, error: "Видео для фона — это ссылка https://." })
  .max(2000, "Слишком длинная ссылка на видео.");

export const ZDraftCreate = z.object({
  title: z
    .string({ error: "Заголовок должен быть строкой." })
    .trim()
    .max(POST_TITLE_MAX, `Заголовок не длиннее ${POST_TITLE_MAX} символов.`)
    .optional(),
});
export type TDraftCreate = z.infer<typeof ZDraftCreate>;

/** PATCH /v1/post/{slug}/: any subset of the editor's fields. */
export const ZPostUpdate = z
  .object({
    title: z
      .string({ error: "Заголовок должен быть строкой." })
      .trim()
      .max(POST_TITLE_MAX, `Заголовок не длиннее ${POST_TITLE_MAX} символов.`),
    headline: z
      .string({ error: "Описание должно быть строкой." })
      .trim()
      .max(POST_HEADLINE_MAX, `Описание не длиннее ${POST_HEADLINE_MAX} символов.`),
    body: ZPostBody,
    image: z.string({ error: "Обложка должна быть ссылкой." }).trim().max(2000, "Слишком длинная ссылка.").nullable(),
    is_video_background: z.boolean({ error: "Нужно да или нет." }),
    tags: ZTagNames,
  })
  .partial()
  .strict()
  .superRefine((data, ctx) => {
    // The cover is checked against the background kind when both are known here; otherwise in the service.
    if (data.image && data.is_video_background !== undefined) {
      const schema = data.is_video_background ? ZVideoUrl : ZPostImageUrl;
      const result = schema.safeParse(data.image);
      if (!result.success) ctx.addIssue({ code: "custom", path: ["image"], message: result.error.issues[0].message });
    }
  });
export type TPostUpdate = z.infer<typeof ZPostUpdate>;

export const ZShare = z.object({
  username: z
    .string({ error: "Укажите имя участника." })
    .trim()
    .min(1, "Укажите имя участника.")
    .max(64, "Слишком длинное имя."),
});

export const ZPage = z.coerce
  .number({ error: "Номер страницы — целое число от 1." })
  .int("Номер страницы — целое число от 1.")
  .min(1, "Номер страницы — целое число от 1.")
  .max(10_000, "Слишком большой номер страницы.")
  .default(1);

export const ZPostList = z.object({
  type: z
    .enum(POST_LIST_TYPES, { error: "Тип списка: new, top или popular." })
    .or(z.literal("").transform(() => "new" as const))
    .default("new"),
  cursor: z.string().max(200, "Неверный курсор.").optional(),
  page: ZPage,
});
export type TPostList = z.input<typeof ZPostList>;
