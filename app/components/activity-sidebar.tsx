import { IconActivity, IconClose } from "./icons";
import { useSidebars } from "./sidebars";

/** Activity sidebar (spec §2): the live stream of the site arrives with the realtime issue; empty for now. */
export function ActivitySidebar() {
  const sidebars = useSidebars();
  return (
    <aside
      id="sidebar-activity"
      className={`sidebar sidebar-left${sidebars.activity ? " is-open" : ""}`}
      aria-label="Активность"
      hidden={!sidebars.activity}
    >
      <div className="sidebar-header">
        <h2 className="sidebar-title">Активность</h2>
        <button type="button" className="btn-icon" aria-label="Закрыть активность" onClick={sidebars.toggleActivity}>
          <IconClose size={18} />
        </button>
      </div>
      <div className="sidebar-body">
        <div className="empty empty-sm">
          <IconActivity size={32} className="empty-icon" />
          <p>Пока здесь тихо. Новые статьи, записки и комментарии появятся здесь.</p>
        </div>
      </div>
    </aside>
  );
}
