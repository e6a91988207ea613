import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * React Router's <Link> for the links repeated on every item of a long list (a comment's author and time):
 * the same `<a href data-discover>` and the same client-side navigation on a plain left click, without the
 * per-instance work <Link> does for cases these links never have (relative paths, basename, masks, prefetch,
 * view transitions): on a page of 100 comments that work was about a tenth of the render
 * (docs/decisions/0040-render-cpu.md). `to` is an absolute path on this site ("/users/1", "/posts/x?comment=2#c").
 */
export function ListLink({
  to,
  preventScrollReset,
  onClick,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; preventScrollReset?: boolean }) {
  const navigate = useNavigate();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event) || (rest.target && rest.target !== "_self")) return;
    event.preventDefault();
    // As <Link>: a link to the page being shown replaces its history entry instead of adding one.
    const { pathname, search, hash } = window.location;
    void navigate(to, { replace: `${pathname}${search}${hash}` === to, preventScrollReset });
  }
  return <a {...rest} href={to} onClick={handleClick} data-discover="true" />;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
