import { Hono } from "hono";
import { z } from "zod";
import { listPawsOf, listReceivedPaws, togglePaw } from "#workers/core/reactions/likes";
import { PAW_ITEM_TYPES } from "#workers/core/reactions/reactions.read";
import { ZPawToggle } from "#workers/core/reactions/reactions.schemas";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { ZPublicUserShape } from "./shapes";

const ZPawStateShape = z.object({
  item_id: z.number().int(),
  item_type: z.enum(PAW_ITEM_TYPES),
  pwnd: z.number().int(),
  ownd: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});
const ZPawEntryShape = z.object({
  user: ZPublicUserShape.nullable(),
  is_negative: z.boolean(),
  pre_title: z.string(),
  title: z.string(),
  title_url: z.string(),
  item_id: z.number().int(),
  item_type: z.enum(PAW_ITEM_TYPES),
  datetime: z.string(),
});
const page = { query: z.object({ page: z.string().optional() }) };

registry.registerPath({
  method: "post",
  path: "/v1/like/",
  summary: "Лапка вверх или вниз; та же лапка ещё раз — снять, другая — переключить",
  request: jsonBody(ZPawToggle),
  responses: { 200: jsonResponse("Лапки записи", ZPawStateShape), ...errorResponses(400, 401, 403, 404, 415) },
});
registry.registerPath({
  method: "get",
  path: "/v1/like/",
  summary: "Лапки, которые получил текущий участник (user = null, пока сайт скрывает, кто поставил)",
  request: page,
  responses: { 200: jsonResponse("Лапки", ZPage(ZPawEntryShape)), ...errorResponses(400, 401) },
});
registry.registerPath({
  method: "get",
  path: "/v1/like/{item_type}/{item_id}/",
  summary: "Кто поставил лапки записи (только при is_paw_view_enabled)",
  request: { params: z.object({ item_type: z.enum(PAW_ITEM_TYPES), item_id: z.string() }), ...page },
  responses: {
    200: jsonResponse("Лапки", ZPage(z.object({ user: ZPublicUserShape, is_negative: z.boolean() }))),
    ...errorResponses(403, 404),
  },
});

export const likeRouter = new Hono<ApiEnv>()
  .post("/", async (c) => c.json(await togglePaw(c.var.ctx, await readJson(c))))
  .get("/", async (c) => c.json(await listReceivedPaws(c.var.ctx, c.req.query("page"))))
  .get("/:itemType/:itemId", async (c) =>
    c.json(await listPawsOf(c.var.ctx, c.req.param("itemType"), c.req.param("itemId"), c.req.query("page"))),
  );
