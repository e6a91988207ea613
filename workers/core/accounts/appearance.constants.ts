/**
 * What every page's shell shows of an account: the themes and the default avatar. A module of its own: the browser
 * bundle keeps a module whole in one chunk, and the settings' labels (accounts.constants.ts) are for one page.
 */

export const THEMES = ["lightside", "darkside", "halloween", "winter", "darkorange", "grayscale"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "darkorange";

export const THEME_TITLES: Record<Theme, string> = {
  lightside: "Светлая сторона",
  darkside: "Тёмная сторона",
  halloween: "Хэллоуин",
  winter: "Зима",
  darkorange: "Тёмно-оранжевая",
  grayscale: "Оттенки серого",
};

export const DEFAULT_AVATAR = "/images/avatar-default.svg";
