import { z } from "zod";
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_TARGETS, REPORT_TEXT_MAX } from "./reports.constants";

export const ZReportCreate = z
  .strictObject({
    target_type: z.enum(REPORT_TARGETS, { error: "Неизвестно, на что жалоба." }),
    target_id: z.number({ error: "Укажите, на что жалоба." }).int().positive("Укажите, на что жалоба."),
    reason: z.enum(REPORT_REASONS, { error: "Выберите причину жалобы." }),
    text: z.string().trim().max(REPORT_TEXT_MAX, `Не длиннее ${REPORT_TEXT_MAX} символов.`).default(""),
  })
  .refine((r) => r.reason !== "other" || r.text.length >= 3, {
    path: ["text"],
    message: "Опишите, что не так (хотя бы несколько слов).",
  });
export type TReportCreate = z.output<typeof ZReportCreate>;

export const ZReportResolve = z.strictObject({
  outcome: z.enum(REPORT_OUTCOMES, { error: "Выберите решение." }),
});
