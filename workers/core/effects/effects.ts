/**
 * The site's seasonal effects (spec §1, docs/decisions/0034-seasonal-effects.md): which are due on a Moscow
 * calendar day for a visitor. Client-safe (no server imports): the root loader decides, the shell loads an
 * effect's code only on the days it is due.
 */

/** Moscow is UTC+3 all year. */
const MSK_OFFSET_MS = 3 * 60 * 60 * 1000;
/** The site's founding year: on its birthday (18–20 September) the logo says how old it is. */
export const FOUNDED_YEAR = 2019;
/** Spec §1/§9 figures. */
export const SNOWFLAKES = 60;
export const RAINDROPS = 100;
export const RAIN_SOUND_MIN_WIDTH = 768;
export const HEART_MS = 3000;

export interface Effects {
  /** Snow in winter (December–February). */
  snow: boolean;
  /** Rain in autumn (October–November). */
  rain: boolean;
  /** The site's age on its birthday (18–20 September), else null. */
  birthday: number | null;
  /** Wednesday: the paw icon turns into the Wednesday paw. */
  wednesday: boolean;
  /** 14 February: a paw up on a post plays the 3-second heart animation. */
  valentine: boolean;
}

export interface EffectsInput {
  /** The Moscow calendar day to decide for (see `moscowDay`). */
  day: { year: number; month: number; date: number; weekday: number };
  theme: string;
  /** A member's `is_winter_effects_enabled`, or null for a guest (who has no settings). */
  weatherEnabled: boolean | null;
}

/** The Moscow calendar day of an instant: month 1–12, weekday 0 = Sunday … 6 = Saturday. */
export function moscowDay(at: Date): EffectsInput["day"] {
  const msk = new Date(at.getTime() + MSK_OFFSET_MS);
  return { year: msk.getUTCFullYear(), month: msk.getUTCMonth() + 1, date: msk.getUTCDate(), weekday: msk.getUTCDay() };
}

/**
 * Weather follows the member's setting (on by default); a guest sees snow only on the winter theme (chosen for
 * it) and no rain. A member on the winter theme who turned the setting off gets none: their choice wins.
 */
export function effectsFor({ day, theme, weatherEnabled }: EffectsInput): Effects {
  const winter = day.month === 12 || day.month <= 2;
  const autumn = day.month === 10 || day.month === 11;
  const weather = weatherEnabled ?? false;
  return {
    snow: winter && (weatherEnabled === null ? theme === "winter" : weather),
    rain: autumn && weather,
    birthday: day.month === 9 && day.date >= 18 && day.date <= 20 ? day.year - FOUNDED_YEAR : null,
    wednesday: day.weekday === 3,
    valentine: day.month === 2 && day.date === 14,
  };
}

/** `YYYY-MM-DD` → noon of that Moscow day (the admins' clock override), or null when malformed. */
export function parseEffectsDate(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date, 12) - MSK_OFFSET_MS);
  const back = moscowDay(at);
  return back.year === year && back.month === month && back.date === date ? at : null;
}
