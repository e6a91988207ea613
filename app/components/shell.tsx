import { useEffect } from "react";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { Link } from "#app/components/link";
import { useClickNavigation } from "#app/lib/hooks";
import type { RootData } from "#app/lib/root-data";
import { RealtimeProvider } from "#app/realtime/provider";
import { ActivitySidebar } from "./activity-sidebar";
import { Announcer } from "./announcer";
import { EcodeActivationBanner } from "./ecode-activation-banner";
import { EcodeNotice } from "./ecode-notice";
import { FingerprintSender } from "./fingerprint-sender";
import { Footer } from "./footer";
import { IconFire } from "./icons";
import { MobileMenu } from "./mobile-menu";
import { NoticeProvider } from "./notices";
import { NotificationsSidebar } from "./notifications-sidebar";
import { ProgressBar } from "./progress-bar";
import { usePushMessages } from "./push-bridge";
import { ReactionForm } from "./reaction-form";
import { SanctionBanner } from "./sanction-banner";
import { SidebarsProvider, useSidebars } from "./sidebars";
import { ClockProvider } from "./time-ago";
import { MobileHeader, MobileToolbar, Toolbar } from "./toolbar";

/**
 * Spec §2: clicking a link to the current route reloads its data and scrolls to the top (instead of a
 * navigation that would do nothing visible).
 */
function useSameRouteReload() {
  const location = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.hash) return;
      if (url.pathname !== location.pathname || url.search !== location.search) return;
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: "smooth" });
      void revalidator.revalidate();
    }
    // Capture phase: runs before React Router's <Link> handler, which then sees defaultPrevented.
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [location.pathname, location.search, revalidator]);
}

function Frame({ children, footer }: { children: React.ReactNode; footer: boolean }) {
  const sidebars = useSidebars();
  useSameRouteReload();
  usePushMessages();
  const layoutClass = [
    "layout",
    sidebars.activity ? "has-activity" : "",
    sidebars.notifications ? "has-notifications" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <>
      <ProgressBar />
      <EcodeNotice />
      <FingerprintSender />
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <Toolbar />
      <MobileHeader />
      <div className={layoutClass}>
        <ActivitySidebar />
        <div className="layout-main">
          <div id="main" className="content">
            <SanctionBanner />
            <EcodeActivationBanner />
            {children}
          </div>
          {footer ? <Footer /> : null}
          <ReactionForm />
        </div>
        <NotificationsSidebar />
      </div>
      <MobileMenu />
      <MobileToolbar />
      <Announcer />
    </>
  );
}

/**
 * The site shell around every page: toolbars, sidebars, mobile menu, footer, progress bar and notices.
 * `footer={false}` for error screens. Without root loader data (the root loader failed) a minimal shell.
 */
export function Shell({ children, footer = true }: { children: React.ReactNode; footer?: boolean }) {
  useClickNavigation();
  const root = useRouteLoaderData("root") as RootData | undefined;
  if (!root) return <MinimalShell>{children}</MinimalShell>;
  return (
    <NoticeProvider>
      <RealtimeProvider>
        <ClockProvider>
          <SidebarsProvider isMember={!!root.user} pinned={!!root.user?.settings.is_notifications_pinned}>
            <Frame footer={footer}>{children}</Frame>
          </SidebarsProvider>
        </ClockProvider>
      </RealtimeProvider>
    </NoticeProvider>
  );
}

/** A shell without loader data: only the logo and the page. */
export function MinimalShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="toolbar toolbar-minimal">
        <div className="toolbar-inner">
          <Link to="/" reloadDocument className="logo">
            <span className="logo-mark">
              <IconFire size={22} />
            </span>
            <span className="logo-text">Костёр</span>
          </Link>
        </div>
      </header>
      <div className="layout">
        <div className="layout-main">
          <div id="main" className="content">
            {children}
          </div>
        </div>
      </div>
    </>
  );
}
