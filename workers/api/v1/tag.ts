import { Hono } from "hono";
import { z } from "zod";
import { getTag, listTagItems, topTags } from "#workers/core/tags/tags";
import { TAG_ITEM_TYPES } from "#workers/core/tags/tags.schemas";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { withUrls, ZPostCardShape } from "./post";
import { ZShoutShape } from "./shout";

const ZTagShape = z.object({
  slug: z.string(),
  name: z.string(),
  posts_count: z.number().int(),
  shouts_count: z.number().int(),
});

registry.registerPath({
  method: "get",
  path: "/v1/tag/top/",
  summary: "Самые популярные теги",
  request: { query: z.object({ item_type: z.enum(TAG_ITEM_TYPES).optional() }) },
  responses: { 200: jsonResponse("Теги", ZPage(ZTagShape)), ...errorResponses(400) },
});
registry.registerPath({
  method: "get",
  path: "/v1/tag/{slug}/",
  summary: "Тег",
  request: { params: z.object({ slug: z.string() }) },
  responses: { 200: jsonResponse("Тег", ZTagShape), ...errorResponses(404) },
});
registry.registerPath({
  method: "get",
  path: "/v1/tag/{slug}/{itemType}/",
  summary: "Записи с тегом: статьи (itemType: posts) или записки (itemType: shouts)",
  request: {
    params: z.object({ slug: z.string(), itemType: z.enum(TAG_ITEM_TYPES) }),
    query: z.object({ page: z.number().int().min(1).optional() }),
  },
  responses: {
    200: jsonResponse("Статьи или записки", ZPage(z.union([ZPostCardShape, ZShoutShape]))),
    ...errorResponses(400, 404),
  },
});

export const tagRouter = new Hono<ApiEnv>()
  .get("/top", async (c) => c.json(await topTags(c.var.ctx, { item_type: c.req.query("item_type") })))
  .get("/:slug", async (c) => c.json(await getTag(c.var.ctx, c.req.param("slug"))))
  .get("/:slug/:itemType", async (c) =>
    c.json(
      withUrls<unknown>(
        c,
        await listTagItems(c.var.ctx, c.req.param("slug"), c.req.query("page"), c.req.param("itemType")),
      ),
    ),
  );
