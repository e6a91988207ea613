import { Hono } from "hono";
import { z } from "zod";
import {
  createSocialAccount,
  deleteSocialAccount,
  listMySocialAccounts,
  listSocialSchemas,
  updateSocialAccount,
} from "#workers/core/social/social-accounts";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZDetail } from "./shapes";

/** Spec §3 Social account and the services' list (§7 /v1/social-account/). */
const ZSocialAccountShape = z.object({ id: z.number().int(), schema: z.string(), social_uid: z.string() });
const ZSocialSchemaShape = z.object({
  id: z.string(),
  title: z.string(),
  icon: z.string(),
  background: z.string(),
  is_link: z.boolean(),
  url_pattern: z.string().nullable(),
  hint: z.string(),
  is_used: z.boolean(),
});
const ZCreateBody = z.object({ schema: z.string(), social_uid: z.string() });
const ZUpdateBody = z.object({ social_uid: z.string() });
const idParam = { params: z.object({ id: z.string() }) };

registry.registerPath({
  method: "get",
  path: "/v1/social-account/",
  summary: "Мои игровые аккаунты",
  responses: { 200: jsonResponse("Аккаунты", z.array(ZSocialAccountShape)), ...errorResponses(401) },
});
registry.registerPath({
  method: "get",
  path: "/v1/social-account/schemas/",
  summary: "Сервисы игровых аккаунтов (is_used — у меня уже есть аккаунт этого сервиса)",
  responses: { 200: jsonResponse("Сервисы", z.array(ZSocialSchemaShape)) },
});
registry.registerPath({
  method: "post",
  path: "/v1/social-account/",
  summary: "Добавить игровой аккаунт (один на сервис)",
  request: jsonBody(ZCreateBody),
  responses: { 201: jsonResponse("Аккаунт", ZSocialAccountShape), ...errorResponses(400, 401, 403, 415) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/social-account/{id}/",
  summary: "Изменить идентификатор игрового аккаунта",
  request: { ...idParam, ...jsonBody(ZUpdateBody) },
  responses: { 200: jsonResponse("Аккаунт", ZSocialAccountShape), ...errorResponses(400, 401, 403, 404, 415) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/social-account/{id}/",
  summary: "Удалить игровой аккаунт",
  request: idParam,
  responses: { 200: jsonResponse("Готово", ZDetail), ...errorResponses(401, 404) },
});

export const socialAccountRouter = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await listMySocialAccounts(c.var.ctx)))
  .get("/schemas", async (c) => c.json(await listSocialSchemas(c.var.ctx)))
  .post("/", async (c) => c.json(await createSocialAccount(c.var.ctx, await readJson(c)), 201))
  .patch("/:id", async (c) => c.json(await updateSocialAccount(c.var.ctx, c.req.param("id"), await readJson(c))))
  .delete("/:id", async (c) => {
    await deleteSocialAccount(c.var.ctx, c.req.param("id"));
    return c.json({ detail: "Игровой аккаунт удалён." });
  });
