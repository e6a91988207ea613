import { Hono } from "hono";
import { z } from "zod";
import { listPlatforms } from "#workers/core/calendar/calendar.read";
import { ZPlatformFields, ZPlatformUpdate } from "#workers/core/calendar/calendar.schemas";
import { createPlatform, updatePlatform } from "#workers/core/calendar/calendar.write";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";

const ZPlatformShape = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  icon: z.string(),
  position: z.number().int(),
});

registry.registerPath({
  method: "get",
  path: "/v1/platform/",
  summary: "Платформы календаря релизов по порядку",
  responses: { 200: jsonResponse("Платформы", ZPage(ZPlatformShape)) },
});
registry.registerPath({
  method: "post",
  path: "/v1/platform/",
  summary: "Добавить платформу (редакторы базы игр и админы)",
  request: jsonBody(ZPlatformFields),
  responses: { 201: jsonResponse("Платформа", ZPlatformShape), ...errorResponses(400, 401, 403, 415) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/platform/{id}/",
  summary: "Изменить платформу: название, адрес, значок, порядок (редакторы базы игр и админы)",
  request: { params: z.object({ id: z.number().int() }), ...jsonBody(ZPlatformUpdate) },
  responses: { 200: jsonResponse("Платформа", ZPlatformShape), ...errorResponses(400, 401, 403, 404, 415) },
});

export const platformRouter = new Hono<ApiEnv>()
  .get("/", async (c) => c.json({ results: await listPlatforms(c.var.ctx), next: null, previous: null }))
  .post("/", async (c) => c.json(await createPlatform(c.var.ctx, await readJson(c)), 201))
  .patch("/:id", async (c) => c.json(await updatePlatform(c.var.ctx, c.req.param("id"), await readJson(c))));
