import { Hono } from "hono";
import { ZPushEndpoint, ZPushKey, ZPushSubscription, ZPushSubscriptionState } from "#workers/core/push/push.schemas";
import { deletePushSubscription, getPushKey, savePushSubscription } from "#workers/core/push/subscriptions";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";

registry.registerPath({
  method: "get",
  path: "/v1/push/key/",
  summary: "Открытый ключ VAPID для PushManager.subscribe (404, если push-уведомления не настроены)",
  responses: { 200: jsonResponse("Ключ", ZPushKey), ...errorResponses(404) },
});

registry.registerPath({
  method: "post",
  path: "/v1/push/subscription/",
  summary: "Сохранить push-подписку этого браузера за текущим участником (PushSubscription.toJSON())",
  request: jsonBody(ZPushSubscription),
  responses: { 200: jsonResponse("Подписка", ZPushSubscriptionState), ...errorResponses(400, 401, 403, 415) },
});

registry.registerPath({
  method: "delete",
  path: "/v1/push/subscription/",
  summary: "Удалить свою push-подписку по адресу endpoint",
  request: jsonBody(ZPushEndpoint),
  responses: { 200: jsonResponse("Подписка", ZPushSubscriptionState), ...errorResponses(400, 401, 403, 415) },
});

/** Web push: the VAPID key and this browser's subscription (docs/decisions/0016-web-push.md). */
export const pushRouter = new Hono<ApiEnv>({ strict: false })
  .get("/key", (c) => c.json(getPushKey(c.var.ctx)))
  .post("/subscription", async (c) => c.json(await savePushSubscription(c.var.ctx, await readJson(c))))
  .delete("/subscription", async (c) => c.json(await deletePushSubscription(c.var.ctx, await readJson(c))));
