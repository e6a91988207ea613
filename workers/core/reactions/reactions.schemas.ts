import { z } from "zod";
import { BOOKMARK_ITEM_TYPES, PAW_ITEM_TYPES } from "./reactions.read";

/** Universal schemas for paws (likes) and bookmarks. */

const ZItemId = z
  .number({ error: "Номер записи должен быть числом." })
  .int("Номер записи должен быть целым числом.")
  .positive("Номер записи должен быть положительным.")
  .max(Number.MAX_SAFE_INTEGER, "Такой записи нет.");

export const ZPawToggle = z.object({
  item_id: ZItemId,
  item_type: z.enum(PAW_ITEM_TYPES, { error: "Лапку можно поставить только статье, записке или комментарию." }),
  is_negative: z.boolean({ error: "Поле is_negative должно быть true или false." }).default(false),
});
export type TPawToggle = z.infer<typeof ZPawToggle>;

export const ZBookmarkToggle = z.object({
  item_id: ZItemId,
  item_type: z.enum(BOOKMARK_ITEM_TYPES, { error: "В закладки можно добавить только статью или записку." }),
});
export type TBookmarkToggle = z.infer<typeof ZBookmarkToggle>;
