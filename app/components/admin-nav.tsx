import { NavLink } from "react-router";
import { useRootData } from "#app/lib/root-data";

/** The admin area's menu: each link for the members who may open it. */
const LINKS = [
  { to: "/admin/moderation", title: "Жалобы", who: "mod" },
  { to: "/admin/audit", title: "Журнал", who: "mod" },
  { to: "/admin/roles", title: "Роли и права", who: "admin" },
  { to: "/admin/donations", title: "Пожертвования", who: "admin" },
  { to: "/admin/medals", title: "Медали", who: "admin" },
  { to: "/admin/secret-santa", title: "Тайный Санта", who: "admin" },
  { to: "/admin/feeds", title: "Лента", who: "admin" },
  { to: "/admin/site", title: "Настройки сайта", who: "admin" },
] as const;

export function adminLinks(user: { is_admin: boolean; is_mod: boolean } | null) {
  if (!user) return [];
  return LINKS.filter((link) => user.is_admin || (link.who === "mod" && user.is_mod));
}

export function AdminNav() {
  const { user } = useRootData();
  const links = adminLinks(user);
  if (!links.length) return null;
  return (
    <nav className="tabs admin-nav" aria-label="Администрирование">
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end className={({ isActive }) => (isActive ? "tab tab-active" : "tab")}>
          {link.title}
        </NavLink>
      ))}
    </nav>
  );
}
