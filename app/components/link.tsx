import type { MouseEvent, Ref } from "react";
// biome-ignore lint/style/noRestrictedImports: the one wrapper of React Router's <Link>.
import { type LinkProps, Link as RouterLink } from "react-router";
import { clickNavigate } from "#app/lib/hooks";

/**
 * The site's links: React Router's <Link> with a lean path for the common case. Most links on a page are a plain
 * absolute path on this site ("/users/1", "/posts/x?comment=2#c") repeated on every card and comment; for those
 * this renders the same `<a href>` and navigates on a plain left click as <Link> does, without the
 * hooks <Link> runs for every instance for what such links never have (relative paths, basename, masks,
 * prefetching, view transitions): on a list page that work was about a tenth of the render
 * (docs/decisions/0040-render-cpu.md). Anything else — a relative or external `to`, an object, `state`,
 * `reloadDocument`, `prefetch`, `viewTransition`, another `target` — goes to React Router's <Link>.
 */
export function Link(props: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  const { to, state, reloadDocument, prefetch, viewTransition, relative, discover, target } = props;
  const lean =
    typeof to === "string" &&
    to.startsWith("/") &&
    !to.startsWith("//") &&
    state === undefined &&
    !reloadDocument &&
    (prefetch === undefined || prefetch === "none") &&
    !viewTransition &&
    relative === undefined &&
    discover !== "none" &&
    (target === undefined || target === "_self");
  if (!lean) return <RouterLink {...props} />;
  return leanAnchor({ ...props, to }, import.meta.env.SSR ? undefined : (event) => leanClick(event, props, to));
}

type LeanProps = Omit<LinkProps, "to"> & { to: string; ref?: Ref<HTMLAnchorElement> };

/** The lean path's `<a>`; what it leaves unused is not passed on (React warns of unknown attributes). */
function leanAnchor(
  {
    to,
    replace: _replace,
    preventScrollReset: _preventScrollReset,
    mask: _mask,
    defaultShouldRevalidate: _revalidate,
    state: _state,
    reloadDocument: _reload,
    prefetch: _prefetch,
    viewTransition: _transition,
    relative: _relative,
    discover: _discover,
    ...rest
  }: LeanProps,
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void,
) {
  // No `data-discover`, which <Link> adds for lazy route discovery: the client knows every route
  // (react-router.config.ts), so nothing reads it.
  return <a {...rest} href={to} onClick={onClick} />;
}

/**
 * The lean path's click in the browser: navigating on a plain left click as <Link> does, through the page's one
 * `navigate` (no component or hooks per link; the server renders the same `<a>` without a handler).
 */
function leanClick(event: MouseEvent<HTMLAnchorElement>, props: LinkProps, to: string) {
  props.onClick?.(event);
  if (event.defaultPrevented || !isPlainLeftClick(event)) return;
  event.preventDefault();
  navigateAsLink(to, props.replace, props.preventScrollReset);
}

function navigateAsLink(to: string, replace: boolean | undefined, preventScrollReset: boolean | undefined) {
  // As <Link>: a link to the page being shown replaces its history entry instead of adding one (compared as URLs,
  // so that "?q=игра" and "?q=%D0%B8…" are the same).
  const here = window.location.href;
  clickNavigate(to, { replace: replace ?? new URL(to, here).href === here, preventScrollReset });
}

/**
 * The click handler of an element holding links written as markup (app/lib/html.ts): a plain left click on a
 * link to a path of this site navigates in the app, as the lean <Link> above does. Other links (external ones
 * open in a new tab) and other clicks are the browser's. A link's `data-keep-scroll` stands for <Link
 * preventScrollReset>.
 */
export function followMarkupLink(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || !isPlainLeftClick(event) || !(event.target instanceof Element)) return;
  const anchor = event.target.closest("a");
  if (!anchor || !event.currentTarget.contains(anchor)) return;
  const to = anchor.getAttribute("href") ?? "";
  const sameTab = !anchor.target || anchor.target === "_self";
  if (!to.startsWith("/") || to.startsWith("//") || !sameTab || anchor.hasAttribute("download")) return;
  event.preventDefault();
  navigateAsLink(to, undefined, anchor.hasAttribute("data-keep-scroll"));
}

/**
 * The button of a markup holder's own markup that a click pressed (the holder's handler then does its work), or
 * null: a click anywhere else in the holder, which this gives to `followMarkupLink`.
 */
export function pressedMarkupButton(event: MouseEvent<HTMLElement>): HTMLButtonElement | null {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (button && event.currentTarget.contains(button)) return button;
  followMarkupLink(event);
  return null;
}

/** A left click without a modifier key: the browser would follow the link in this tab. */
export function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
