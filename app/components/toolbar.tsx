import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import { pluralize } from "#workers/core/shared/plural";
import { Avatar } from "./avatar";
import { Dropdown } from "./dropdown";
import { IconActivity, IconFire, IconHome, IconMenu, IconSignIn } from "./icons";
import { MenuLink } from "./menu-link";
import { NewPostButton } from "./new-post-button";
import { ReconnectIndicator } from "./reconnect-indicator";
import { SearchBox } from "./search-box";
import { useSidebars } from "./sidebars";
import { UnreadBadge, unreadCount, unreadLabel, useNotificationNotices, useUnread, useUnreadBadges } from "./unread";

/** The site's age on its birthday: «7 лет». */
const YEARS = ["год", "года", "лет"] as const;

export function Logo({ siteName }: { siteName: string }) {
  const { effects } = useRootData();
  const age = effects.birthday;
  const label = age === null ? `${siteName} — на главную` : `${siteName}: нам ${pluralize(age, YEARS)}! На главную`;
  return (
    <Link to="/" className={age === null ? "logo" : "logo logo-birthday"} aria-label={label}>
      <span className="logo-mark">
        <IconFire size={22} />
      </span>
      <span className="logo-text">{siteName}</span>
      {age === null ? null : (
        <span className="logo-age" aria-hidden="true">
          {pluralize(age, YEARS)}
        </span>
      )}
    </Link>
  );
}

/** Desktop toolbar (spec §2 "Layout"). */
export function Toolbar() {
  const { user, config } = useRootData();
  const sidebars = useSidebars();
  // The desktop toolbar is always mounted: it keeps the unread store, the favicon and the app badge in step.
  const unread = useUnreadBadges();
  useNotificationNotices(sidebars.notifications);
  const desktopItems = config.menu_items.filter((i) => i.is_desktop);
  const toolbarItems = desktopItems.filter((i) => i.is_toolbar);
  const moreItems = desktopItems.filter((i) => i.is_toolbar_more);
  return (
    <header className="toolbar">
      <div className="toolbar-inner">
        <Logo siteName={config.site_name} />
        <ReconnectIndicator />
        <nav className="main-menu" aria-label="Главное меню">
          <ul className="main-menu-list">
            {toolbarItems.map((item) => (
              <li key={`${item.url}-${item.title}`}>
                <MenuLink item={item} withIcon={false} />
              </li>
            ))}
            {moreItems.length ? (
              <li>
                <Dropdown label={<span>Ещё</span>} className="menu-more">
                  <ul className="dropdown-list">
                    {moreItems.map((item) => (
                      <li key={`${item.url}-${item.title}`}>
                        <MenuLink item={item} className="dropdown-item" />
                      </li>
                    ))}
                  </ul>
                </Dropdown>
              </li>
            ) : null}
          </ul>
        </nav>
        <SearchBox className="toolbar-search" />
        <div className="toolbar-actions">
          {user ? (
            <NewPostButton className="btn btn-primary btn-sm" />
          ) : (
            <Link to="/auth/sign-in" className="btn btn-primary btn-sm">
              <IconSignIn size={18} />
              <span>Войти</span>
            </Link>
          )}
          <button
            type="button"
            className={`btn-icon${sidebars.activity ? " is-active" : ""}`}
            aria-label="Активность"
            title="Активность"
            aria-pressed={sidebars.activity}
            aria-controls="sidebar-activity"
            onClick={sidebars.toggleActivity}
          >
            <IconActivity />
          </button>
          {user ? (
            <button
              type="button"
              className={`toolbar-avatar${sidebars.notifications ? " is-active" : ""}`}
              aria-label={unreadLabel(unread)}
              title={unreadLabel(unread)}
              aria-pressed={sidebars.notifications}
              aria-controls="sidebar-notifications"
              onClick={sidebars.toggleNotifications}
            >
              <Avatar user={user} size={40} decorative />
              <UnreadBadge count={unread} />
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** The slim top bar of small screens: logo and reconnect indicator (navigation lives in the bottom toolbar). */
export function MobileHeader() {
  const { config } = useRootData();
  return (
    <header className="mobile-header">
      <Logo siteName={config.site_name} />
      <ReconnectIndicator />
    </header>
  );
}

/** Mobile toolbar below 768 px: home, bonfire, menu, activity, notifications or sign-in. */
export function MobileToolbar() {
  const { user, config } = useRootData();
  // The bonfire button follows the site menu: while its item is disabled the section does not exist yet.
  const bonfireItem = config.menu_items.find((item) => item.url === "/bonfire");
  const bonfireOpen = !!bonfireItem && !bonfireItem.is_disabled;
  const sidebars = useSidebars();
  const unread = useUnread();
  return (
    <nav className="mobile-toolbar" aria-label="Мобильная навигация">
      <Link to="/" className="mobile-toolbar-item" aria-label="Главная">
        <IconHome size={22} />
        <span>Главная</span>
      </Link>
      {bonfireOpen ? (
        <Link to="/bonfire" className="mobile-toolbar-item" aria-label="Костёр">
          <IconFire size={22} />
          <span>Костёр</span>
        </Link>
      ) : (
        <span className="mobile-toolbar-item is-disabled" aria-disabled="true" title="Раздел скоро откроется">
          <IconFire size={22} />
          <span>Костёр</span>
        </span>
      )}
      <button
        type="button"
        className={`mobile-toolbar-item${sidebars.menu ? " is-active" : ""}`}
        aria-label="Меню"
        aria-expanded={sidebars.menu}
        aria-controls="mobile-menu"
        onClick={sidebars.toggleMenu}
      >
        <IconMenu size={22} />
        <span>Меню</span>
      </button>
      <button
        type="button"
        className={`mobile-toolbar-item${sidebars.activity ? " is-active" : ""}`}
        aria-label="Активность"
        aria-pressed={sidebars.activity}
        aria-controls="sidebar-activity"
        onClick={sidebars.toggleActivity}
      >
        <IconActivity size={22} />
        <span>Активность</span>
      </button>
      {user ? (
        <button
          type="button"
          className={`mobile-toolbar-item${sidebars.notifications ? " is-active" : ""}`}
          aria-pressed={sidebars.notifications}
          aria-controls="sidebar-notifications"
          onClick={sidebars.toggleNotifications}
        >
          {/* Named by its text, so the visible word leads the name (the badge's number sits before it). */}
          <span className="mobile-toolbar-avatar" aria-hidden="true">
            <Avatar user={user} size={20} decorative />
            <UnreadBadge count={unread} />
          </span>
          <span>
            Уведомления
            {unread > 0 ? <span className="visually-hidden">, {unreadCount(unread)}</span> : null}
          </span>
        </button>
      ) : (
        <Link to="/auth/sign-in" className="mobile-toolbar-item" aria-label="Войти">
          <IconSignIn size={22} />
          <span>Войти</span>
        </Link>
      )}
    </nav>
  );
}
