import { Hono } from "hono";
import { z } from "zod";
import { getGroup, listGroups } from "#workers/core/feed/feed.read";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { withUrls } from "./post";

const ZFeedSourceShape = z.object({ name: z.string(), domain: z.string(), image_url: z.string().nullable() });

/** Spec §3 News item. */
export const ZNewsItemShape = z.object({
  id: z.number().int(),
  group: z.number().int(),
  headline: z.string(),
  summary: z.string(),
  url: z.string(),
  image_url: z.string().nullable(),
  datetime_published: z.string(),
  source: ZFeedSourceShape,
});

export const ZFeedGroupShape = z.object({
  id: z.number().int(),
  headline: z.string(),
  image_url: z.string().nullable(),
  url: z.string(),
  datetime_published: z.string(),
  datetime_updated: z.string(),
  entries_count: z.number().int(),
  sources: z.array(ZFeedSourceShape),
  entries: z.array(ZNewsItemShape),
});

registry.registerPath({
  method: "get",
  path: "/v1/feed-entry-group/",
  summary: "Лента новостей: сюжеты (одна новость с разных сайтов), новые первыми",
  request: { query: z.object({ cursor: z.string().optional() }) },
  responses: { 200: jsonResponse("Сюжеты", ZPage(ZFeedGroupShape)), ...errorResponses(400) },
});
registry.registerPath({
  method: "get",
  path: "/v1/feed-entry-group/{id}/",
  summary: "Сюжет ленты со всеми его новостями",
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: jsonResponse("Сюжет", ZFeedGroupShape), ...errorResponses(404) },
});

export const feedEntryGroupRouter = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(withUrls(c, await listGroups(c.var.ctx, { cursor: c.req.query("cursor") }))))
  .get("/:id", async (c) => c.json(await getGroup(c.var.ctx, c.req.param("id"))));
