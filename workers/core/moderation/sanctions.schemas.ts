import { z } from "zod";
import { MAX_BLOCK_DAYS, REASON_MAX } from "./sanctions.constants";

/** Request schemas of the sanction calls (rules and texts without zod: sanctions.constants.ts). */
const reason = z
  .string({ error: "Укажите причину." })
  .trim()
  .min(3, "Укажите причину (хотя бы 3 символа).")
  .max(REASON_MAX, `Причина не длиннее ${REASON_MAX} символов.`);

export const ZBan = z.object({ reason }).strict();
export const ZBlock = z
  .object({
    reason,
    days: z.coerce
      .number({ error: "Укажите срок в днях." })
      .int("Срок — целое число дней.")
      .min(1, "Срок — хотя бы 1 день.")
      .max(MAX_BLOCK_DAYS, `Срок — не больше ${MAX_BLOCK_DAYS} дней.`),
  })
  .strict();
export type TBlock = z.output<typeof ZBlock>;
