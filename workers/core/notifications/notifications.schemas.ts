import { z } from "zod";

/** Universal schemas of the notifications and activity endpoints. */

/** `?cursor=` of the activity stream: the id of the last item seen; older items follow. */
export const ZStreamCursor = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? undefined : v),
  z.coerce
    .number({ error: "Курсор страницы должен быть числом." })
    .int("Курсор страницы должен быть целым числом.")
    .positive("Курсор страницы должен быть положительным.")
    .max(Number.MAX_SAFE_INTEGER, "Неверный курсор страницы.")
    .optional(),
);

/** The answer of PATCH /v1/notification/{id}/view/ and /view-all/. */
export const ZViewResult = z.object({
  id: z.number().int().optional(),
  notification: z.null().optional(),
  unread: z.number().int().min(0),
});

export const ZIgnoreResult = z.object({ is_ignored: z.boolean() });
