import { Hono } from "hono";
import { z } from "zod";
import { createShoutComment, deleteShoutComment, updateShoutComment } from "#workers/core/shouts/shout-comments";
import { ZShoutCommentCreate, ZShoutCommentUpdate } from "#workers/core/shouts/shouts.schemas";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZPublicUserShape } from "./shapes";

/** Spec §3 Shout comment (the post comment shape with `shout` instead of `post_slug`). */
export const ZShoutCommentShape = z.object({
  id: z.number().int(),
  shout: z.number().int(),
  depth: z.number().int().min(1).max(5),
  respond_to_comment: z.number().int().nullable(),
  children: z.array(z.looseObject({})).meta({ description: "Ответы: комментарии той же формы" }),
  user: ZPublicUserShape,
  text: z.string(),
  datetime: z.string(),
  datetime_updated: z.string().nullable(),
  can_delete: z.boolean(),
  can_edit: z.boolean(),
  pwnd: z.number().int(),
  ownd: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  is_deleted: z.boolean(),
});
const idParam = { params: z.object({ id: z.string() }) };

registry.registerPath({
  method: "post",
  path: "/v1/shout-comment/",
  summary: "Комментарий к записке (или ответ); повтор того же текста в течение минуты не сохраняется",
  request: jsonBody(ZShoutCommentCreate),
  responses: { 201: jsonResponse("Комментарий", ZShoutCommentShape), ...errorResponses(400, 401, 403, 404, 415) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/shout-comment/{id}/",
  summary: "Изменить комментарий к записке (автор — в течение часа, модератор — всегда)",
  request: { ...idParam, ...jsonBody(ZShoutCommentUpdate) },
  responses: { 200: jsonResponse("Комментарий", ZShoutCommentShape), ...errorResponses(400, 401, 403, 404, 415) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/shout-comment/{id}/",
  summary: "Удалить комментарий к записке (с ответами остаётся заглушка «Комментарий удалён»)",
  request: idParam,
  responses: {
    200: jsonResponse(
      "Итог",
      z.object({ id: z.number().int(), shout: z.number().int(), is_removed: z.boolean(), comments_count: z.number().int() }),
    ),
    ...errorResponses(401, 403, 404),
  },
});

export const shoutCommentRouter = new Hono<ApiEnv>()
  .post("/", async (c) => c.json(await createShoutComment(c.var.ctx, await readJson(c)), 201))
  .patch("/:id", async (c) => c.json(await updateShoutComment(c.var.ctx, c.req.param("id"), await readJson(c))))
  .delete("/:id", async (c) => c.json(await deleteShoutComment(c.var.ctx, c.req.param("id"))));
