/**
 * Markup written as a string, for the few places where a page repeats the same small piece of static markup a
 * hundred times (a comment's head and text) and React's element-by-element render and hydration of it was most of
 * the page's cost (docs/decisions/0040-render-cpu.md §25). Safety rests on this module alone: `html` escapes
 * every interpolated value as text unless it is itself `Markup` made by `html`, so user text can never become
 * markup. Attribute values must be quoted in the template (`href="${url}"`): the escaping covers both quotes.
 */

const brand: unique symbol = Symbol("markup");

/** A piece of markup that `html` made (and so escaped); nothing else is trusted as markup. */
export interface Markup {
  readonly [brand]: true;
  readonly value: string;
}

function markup(value: string): Markup {
  return { [brand]: true, value };
}

export function isMarkup(value: unknown): value is Markup {
  return typeof value === "object" && value !== null && (value as Markup)[brand] === true;
}

const SPECIAL = /[&<>"']/;
const SPECIAL_ALL = /[&<>"']/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text (or a quoted attribute's value) with the five characters that could end it escaped. */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ENTITIES[c] as string) : text;
}

/** What a template may hold: text and numbers (escaped), markup (kept), a list of either, or nothing. */
export type HtmlValue = string | number | Markup | null | undefined | false | readonly HtmlValue[];

function write(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (typeof value === "string") return escapeHtml(value);
  if (typeof value === "number") return String(value);
  if (isMarkup(value)) return value.value;
  if (Array.isArray(value)) {
    let out = "";
    for (const item of value as readonly HtmlValue[]) out += write(item);
    return out;
  }
  // Whatever else a caller managed to pass is written as its text.
  return escapeHtml(String(value));
}

/** html`<a href="${href}">${text}</a>`: the template's own text as it is, every value escaped unless it is markup. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Markup {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) out += write(values[i] as HtmlValue) + (strings[i + 1] as string);
  return markup(out);
}

/** The props that put markup into an element (React's `dangerouslySetInnerHTML`, only ever from `html`). */
export function innerMarkup(value: Markup): { __html: string } {
  return { __html: value.value };
}
