import { DEFAULT_THEME, THEME_TITLES, THEMES, type Theme } from "#workers/core/accounts/appearance.constants";

export { DEFAULT_THEME, THEME_TITLES, THEMES, type Theme };

/** Spec §4: themes drawn with the dark bulb icon. */
const DARK_THEMES: ReadonlySet<Theme> = new Set(["darkside", "halloween", "darkorange", "grayscale"]);

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** A safe theme name: unknown values fall back to the default (darkorange). */
export function asTheme(value: unknown): Theme {
  return isTheme(value) ? value : DEFAULT_THEME;
}

export function isDarkTheme(theme: Theme): boolean {
  return DARK_THEMES.has(theme);
}

/** Spec §4 theme toggle: lightside → darkorange; any other theme → lightside. */
export function nextTheme(current: Theme): Theme {
  return current === "lightside" ? "darkorange" : "lightside";
}

/** The body class of a theme. */
export function themeClass(theme: Theme): string {
  return `theme-${theme}`;
}

/** Guest theme cookie: one year, whole site. */
export function themeCookie(theme: Theme): string {
  return `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
