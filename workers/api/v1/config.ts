import { Hono } from "hono";
import { getConfig, replaceMenu, updateConfig } from "#workers/core/config/config";
import { ZConfigUpdate, ZMenuReplace } from "#workers/core/config/config.schemas";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZConfigShape } from "./shapes";

registry.registerPath({
  method: "get",
  path: "/v1/config/",
  summary: "Меню и флаги сайта",
  responses: { 200: jsonResponse("Настройки сайта", ZConfigShape) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/config/",
  summary: "Изменить название и флаги (админ)",
  request: jsonBody(ZConfigUpdate),
  responses: { 200: jsonResponse("Настройки сайта", ZConfigShape), ...errorResponses(400, 401, 403) },
});
registry.registerPath({
  method: "put",
  path: "/v1/config/menu/",
  summary: "Заменить меню (админ)",
  request: jsonBody(ZMenuReplace),
  responses: { 200: jsonResponse("Настройки сайта", ZConfigShape), ...errorResponses(400, 401, 403) },
});

export const configRouter = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await getConfig(c.var.ctx)))
  .patch("/", async (c) => c.json(await updateConfig(c.var.ctx, await readJson(c))))
  .put("/menu", async (c) => c.json(await replaceMenu(c.var.ctx, await readJson(c))));
