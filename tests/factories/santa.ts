import { env } from "cloudflare:test";
import { type SantaExchangeRow, santaExchanges } from "#drizzle/schema";
import { DEFAULT_FAQ, DEFAULT_STEPS } from "#workers/core/santa/santa.stage";
import { db } from "./db";

const DAY = 86_400_000;

/**
 * A Secret Santa exchange with applications open around `at` (opened a day before; closing, send-by and receive-by
 * 1, 11 and 31 days after), no eligibility thresholds unless given. Removes every other exchange first: the page
 * and the API show the latest year's, so each test owns the only one.
 */
export async function createExchange(
  at: Date,
  overrides: Partial<typeof santaExchanges.$inferInsert> = {},
): Promise<SantaExchangeRow> {
  await env.DB.prepare("DELETE FROM santa_exchanges").run();
  const t = at.getTime();
  const [row] = await db()
    .insert(santaExchanges)
    .values({
      year: at.getUTCFullYear(),
      opensAt: new Date(t - DAY),
      closesAt: new Date(t + DAY),
      sendBy: new Date(t + 11 * DAY),
      receiveBy: new Date(t + 31 * DAY),
      steps: DEFAULT_STEPS,
      faq: DEFAULT_FAQ,
      minAccountDays: 0,
      minActivity: 0,
      ...overrides,
    })
    .returning();
  return row;
}

/** A complete application body for member `n`. */
export function applicationBody(n: number | string, overrides: Record<string, unknown> = {}) {
  return {
    full_name: `Иван Тестов ${n}`,
    address: `ул. Ёлочная, д. ${n}, кв. 7, 101000`,
    country: "Россия",
    city: "Москва",
    wishes: `Настолки и носки ${n}`,
    dislikes: "Сладкое",
    ...overrides,
  };
}

export const DAY_MS = DAY;
