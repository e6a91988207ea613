import { Hono } from "hono";
import { z } from "zod";
import { serializeCurrentUser } from "#workers/core/accounts/accounts.serializers";
import {
  createRole,
  deleteRole,
  joinRole,
  leaveRole,
  listRoles,
  searchMembers,
  setMemberAccess,
  updateRole,
} from "#workers/core/roles/roles";
import { ZMemberAccess, ZRoleCreate, ZRoleRef, ZRoleUpdate } from "#workers/core/roles/roles.schemas";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { singlePage, ZPage } from "../pagination";
import { ZCurrentUserShape } from "./shapes";

const ZRoleBadgeShape = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
const ZRoleShape = ZRoleBadgeShape.extend({
  is_joinable: z.boolean(),
  is_mentionable: z.boolean(),
  members_count: z.number().int(),
  is_member: z.boolean(),
});
const ZMemberAccessShape = z.object({
  id: z.number().int(),
  username: z.string(),
  is_admin: z.boolean(),
  is_mod: z.boolean(),
  is_db_editor: z.boolean(),
  roles: z.array(ZRoleBadgeShape),
});
const idParam = { params: z.object({ id: z.string() }) };

registry.registerPath({
  method: "get",
  path: "/v1/role/",
  summary: "Роли сообщества (с числом участников и отметкой, есть ли роль у вас)",
  responses: { 200: jsonResponse("Роли", ZPage(ZRoleShape)) },
});
registry.registerPath({
  method: "post",
  path: "/v1/role/",
  summary: "Создать роль (администраторы)",
  request: jsonBody(ZRoleCreate),
  responses: { 201: jsonResponse("Роль", ZRoleShape), ...errorResponses(400, 401, 403, 409, 415) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/role/{id}/",
  summary: "Изменить роль: название, цвет, можно ли вступать самим и упоминать (администраторы)",
  request: { ...idParam, ...jsonBody(ZRoleUpdate) },
  responses: { 200: jsonResponse("Роль", ZRoleShape), ...errorResponses(400, 401, 403, 404, 409, 415) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/role/{id}/",
  summary: "Удалить роль (администраторы); участники её теряют",
  request: idParam,
  responses: {
    200: jsonResponse("Удалена", z.object({ id: z.number().int(), deleted: z.literal(true) })),
    ...errorResponses(401, 403, 404),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/role/members/",
  summary: "Участники по началу имени, или без запроса — все с ролями и правами (администраторы)",
  request: { query: z.object({ q: z.string().optional() }) },
  responses: { 200: jsonResponse("Участники", ZPage(ZMemberAccessShape)), ...errorResponses(400, 401, 403) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/role/members/{id}/",
  summary: "Роли участника (весь список) и флаги is_mod, is_db_editor (администраторы)",
  request: { ...idParam, ...jsonBody(ZMemberAccess) },
  responses: { 200: jsonResponse("Участник", ZMemberAccessShape), ...errorResponses(400, 401, 403, 404, 415) },
});
for (const [path, summary] of [
  ["/v1/user/add-role/", "Вступить в роль, открытую для вступления"],
  ["/v1/user/remove-role/", "Выйти из роли, открытой для вступления"],
] as const) {
  registry.registerPath({
    method: "patch",
    path,
    summary,
    request: jsonBody(ZRoleRef),
    responses: {
      200: jsonResponse("Текущий пользователь", ZCurrentUserShape),
      ...errorResponses(400, 401, 403, 404, 415),
    },
  });
}

export const roleRouter = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(singlePage(await listRoles(c.var.ctx))))
  .post("/", async (c) => c.json(await createRole(c.var.ctx, await readJson(c)), 201))
  .get("/members", async (c) => c.json(singlePage(await searchMembers(c.var.ctx, { q: c.req.query("q") ?? "" }))))
  .patch("/members/:id", async (c) => c.json(await setMemberAccess(c.var.ctx, c.req.param("id"), await readJson(c))))
  .patch("/:id", async (c) => c.json(await updateRole(c.var.ctx, c.req.param("id"), await readJson(c))))
  .delete("/:id", async (c) => c.json(await deleteRole(c.var.ctx, c.req.param("id"))));

/** Spec §7: PATCH /v1/user/add-role/ and /remove-role/ ({id}); mounted before the other /v1/user routers. */
export const userRoleRouter = new Hono<ApiEnv>()
  .patch("/add-role", async (c) => c.json(serializeCurrentUser(await joinRole(c.var.ctx, await readJson(c)))))
  .patch("/remove-role", async (c) => c.json(serializeCurrentUser(await leaveRole(c.var.ctx, await readJson(c)))));
