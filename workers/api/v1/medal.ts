import { Hono } from "hono";
import { z } from "zod";
import {
  awardMedal,
  createMedal,
  listMedals,
  listUserMedals,
  revokeMedal,
  setMedalPicture,
  updateMedal,
} from "#workers/core/medals/medals";
import { MEDAL_RULES, ZAward, ZMedal } from "#workers/core/medals/medals.schemas";
import { readFileField, readJson } from "../http";
import type { ApiEnv } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";

/** Medals (docs/decisions/0028): the list, admins' create/edit/award/revoke, and a member's medals. */
const ZMedalShape = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.object({ small: z.string(), big: z.string() }).nullable(),
  is_automatic: z.boolean(),
  rule: z.enum(MEDAL_RULES).nullable(),
});
const ZUserMedalShape = z.object({
  id: z.number().int(),
  medal: ZMedalShape,
  note: z.string(),
  datetime: z.string().meta({ description: "Когда вручена" }),
});
const idParam = { params: z.object({ id: z.string() }) };

registry.registerPath({
  method: "get",
  path: "/v1/medal/",
  summary: "Все медали",
  responses: { 200: jsonResponse("Медали", z.array(ZMedalShape)) },
});
registry.registerPath({
  method: "post",
  path: "/v1/medal/",
  summary: "Создать медаль (администраторы)",
  request: jsonBody(ZMedal),
  responses: { 201: jsonResponse("Создана", ZMedalShape), ...errorResponses(400, 401, 403, 409) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/medal/{id}/",
  summary: "Изменить медаль (администраторы)",
  request: { ...idParam, ...jsonBody(ZMedal) },
  responses: { 200: jsonResponse("Сохранена", ZMedalShape), ...errorResponses(400, 401, 403, 404, 409) },
});
registry.registerPath({
  method: "post",
  path: "/v1/medal/{id}/picture/",
  summary: "Картинка медали, multipart-поле picture (администраторы)",
  request: idParam,
  responses: { 200: jsonResponse("Сохранена", ZMedalShape), ...errorResponses(400, 401, 403, 404, 413, 415) },
});
registry.registerPath({
  method: "post",
  path: "/v1/medal/{id}/award/",
  summary: "Вручить медаль участнику с примечанием (администраторы)",
  request: { ...idParam, ...jsonBody(ZAward) },
  responses: { 201: jsonResponse("Вручена", ZUserMedalShape), ...errorResponses(400, 401, 403, 404, 409) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/medal/{id}/award/{user_id}/",
  summary: "Забрать медаль (администраторы)",
  request: { params: z.object({ id: z.string(), user_id: z.string() }) },
  responses: { 204: { description: "Забрана" }, ...errorResponses(401, 403, 404) },
});
registry.registerPath({
  method: "get",
  path: "/v1/user/{id}/medals/",
  summary: "Медали участника с датами, новые сверху",
  request: { ...idParam, query: z.object({ page: z.string().optional() }) },
  responses: {
    200: jsonResponse(
      "Страница медалей",
      z.object({ results: z.array(ZUserMedalShape), next: z.string().nullable(), previous: z.string().nullable() }),
    ),
    ...errorResponses(400, 404),
  },
});

export const medalRouter = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await listMedals(c.var.ctx)))
  .post("/", async (c) => c.json(await createMedal(c.var.ctx, await readJson(c)), 201))
  .patch("/:id{[0-9]+}", async (c) => c.json(await updateMedal(c.var.ctx, c.req.param("id"), await readJson(c))))
  .post("/:id{[0-9]+}/picture", async (c) =>
    c.json(await setMedalPicture(c.var.ctx, c.req.param("id"), await readFileField(c, "picture"))),
  )
  .post("/:id{[0-9]+}/award", async (c) =>
    c.json(await awardMedal(c.var.ctx, c.req.param("id"), await readJson(c)), 201),
  )
  .delete("/:id{[0-9]+}/award/:userId{[0-9]+}", async (c) => {
    await revokeMedal(c.var.ctx, c.req.param("id"), c.req.param("userId"));
    return c.body(null, 204);
  });

/** Mounted at /v1/user: GET /v1/user/{id}/medals/. */
export const userMedalsRouter = new Hono<ApiEnv>().get("/:id{[0-9]+}/medals", async (c) =>
  c.json(await listUserMedals(c.var.ctx, c.req.param("id"), c.req.query("page"))),
);
