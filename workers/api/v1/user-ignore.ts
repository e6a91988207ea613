import { Hono } from "hono";
import { z } from "zod";
import { listIgnored, stopIgnoring, toggleIgnore, ZIgnore } from "#workers/core/notifications/ignores";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";

const ZIgnoreState = z.object({ is_ignored: z.boolean(), datetime_until: z.string().nullable() });

registry.registerPath({
  method: "post",
  path: "/v1/user/{id}/ignore/",
  summary:
    "Игнорировать участника или перестать (без уведомлений от него). Без тела — переключает; {days} — на столько дней, {days: null} — навсегда",
  request: { params: z.object({ id: z.string() }), ...jsonBody(ZIgnore) },
  responses: {
    200: jsonResponse("Состояние", ZIgnoreState),
    ...errorResponses(400, 401, 403, 404),
  },
});

registry.registerPath({
  method: "delete",
  path: "/v1/user/{id}/ignore/",
  summary: "Перестать игнорировать участника",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: jsonResponse("Состояние", z.object({ is_ignored: z.literal(false) })),
    ...errorResponses(400, 401, 403, 404),
  },
});

registry.registerPath({
  method: "get",
  path: "/v1/user/ignored/",
  summary: "Кого я игнорирую (со сроками)",
  responses: {
    200: jsonResponse(
      "Список",
      z.array(
        z.object({
          id: z.number(),
          username: z.string(),
          datetime_created: z.string(),
          datetime_until: z.string().nullable(),
        }),
      ),
    ),
    ...errorResponses(401),
  },
});

/** Mounted before the other /v1/user routers. */
export const userIgnoreRouter = new Hono<ApiEnv>()
  .get("/ignored", async (c) => c.json(await listIgnored(c.var.ctx)))
  .post("/:id{[0-9]+}/ignore", async (c) => c.json(await toggleIgnore(c.var.ctx, c.req.param("id"), await readJson(c))))
  .delete("/:id{[0-9]+}/ignore", async (c) => c.json(await stopIgnoring(c.var.ctx, c.req.param("id"))));
