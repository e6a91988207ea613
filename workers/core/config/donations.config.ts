/**
 * Donations and supporters (docs/decisions/0028-donations-and-medals.md). Client-safe constants.
 */
export const DONATION_CONFIG = {
  /** A donation makes its member a supporter for this many days per `rublesPerPeriod` roubles (proportionally). */
  rublesPerPeriod: 300,
  daysPerPeriod: 30,
  /** One donation never gives more than this many days (a very large transfer is still five years). */
  maxDaysPerDonation: 5 * 365,
  /** The month's goal until an admin sets one, in kopecks (30 000 ₽). */
  defaultMonthlyGoal: 3_000_000,
  /** The largest single donation accepted from any source, in kopecks (10 million ₽): a typo guard. */
  maxAmount: 1_000_000_000,
  /** Donations on one page of /donate and GET /v1/donation/. */
  pageSize: 20,
  /** Top supporters of the year shown on /donate. */
  topSupporters: 10,
  /** Months and years are counted in Moscow time (UTC+3, no daylight saving since 2014). */
  timeZoneOffsetMs: 3 * 60 * 60 * 1000,
} as const;

/** Supporter days a donation of `amount` kopecks gives: proportional, rounded down, capped. */
export function supporterDaysFor(amount: number): number {
  const { rublesPerPeriod, daysPerPeriod, maxDaysPerDonation } = DONATION_CONFIG;
  const days = Math.floor((amount * daysPerPeriod) / (rublesPerPeriod * 100));
  return Math.max(0, Math.min(maxDaysPerDonation, days));
}
