import { Hono } from "hono";
import { z } from "zod";
import { listActivity } from "#workers/core/activity/activity";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { ZStreamItemShape } from "./notification";

registry.registerPath({
  method: "get",
  path: "/v1/activity/",
  summary: "Лента активности сайта, новое сверху (для всех, и для гостей); next — адрес следующей страницы",
  request: { query: z.object({ cursor: z.string().optional().meta({ description: "id последнего показанного" }) }) },
  responses: { 200: jsonResponse("Активность", ZPage(ZStreamItemShape)), ...errorResponses(400) },
});

export const activityRouter = new Hono<ApiEnv>().get("/", async (c) =>
  c.json(await listActivity(c.var.ctx, c.req.query("cursor"))),
);
