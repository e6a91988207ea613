import { Hono } from "hono";
import { z } from "zod";
import { listOnline } from "#workers/realtime/presence";
import type { ApiEnv } from "../http";
import { jsonResponse, registry } from "../openapi";

registry.registerPath({
  method: "get",
  path: "/v1/user/meta/",
  summary: "Кто сейчас на сайте (id участников; гостю — пустой список)",
  responses: { 200: jsonResponse("Онлайн", z.object({ online: z.array(z.number().int()) })) },
});

/** Presence: mounted before the user routes so "meta" is never read as a user id. */
export const userMetaRouter = new Hono<ApiEnv>({ strict: false }).get("/meta", async (c) => c.json(await listOnline(c.var.ctx)));
