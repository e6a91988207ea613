import { NavLink } from "react-router";
import type { TMenuItem } from "#workers/core/config/config.schemas";
import { IconLink, MenuIcon } from "./icons";

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
  return (
    <NavLink
      className={({ isActive }) => (isActive ? `${cls} is-active` : cls)}
      style={style}
      to={item.url}
      end={item.url === "/"}
    >
      {content}
    </NavLink>
  );
}
