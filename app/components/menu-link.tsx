import { useLocation } from "react-router";
import type { TMenuItem } from "#workers/core/config/config.schemas";
import { IconLink, MenuIcon } from "./icons";
import { Link } from "./link";

/**
 * One config menu item (spec §3 Menu item): disabled items are greyed and not clickable, external ones open
 * in a new tab, special ones take their color.
 */
export function MenuLink({
  item,
  className = "menu-link",
  withIcon = true,
}: {
  item: TMenuItem;
  className?: string;
  withIcon?: boolean;
}) {
  const location = useLocation();
  const style = item.is_special && item.color ? ({ "--item-color": item.color } as React.CSSProperties) : undefined;
  const cls = `${className}${item.is_special ? " is-special" : ""}`;
  const content = (
    <>
      {withIcon ? <MenuIcon style={item.icon_style} /> : null}
      <span className="menu-link-title">{item.title}</span>
      {item.is_external ? <IconLink size={14} className="menu-link-ext" /> : null}
    </>
  );
  if (item.is_disabled) {
    return (
      <span className={`${cls} is-disabled`} style={style} aria-disabled="true" title="Скоро появится">
        {content}
      </span>
    );
  }
  if (item.is_external || !item.url.startsWith("/")) {
    return (
      <a className={cls} style={style} href={item.url} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  const active = isActivePath(location.pathname, item.url);
  return (
    <Link
      className={active ? `${cls} is-active` : cls}
      style={style}
      to={item.url}
      aria-current={active ? "page" : undefined}
    >
      {content}
    </Link>
  );
}

/**
 * As <NavLink>'s active state (case-insensitive, "/" only on itself, another path also on the paths below it), for
 * the menu's links rendered three or four times on every page (toolbar, dropdown, mobile menu, footer).
 */
export function isActivePath(current: string, url: string): boolean {
  const target = (url.split(/[?#]/)[0] || "/").toLowerCase();
  const here = current.toLowerCase();
  if (target === "/") return here === "/";
  const base = target.endsWith("/") ? target.slice(0, -1) : target;
  return here === base || here === `${base}/` || here.startsWith(`${base}/`);
}
