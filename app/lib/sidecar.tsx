import type { ReactNode } from "react";
import { innerMarkup, type Markup } from "./html";

/**
 * A page's large data sent beside React Router's hydration data, not in it (docs/decisions/0040-render-cpu.md
 * §26, §30). React Router writes a loader's data into the page value by value (turbo-stream: each key and value an
 * entry, each object a list of references), and a 100-comment tree, or a list's 20 cards, was the largest part of
 * that work on the server and of its reading in the browser. Used for the comment trees, the lists of posts and
 * shouts (PostFeed, ShoutFeed) and search's results. A loader of a document request returns a `Sidecar` instead
 * of the value: the encoder sees only its name, the server renders from the value it holds out of the encoder's
 * sight (a property that is not enumerable), and the component writes the value once as JSON in a data block beside
 * what it renders (`useSidecar`'s `script`), which the browser reads with one `JSON.parse` when it hydrates. A data
 * request (a client-side navigation, a revalidation) has no HTML to carry it: the loader returns the value itself
 * (app/lib/sidecar.server.ts decides). A value the page only shows as markup needs no data block at all
 * (`sidecarMarkup`).
 */
export interface Sidecar {
  /** The data block's name on the page: its element is `#sidecar-{name}`. */
  sidecar: string;
}

/** Where a sidecar keeps its value on the server: not enumerable, so React Router's encoder skips it. */
export const SIDECAR_VALUE = Symbol.for("kostyor.sidecar");

function isSidecar(value: unknown): value is Sidecar {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "sidecar" in value;
}

function sidecarElementId(name: string): string {
  return `sidecar-${name}`;
}

/** JSON that cannot end its script element or open a comment in it: every `<` escaped (JSON.parse reads it back). */
export function sidecarJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** What the browser read of a page's sidecars: the value and the text (the element renders the same text again). */
const read = new WeakMap<Sidecar, { value: unknown; text: string }>();

function readInBrowser(ref: Sidecar): { value: unknown; text: string } {
  const known = read.get(ref);
  if (known) return known;
  const element = document.getElementById(sidecarElementId(ref.sidecar));
  if (!element) throw new Error(`The page has no data block #${sidecarElementId(ref.sidecar)}.`);
  const text = element.textContent ?? "";
  const entry = { value: JSON.parse(text) as unknown, text };
  read.set(ref, entry);
  return entry;
}

/** The value a sidecar holds on the server (out of the encoder's sight). */
function heldValue(ref: Sidecar): unknown {
  return (ref as Sidecar & { [SIDECAR_VALUE]?: unknown })[SIDECAR_VALUE];
}

/**
 * The HTML the browser found in a markup-only sidecar's holder when it hydrated: read once, so that a later render
 * with the same value (a remount, when the holder is not in the document) still has it.
 */
const foundMarkup = new WeakMap<Sidecar, string>();

/**
 * The inner HTML of the element `holderId` for a loader's value that the page shows only as markup and never needs
 * as data in the browser (the calendar's month, §39 of docs/decisions/0040-render-cpu.md): the server writes
 * `render(value)` and no data block at all, and the browser hydrates the holder with the HTML it came with, read
 * back from the element, until a data request (a client-side navigation, a revalidation) brings the value itself,
 * which it then renders. Call it where the holder is rendered (a memo keyed on `value`), with the holder's id.
 */
export function sidecarMarkup<T>(
  value: T | Sidecar,
  holderId: string,
  render: (value: T) => Markup,
): { __html: string } {
  if (!isSidecar(value)) return innerMarkup(render(value));
  if (typeof document === "undefined") return innerMarkup(render(heldValue(value) as T));
  let found = foundMarkup.get(value);
  if (found === undefined) {
    const element = document.getElementById(holderId);
    if (!element) throw new Error(`The page has no element #${holderId} to hydrate.`);
    found = element.innerHTML;
    foundMarkup.set(value, found);
  }
  return { __html: found };
}

/**
 * A loader's value that may come as a sidecar: the value, and the data block to render with it (null when the
 * value came in the hydration data). Render `script` while the value is shown: the browser hydrates it as is.
 */
export function useSidecar<T>(value: T | Sidecar): { value: T; script: ReactNode } {
  if (!isSidecar(value)) return { value, script: null };
  const id = sidecarElementId(value.sidecar);
  let entry: { value: unknown; text: string };
  if (typeof document === "undefined") {
    const held = heldValue(value);
    entry = { value: held, text: sidecarJson(held) };
  } else entry = readInBrowser(value);
  return {
    value: entry.value as T,
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped, in a data block
    script: <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: entry.text }} />,
  };
}
