import { z } from "zod";
import { MEDAL_RULES } from "./medals.constants";

export { MEDAL_RULE_LABELS, MEDAL_RULES, MEDAL_SIZES, type MedalRule } from "./medals.constants";

export const ZMedal = z
  .object({
    name: z.string().trim().min(1, "Назовите медаль.").max(60, "Название не длиннее 60 символов."),
    description: z.string().trim().max(300, "Описание не длиннее 300 символов.").default(""),
    is_automatic: z.boolean().default(false),
    /** The rule of an automatic medal; empty for a medal admins award by hand. */
    rule: z.union([z.enum(MEDAL_RULES, { message: "Выберите правило из списка." }), z.literal("")]).default(""),
  })
  .superRefine((medal, ctx) => {
    if (medal.is_automatic && !medal.rule) {
      ctx.addIssue({ code: "custom", path: ["rule"], message: "Автоматической медали нужно правило." });
    }
  });
export type TMedal = z.output<typeof ZMedal>;

/** Awarding a medal: the member (id, or their name on the site) and the admin's note. */
export const ZAward = z
  .object({
    user_id: z.number().int().positive().optional(),
    username: z.string().trim().max(32, "Имя участника не длиннее 32 символов.").default(""),
    note: z.string().trim().max(300, "Примечание не длиннее 300 символов.").default(""),
  })
  .superRefine((award, ctx) => {
    if (!award.user_id && !award.username) {
      ctx.addIssue({ code: "custom", path: ["username"], message: "Укажите участника." });
    }
  });
