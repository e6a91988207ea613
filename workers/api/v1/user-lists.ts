import { Hono } from "hono";
import { z } from "zod";
import { listUserComments } from "#workers/core/comments/comments";
import { listUserPosts } from "#workers/core/posts/posts";
import { USER_POST_LISTS, type UserPostList } from "#workers/core/posts/posts.schemas";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { withUrls, ZPostCardShape } from "./post";

const SUMMARIES: Record<UserPostList, string> = {
  posts: "Опубликованные статьи участника",
  drafts: "Черновики (только владельцу)",
  "shared-posts": "Черновики, которыми поделились с участником (только владельцу)",
  "bookmark-posts": "Статьи в закладках (только владельцу)",
};
for (const kind of USER_POST_LISTS) {
  registry.registerPath({
    method: "get",
    path: `/v1/user/{id}/${kind}/`,
    summary: SUMMARIES[kind],
    request: { params: z.object({ id: z.string() }), query: z.object({ page: z.number().int().min(1).optional() }) },
    responses: {
      200: jsonResponse("Статьи", ZPage(ZPostCardShape)),
      ...errorResponses(...(kind === "posts" ? [400, 404] : [400, 401, 403, 404])),
    },
  });
}

registry.registerPath({
  method: "get",
  path: "/v1/user/{id}/comments/",
  summary: "Комментарии участника",
  request: { params: z.object({ id: z.string() }), query: z.object({ page: z.number().int().min(1).optional() }) },
  responses: { 200: jsonResponse("Комментарии", ZPage(z.object({}).loose())), ...errorResponses(400, 404) },
});

/** Profile sub-lists of posts and comments; mounted at /v1/user before the main user router. */
export const userListsRouter = new Hono<ApiEnv>()
  .get("/:id{[0-9]+}/comments", async (c) =>
    c.json(await listUserComments(c.var.ctx, c.req.param("id"), c.req.query("page"))),
  )
  .get(`/:id{[0-9]+}/:kind{${USER_POST_LISTS.join("|")}}`, async (c) =>
    c.json(
      withUrls(
        c,
        await listUserPosts(c.var.ctx, c.req.param("id"), c.req.param("kind") as UserPostList, c.req.query("page")),
      ),
    ),
  );
