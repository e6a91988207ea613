import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import { IconHeart } from "./icons";
import { MenuLink } from "./menu-link";
import { NewPostButton } from "./new-post-button";
import { SearchBox } from "./search-box";
import { useSidebars } from "./sidebars";
import { UserCard } from "./user-card";

/** Mobile menu (spec §2): search, user card, menu items flagged is_mobile, support link. */
export function MobileMenu() {
  const { config } = useRootData();
  const { menu } = useSidebars();
  const items = config.menu_items.filter((i) => i.is_mobile);
  return (
    <section id="mobile-menu" className={`mobile-menu${menu ? " is-open" : ""}`} hidden={!menu} aria-label="Меню">
      <SearchBox className="mobile-search" />
      <UserCard />
      <NewPostButton className="btn btn-primary btn-block" label="Написать статью" />
      <nav aria-label="Разделы сайта">
        <ul className="mobile-menu-list">
          {items.map((item) => (
            <li key={`${item.url}-${item.title}`}>
              <MenuLink item={item} className="mobile-menu-link" />
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/donate" className="support-link">
        <IconHeart size={20} />
        <span>Поддержать проект</span>
      </Link>
    </section>
  );
}
