// First: zod's settings must precede every schema of the client bundle (the CSP forbids its eval probe).
import "./lib/zod-config";
import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorScreen, errorScreenStatus } from "./components/error-screen";
import { IconSprite } from "./components/icons";
import { Shell } from "./components/shell";
import { SeasonalEffects } from "./effects/seasonal-effects";
import { useActionModulesAhead } from "./lib/action-modules-ahead";
import { fillFormFields } from "./lib/api";
import { getCtx } from "./lib/forms.server";
import { DEFAULT_SITE_NAME, pageTitle, siteDescription } from "./lib/meta";
import { keepPageWithoutConnection } from "./lib/no-connection";
import type { RootData } from "./lib/root-data";
import { loadRootData } from "./lib/root-data.server";
import { asTheme, themeClass } from "./lib/theme";
import { useReloadUnknownRoute } from "./lib/unknown-route-reload";
import siteCss from "./styles/site.css?url";

/** The shell's data for every page (app/lib/root-data.server.ts); components read it with useRootData. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return data(await loadRootData(getCtx(context), request), { headers: { "Cache-Control": "private, no-store" } });
}

/** A form or a button that cannot reach the site shows so beside itself, not as the error screen. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageWithoutConnection];

/** Stylesheets: the base layout and every theme in one file (app/styles/site.css). */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: siteCss },
];

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const siteName = loaderData?.config.site_name ?? DEFAULT_SITE_NAME;
  if (error) {
    const status = errorScreenStatus(isRouteErrorResponse(error) ? error.status : 500);
    const title = status === 404 ? "Страница не найдена" : status === 403 ? "Доступ закрыт" : "Ошибка";
    return [{ title: pageTitle(title, siteName) }, { name: "description", content: siteDescription(siteName) }];
  }
  return [{ title: siteName }, { name: "description", content: siteDescription(siteName) }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  useEffect(fillFormFields, []);
  const theme = asTheme(root?.theme);
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <Meta />
        <Links />
      </head>
      <body className={themeClass(theme)}>
        <IconSprite wednesday={root?.effects.wednesday} />
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated: JavaScript-only controls show (`.needs-js`, base.css), and the
  // browser tests wait for it before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useActionModulesAhead();
  return (
    <Shell>
      <Outlet />
      <SeasonalEffects />
    </Shell>
  );
}

/** Error screens replace the page and the footer; the toolbar stays (spec §2). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReloadUnknownRoute();
  const status = errorScreenStatus(isRouteErrorResponse(error) ? error.status : 500);
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  // A loader may explain a 403/404 with `data({detail}, {status})`; 500s never show internals.
  const detail =
    isRouteErrorResponse(error) && status !== 500 && typeof error.data?.detail === "string"
      ? error.data.detail
      : undefined;
  return (
    <Shell footer={false}>
      <ErrorScreen status={status} detail={detail} />
    </Shell>
  );
}
