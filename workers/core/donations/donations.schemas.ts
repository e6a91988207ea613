import { z } from "zod";
import { DONATION_CONFIG } from "#workers/core/config/donations.config";
import { MANUAL_PROVIDERS, rublesToKopecks } from "./donations.constants";

export { MANUAL_PROVIDERS, PROVIDER_LABELS, PROVIDERS, type Provider, rublesToKopecks } from "./donations.constants";

/** An amount in roubles (text or number) as kopecks, more than zero and under the typo guard. */
export const ZRubles = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const kopecks = rublesToKopecks(value);
  if (kopecks === null) {
    ctx.addIssue({ code: "custom", message: "Сумма в рублях, например 500 или 1 500,50." });
    return z.NEVER;
  }
  if (kopecks <= 0) {
    ctx.addIssue({ code: "custom", message: "Сумма должна быть больше нуля." });
    return z.NEVER;
  }
  if (kopecks > DONATION_CONFIG.maxAmount) {
    ctx.addIssue({ code: "custom", message: "Слишком большая сумма: проверьте, не лишний ли ноль." });
    return z.NEVER;
  }
  return kopecks;
});

const ZUsername = z.string().trim().max(32, "Имя участника не длиннее 32 символов.");

/** A donation an admin enters: a bank transfer, Boosty or anything else that arrives without a webhook. */
export const ZManualDonation = z.object({
  provider: z.enum(MANUAL_PROVIDERS, { message: "Выберите, откуда пришли деньги." }),
  amount_rub: ZRubles,
  /** The member the money came from (their name on the site); empty: nobody. */
  username: ZUsername.default(""),
  name: z.string().trim().max(60, "Имя не длиннее 60 символов.").default(""),
  is_anonymous: z.boolean().default(false),
  message: z.string().trim().max(500, "Сообщение не длиннее 500 символов.").default(""),
  /** «2026-11-20» or a full ISO time; empty: now. */
  donated_at: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || !Number.isNaN(Date.parse(v)), "Дата в виде ГГГГ-ММ-ДД."),
  /** The payment's number in the bank statement or Boosty, so the same payment is never entered twice. */
  reference: z.string().trim().max(100, "Номер платежа не длиннее 100 символов.").default(""),
});
export type TManualDonation = z.output<typeof ZManualDonation>;

/** Links a donation to a member (or unlinks it with an empty name). */
export const ZLinkDonation = z.object({ username: ZUsername.default("") });

export const ZDonationGoal = z.object({ goal_rub: ZRubles });
