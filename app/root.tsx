import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { serializeCurrentUser } from "#workers/core/accounts/accounts.serializers";
import { getConfig } from "#workers/core/config/config";
import { getCtx } from "./lib/forms.server";
import type { Route } from "./+types/root";

/**
 * Root loader contract, used by every component of the shell:
 *   user    — the current member (spec "Current user") or null for a guest;
 *   config  — site name, flags and menu (GET /v1/config/);
 *   csrf    — the token every <Form method="post"> sends as the hidden field `csrf`;
 *   theme   — the theme to render (member's, or a guest's `theme` cookie, or darkorange).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  const config = await getConfig(ctx);
  const user = ctx.actor ? serializeCurrentUser(ctx.actor) : null;
  const guestTheme = /(?:^|;\s*)theme=([a-z]+)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  return data(
    { user, config, csrf: ctx.csrfCookie ?? "", theme: user?.theme ?? guestTheme ?? "darkorange" },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootData {
  return useRouteLoaderData("root") as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
