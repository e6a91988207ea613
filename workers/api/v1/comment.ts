import { Hono } from "hono";
import { z } from "zod";
import {
  createComment,
  deleteComment,
  getCommentTree,
  listUserComments,
  updateComment,
} from "#workers/core/comments/comments";
import { ZCommentCreate, ZCommentUpdate } from "#workers/core/comments/comments.schemas";
import { AppError } from "#workers/core/errors";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { ZPublicUserShape } from "./shapes";

/** Spec §3 Comment (children are comments of the same shape). */
export const ZCommentShape = z.object({
  id: z.number().int(),
  post_slug: z.string(),
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

/** Spec §3 Comment, search-result form (a member's comments). */
export const ZUserCommentShape = z.object({
  id: z.number().int(),
  post_slug: z.string(),
  user: ZPublicUserShape,
  datetime: z.string(),
  headline: z.string(),
  url: z.string(),
  comments_count: z.number().int(),
  text: z.string(),
  pwnd: z.number().int(),
});

const ZDeletedShape = z.object({
  id: z.number().int(),
  post_slug: z.string(),
  is_removed: z.boolean(),
  comments_count: z.number().int(),
});
const idParam = { params: z.object({ id: z.string() }) };

registry.registerPath({
  method: "post",
  path: "/v1/comment/",
  summary: "Написать комментарий к статье (или ответ)",
  request: jsonBody(ZCommentCreate),
  responses: { 201: jsonResponse("Комментарий", ZCommentShape), ...errorResponses(400, 401, 403, 404, 415) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/comment/{id}/",
  summary: "Изменить комментарий (автор — в течение часа, модератор — всегда)",
  request: { ...idParam, ...jsonBody(ZCommentUpdate) },
  responses: { 200: jsonResponse("Комментарий", ZCommentShape), ...errorResponses(400, 401, 403, 404, 415) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/comment/{id}/",
  summary: "Удалить комментарий (с ответами остаётся заглушка «Комментарий удалён»)",
  request: idParam,
  responses: { 200: jsonResponse("Итог", ZDeletedShape), ...errorResponses(401, 403, 404) },
});
registry.registerPath({
  method: "get",
  path: "/v1/comment/post/{slug}/",
  summary: "Дерево комментариев статьи",
  request: { params: z.object({ slug: z.string() }) },
  responses: { 200: jsonResponse("Комментарии", z.array(ZCommentShape)), ...errorResponses(404) },
});
registry.registerPath({
  method: "get",
  path: "/v1/comment/by-user/{id}/",
  summary: "Комментарии участника (то же, что /v1/user/{id}/comments/)",
  request: { ...idParam, query: z.object({ page: z.string().optional() }) },
  responses: { 200: jsonResponse("Комментарии", ZPage(ZUserCommentShape)), ...errorResponses(400, 404) },
});

export const commentRouter = new Hono<ApiEnv>()
  .post("/", async (c) => c.json(await createComment(c.var.ctx, await readJson(c)), 201))
  .get("/by-user/:id", async (c) => c.json(await listUserComments(c.var.ctx, c.req.param("id"), c.req.query("page"))))
  .get("/post/:slug", async (c) => {
    const ctx = c.var.ctx;
    const post = await ctx.db.query.posts.findFirst({
      where: (p, { and, eq }) => and(eq(p.slug, c.req.param("slug")), eq(p.isPublished, true)),
      columns: { id: true, slug: true },
    });
    if (!post) throw new AppError("not_found", "Статья не найдена.");
    return c.json(await getCommentTree(ctx, post.id, post.slug));
  })
  .patch("/:id", async (c) => c.json(await updateComment(c.var.ctx, c.req.param("id"), await readJson(c))))
  .delete("/:id", async (c) => c.json(await deleteComment(c.var.ctx, c.req.param("id"))));
