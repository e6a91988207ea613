import { Hono } from "hono";
import { z } from "zod";
import { toggleBookmark } from "#workers/core/reactions/bookmarks";
import { BOOKMARK_ITEM_TYPES } from "#workers/core/reactions/reactions.read";
import { ZBookmarkToggle } from "#workers/core/reactions/reactions.schemas";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";

registry.registerPath({
  method: "post",
  path: "/v1/bookmark/",
  summary: "Добавить в закладки или убрать из них",
  request: jsonBody(ZBookmarkToggle),
  responses: {
    200: jsonResponse(
      "Закладка",
      z.object({ item_id: z.number().int(), item_type: z.enum(BOOKMARK_ITEM_TYPES), is_bookmarked: z.boolean() }),
    ),
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

export const bookmarkRouter = new Hono<ApiEnv>().post("/", async (c) =>
  c.json(await toggleBookmark(c.var.ctx, await readJson(c))),
);
