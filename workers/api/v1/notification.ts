import { Hono } from "hono";
import { z } from "zod";
import { listNotifications, viewAllNotifications, viewNotification } from "#workers/core/notifications/notifications";
import { ZStreamItem } from "#workers/realtime/messages";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";
import { ZPublicUserShape } from "./shapes";

/**
 * Spec §3 Stream item (notifications and the activity stream; types in docs/decisions/0017): the realtime
 * channel's shape, with the full public user.
 */
export const ZStreamItemShape = ZStreamItem.extend({
  user: ZPublicUserShape.nullable(),
  notification: z.number().int().nullable().meta({ description: "Id уведомления, пока оно не прочитано; иначе null" }),
}).strict();

const ZNotificationPage = z.object({
  results: z.array(ZStreamItemShape),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  new: z.number().int().min(0).meta({ description: "Сколько непрочитанных" }),
});

registry.registerPath({
  method: "get",
  path: "/v1/notification/",
  summary: "Уведомления текущего участника, новые сверху, и число непрочитанных",
  request: { query: z.object({ page: z.string().optional() }) },
  responses: { 200: jsonResponse("Уведомления", ZNotificationPage), ...errorResponses(400, 401) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/notification/{id}/view/",
  summary: "Отметить своё уведомление прочитанным (повторно — без изменений)",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: jsonResponse(
      "Прочитано",
      z.object({ id: z.number().int(), notification: z.null(), unread: z.number().int().min(0) }),
    ),
    ...errorResponses(401, 403, 404),
  },
});
registry.registerPath({
  method: "patch",
  path: "/v1/notification/view-all/",
  summary: "Отметить все уведомления прочитанными",
  responses: { 200: jsonResponse("Прочитаны все", z.object({ unread: z.literal(0) })), ...errorResponses(401, 403) },
});

export const notificationRouter = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await listNotifications(c.var.ctx, c.req.query("page"))))
  .patch("/view-all", async (c) => c.json(await viewAllNotifications(c.var.ctx)))
  .patch("/:id/view", async (c) => c.json(await viewNotification(c.var.ctx, c.req.param("id"))));
