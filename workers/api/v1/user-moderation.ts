import { Hono } from "hono";
import { z } from "zod";
import { saveFingerprint, setFingerprintRequired } from "#workers/core/moderation/fingerprints";
import { activateUser, banUser, blockUser } from "#workers/core/moderation/sanctions";
import { memberModeration } from "#workers/core/moderation/sanctions.member";
import { ZBan, ZBlock } from "#workers/core/moderation/sanctions.schemas";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";

const id = z.object({ id: z.string() });
const ZRef = z.object({ id: z.number(), username: z.string() });
const ZSanction = z.object({
  id: z.number(),
  kind: z.enum(["ban", "block"]),
  reason: z.string(),
  days: z.number().nullable(),
  datetime_start: z.string(),
  datetime_end: z.string().nullable(),
  datetime_lifted: z.string().nullable(),
  actor: ZRef.nullable(),
  lifted_by: ZRef.nullable(),
  is_active: z.boolean(),
});
const ZSanctionResult = z.object({ days: z.number().nullable(), is_banned: z.literal(true), sanction: ZSanction });

registry.registerPath({
  method: "post",
  path: "/v1/user/{id}/ban/",
  summary: "Забанить участника бессрочно (модераторы — участников, администраторы — и модераторов)",
  request: { params: id, ...jsonBody(ZBan) },
  responses: { 200: jsonResponse("Бан", ZSanctionResult), ...errorResponses(400, 401, 403, 404) },
});
registry.registerPath({
  method: "post",
  path: "/v1/user/{id}/block/",
  summary: "Заблокировать участника на days дней (1, 3, 7, 30 или свой срок до 365); ответ — days",
  request: { params: id, ...jsonBody(ZBlock) },
  responses: { 200: jsonResponse("Блокировка", ZSanctionResult), ...errorResponses(400, 401, 403, 404) },
});
registry.registerPath({
  method: "post",
  path: "/v1/user/{id}/activate/",
  summary: "Снять бан или блокировку досрочно",
  request: { params: id },
  responses: {
    200: jsonResponse("Снято", z.object({ is_banned: z.literal(false), lifted: z.boolean() })),
    ...errorResponses(401, 403, 404, 409),
  },
});
registry.registerPath({
  method: "patch",
  path: "/v1/user/fp/",
  summary: "Сохранить отпечаток устройства: data — base64 от JSON {hash, components}",
  request: jsonBody(z.object({ data: z.string() })),
  responses: { 200: jsonResponse("Сохранено", z.object({ saved: z.literal(true) })), ...errorResponses(400, 401) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/user/{id}/fp-required/",
  summary: "Требовать от участника отпечаток устройства (администраторы)",
  request: { params: id, ...jsonBody(z.object({ is_fp_required: z.boolean() })) },
  responses: {
    200: jsonResponse("Состояние", z.object({ is_fp_required: z.boolean() })),
    ...errorResponses(400, 401, 403, 404),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/user/{id}/moderation/",
  summary: "Модераторский вид участника: ограничения, записи журнала, другие аккаунты с тем же отпечатком",
  request: { params: id },
  responses: {
    200: jsonResponse("Вид", z.looseObject({ sanctions: z.array(ZSanction) })),
    ...errorResponses(401, 403, 404),
  },
});

/** Sanctions and fingerprints; mounted before the other /v1/user routers. */
export const userModerationRouter = new Hono<ApiEnv>()
  .patch("/fp", async (c) => c.json(await saveFingerprint(c.var.ctx, await readJson(c))))
  .post("/:id{[0-9]+}/ban", async (c) => c.json(await banUser(c.var.ctx, c.req.param("id"), await readJson(c))))
  .post("/:id{[0-9]+}/block", async (c) => c.json(await blockUser(c.var.ctx, c.req.param("id"), await readJson(c))))
  .post("/:id{[0-9]+}/activate", async (c) => c.json(await activateUser(c.var.ctx, c.req.param("id"))))
  .patch("/:id{[0-9]+}/fp-required", async (c) =>
    c.json(await setFingerprintRequired(c.var.ctx, c.req.param("id"), await readJson(c))),
  )
  .get("/:id{[0-9]+}/moderation", async (c) => c.json(await memberModeration(c.var.ctx, c.req.param("id"))));
