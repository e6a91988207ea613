import { Hono } from "hono";
import { z } from "zod";
import { listUserComments } from "#workers/core/comments/comments";
import { listUserPosts } from "#workers/core/posts/posts.lists";
import { USER_POST_LISTS, type UserPostList } from "#workers/core/posts/posts.schemas";
import { listUserPictures, listUserShouts } from "#workers/core/shouts/shouts";
import { USER_SHOUT_LISTS, type UserShoutList } from "#workers/core/shouts/shouts.schemas";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { withUrls, ZPostCardShape } from "./post";
import { ZShoutMediaShape, ZShoutShape } from "./shout";

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

const SHOUT_SUMMARIES: Record<UserShoutList, string> = {
  shouts: "Записки участника (скрытые модератором тоже; гостю — пусто, если участник прячет записки от гостей)",
  "bookmark-shouts": "Записки в закладках (только владельцу)",
};
for (const kind of USER_SHOUT_LISTS) {
  registry.registerPath({
    method: "get",
    path: `/v1/user/{id}/${kind}/`,
    summary: SHOUT_SUMMARIES[kind],
    request: { params: z.object({ id: z.string() }), query: z.object({ page: z.number().int().min(1).optional() }) },
    responses: {
      200: jsonResponse("Записки", ZPage(ZShoutShape)),
      ...errorResponses(...(kind === "shouts" ? [400, 404] : [400, 401, 403, 404])),
    },
  });
}
registry.registerPath({
  method: "get",
  path: "/v1/user/{id}/pictures/",
  summary: "Картинки из записок участника, новые первыми",
  request: { params: z.object({ id: z.string() }), query: z.object({ page: z.number().int().min(1).optional() }) },
  responses: {
    200: jsonResponse("Картинки", ZPage(ZShoutMediaShape.extend({ shout_id: z.number().int(), datetime: z.string() }))),
    ...errorResponses(400, 404),
  },
});

/** Profile sub-lists of posts, shouts, pictures and comments; mounted at /v1/user before the main user router. */
export const userListsRouter = new Hono<ApiEnv>()
  .get(`/:id{[0-9]+}/:kind{${USER_SHOUT_LISTS.join("|")}}`, async (c) =>
    c.json(
      await listUserShouts(c.var.ctx, c.req.param("id"), c.req.param("kind") as UserShoutList, c.req.query("page")),
    ),
  )
  .get("/:id{[0-9]+}/pictures", async (c) =>
    c.json(await listUserPictures(c.var.ctx, c.req.param("id"), c.req.query("page"))),
  )
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
