import { Hono } from "hono";
import { z } from "zod";
import { toggleIgnore } from "#workers/core/notifications/ignores";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";

registry.registerPath({
  method: "post",
  path: "/v1/user/{id}/ignore/",
  summary: "Игнорировать участника или перестать (без уведомлений от него)",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: jsonResponse("Состояние", z.object({ is_ignored: z.boolean() })),
    ...errorResponses(400, 401, 403, 404),
  },
});

/** Mounted before the other /v1/user routers. */
export const userIgnoreRouter = new Hono<ApiEnv>().post("/:id{[0-9]+}/ignore", async (c) =>
  c.json(await toggleIgnore(c.var.ctx, c.req.param("id"))),
);
