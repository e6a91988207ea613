const rules = new Intl.PluralRules("ru");

/**
 * Russian plural form: `plural(5, ["статья", "статьи", "статей"])` → "статей".
 * Fractions ("other") take the "few" form, as in "1,5 минуты".
 */
export function plural(n: number, forms: readonly [one: string, few: string, many: string]): string {
  switch (rules.select(n)) {
    case "one":
      return forms[0];
    case "few":
    case "other":
      return forms[1];
    default:
      return forms[2];
  }
}

/** Number and its word: `pluralize(3, [...])` → "3 статьи". */
export function pluralize(n: number, forms: readonly [one: string, few: string, many: string]): string {
  return `${n} ${plural(n, forms)}`;
}

/** Indicator counter text, capped at 99 (spec §9). */
export function counter(n: number): string {
  return n > 99 ? "99+" : String(n);
}
