import type { Route } from "./+types/robots";

/** /robots.txt — with the absolute sitemap URL of this host. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /auth/",
    "Disallow: /admin/",
    "Disallow: /posts/*/editor",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
