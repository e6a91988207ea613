import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home/index.tsx"),
  ...prefix("auth", [
    route("sign-in", "routes/auth/sign-in.tsx"),
    route("sign-up/:code?", "routes/auth/sign-up.tsx"),
    route("reset", "routes/auth/reset.tsx"),
    route("set", "routes/auth/set.tsx"),
    route("sign-out", "routes/auth/sign-out.tsx"),
  ]),
  route("users/:id", "routes/users/profile.tsx", [
    index("routes/users/tab-posts.tsx"),
    route(":tab", "routes/users/tab-placeholder.tsx", { id: "users-tab" }),
    route("settings", "routes/users/settings.tsx"),
  ]),
  route("users/:id/pictures", "routes/users/pictures.tsx"),
  route("posts/new", "routes/posts/new.tsx"),
  route("posts/:slug", "routes/posts/post.tsx"),
  route("posts/:slug/editor", "routes/posts/editor.tsx"),
  route("tags/:slug", "routes/tags/tag.tsx"),
  route("tags/:slug/rss.xml", "routes/feeds/tag-rss.ts"),
  route("rss.xml", "routes/feeds/rss.ts"),
  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),
  route("reactions/paw", "routes/reactions/paw.tsx"),
  route("reactions/bookmark", "routes/reactions/bookmark.tsx"),
  route("search", "routes/search/index.tsx"),
  route("theme", "routes/theme.tsx"),
  route("admin/site", "routes/admin/site.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
