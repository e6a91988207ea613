/** Donation sources and the roubles parser: client-safe, no zod (pages import them; docs/decisions/0028). */

/** Where a donation came from; the first two arrive by webhook, the rest an admin enters by hand. */
export const PROVIDERS = ["yoomoney", "stripe", "bank", "boosty", "other"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const MANUAL_PROVIDERS = ["bank", "boosty", "other"] as const;

export const PROVIDER_LABELS: Record<Provider, string> = {
  yoomoney: "ЮMoney",
  stripe: "Stripe",
  bank: "Банковский перевод",
  boosty: "Boosty",
  other: "Другое",
};

/**
 * Roubles as people write them — «1500», «1 500,50», «1500.5» — to integer kopecks. No floating point: the text
 * is split at the decimal sign. Returns null for anything else (more than two decimals, signs, letters).
 */
export function rublesToKopecks(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
