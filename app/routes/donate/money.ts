/** Kopecks as roubles the Russian way: «1 500 ₽», «1 500,50 ₽» (client-safe; /donate and the admin pages). */
const rubles = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function formatRubles(kopecks: number): string {
  return rubles.format(kopecks / 100);
}

/** «ноябрь 2026 г.»: the month a goal is for, in Moscow time. */
const monthName = new Intl.DateTimeFormat("ru", { month: "long", year: "numeric", timeZone: "Europe/Moscow" });

export function formatMonth(iso: string): string {
  return monthName.format(new Date(iso));
}
