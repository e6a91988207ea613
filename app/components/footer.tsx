import { useRootData } from "#app/lib/root-data";
import { MenuLink } from "./menu-link";
import { ThemeToggle } from "./theme-toggle";

/** Site footer: menu items flagged both is_desktop and is_footer. */
export function Footer() {
  const { config } = useRootData();
  const items = config.menu_items.filter((i) => i.is_desktop && i.is_footer);
  return (
    <footer className="footer">
      <div className="footer-inner">
        <nav aria-label="Меню в подвале">
          <ul className="footer-menu">
            {items.map((item) => (
              <li key={`${item.url}-${item.title}`}>
                <MenuLink item={item} className="footer-link" withIcon={false} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-meta">
          <span>
            © {new Date().getFullYear()} {config.site_name} — сообщество о видеоиграх
          </span>
          <ThemeToggle />
        </div>
      </div>
    </footer>
  );
}
