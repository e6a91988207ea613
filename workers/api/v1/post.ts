import { Hono } from "hono";
import { z } from "zod";
import { getPost } from "#workers/core/posts/posts";
import { uploadPostImage } from "#workers/core/posts/posts.images";
import { listPinnedPosts, listPosts } from "#workers/core/posts/posts.lists";
import type { Page } from "#workers/core/posts/posts.read";
import { POST_LIST_TYPES, ZDraftCreate, ZShare } from "#workers/core/posts/posts.schemas";
import { leavePost, sharePost } from "#workers/core/posts/posts.sharing";
import {
  createDraft,
  deletePost,
  publishPost,
  togglePin,
  unpublishPost,
  updatePost,
} from "#workers/core/posts/posts.write";
import { type ApiContext, type ApiEnv, readFileField, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { ZPublicUserShape } from "./shapes";

/** Turns a service page's query-string links into absolute URLs of the current path. */
export function withUrls<T>(c: ApiContext, page: Page<T>): Page<T> {
  const url = new URL(c.req.url);
  const absolute = (query: string | null) => (query === null ? null : `${url.origin}${url.pathname}${query}`);
  return { results: page.results, next: absolute(page.next), previous: absolute(page.previous) };
}

export const ZTagRefShape = z.object({ slug: z.string(), name: z.string() });
export const ZPostCardShape = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  headline: z.string(),
  image: z.string().nullable(),
  is_video_background: z.boolean(),
  user: ZPublicUserShape,
  datetime: z.string(),
  comments_count: z.number().int(),
  is_pinned: z.boolean(),
  is_published: z.boolean(),
  pwnd: z.number().int(),
  ownd: z.number().int(),
  is_bookmarked: z.boolean(),
  tags: z.array(ZTagRefShape),
});
/** The body is recursive (ZPostBody in workers/core/posts/body.schemas.ts); documented here as a plain doc. */
const ZPostBodyDoc = z
  .object({ type: z.literal("doc"), content: z.array(z.record(z.string(), z.unknown())) })
  .meta({ description: "Документ редактора (подмножество ProseMirror JSON), не HTML" });
const ZPostUpdateDoc = z
  .object({
    title: z.string().max(150),
    headline: z.string().max(500),
    body: ZPostBodyDoc,
    image: z.string().nullable(),
    is_video_background: z.boolean(),
    tags: z.array(z.string().min(2).max(40)).max(10),
  })
  .partial();
const ZPostDetailShape = ZPostCardShape.extend({
  body: ZPostBodyDoc,
  datetime_created: z.string(),
  datetime_updated: z.string(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_publish: z.boolean(),
  can_share: z.boolean(),
  can_pin: z.boolean(),
  shared_with: z.array(ZPublicUserShape),
  comments: z.array(z.unknown()),
});
const ZMediaShape = z.object({
  url: z.string(),
  is_video: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  caption: z.string().nullable(),
});
const slugParam = { params: z.object({ slug: z.string() }) };

registry.registerPath({
  method: "get",
  path: "/v1/post/",
  summary: "Опубликованные статьи: новые (курсор), top и popular (страницы)",
  request: {
    query: z.object({
      type: z.enum(POST_LIST_TYPES).optional(),
      cursor: z.string().optional(),
      page: z.number().int().min(1).optional(),
    }),
  },
  responses: { 200: jsonResponse("Статьи", ZPage(ZPostCardShape)), ...errorResponses(400) },
});
registry.registerPath({
  method: "post",
  path: "/v1/post/",
  summary: "Создать черновик",
  request: jsonBody(ZDraftCreate),
  responses: {
    201: jsonResponse("Черновик", z.object({ slug: z.string(), id: z.number().int() })),
    ...errorResponses(400, 401, 403),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/post/pinned/",
  summary: "Закреплённые статьи",
  responses: { 200: jsonResponse("Статьи", ZPage(ZPostCardShape)) },
});
registry.registerPath({
  method: "get",
  path: "/v1/post/{slug}/",
  summary: "Статья (черновик виден только автору и тем, с кем им поделились)",
  request: slugParam,
  responses: { 200: jsonResponse("Статья", ZPostDetailShape), ...errorResponses(404) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/post/{slug}/",
  summary: "Сохранить поля редактора",
  request: { ...slugParam, ...jsonBody(ZPostUpdateDoc) },
  responses: { 200: jsonResponse("Статья", ZPostDetailShape), ...errorResponses(400, 401, 403, 404, 409, 415) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/post/{slug}/",
  summary: "Удалить статью",
  request: slugParam,
  responses: { 204: { description: "Удалено" }, ...errorResponses(401, 403, 404) },
});
for (const [action, summary] of [
  ["publish", "Опубликовать черновик"],
  ["unpublish", "Снять с публикации"],
] as const) {
  registry.registerPath({
    method: "post",
    path: `/v1/post/{slug}/${action}/`,
    summary,
    request: slugParam,
    responses: { 200: jsonResponse("Статья", ZPostDetailShape), ...errorResponses(400, 401, 403, 404, 409) },
  });
}
registry.registerPath({
  method: "post",
  path: "/v1/post/{slug}/share/",
  summary: "Поделиться черновиком с участником",
  request: { ...slugParam, ...jsonBody(ZShare) },
  responses: { 200: jsonResponse("Статья", ZPostDetailShape), ...errorResponses(400, 401, 403, 404, 409) },
});
registry.registerPath({
  method: "post",
  path: "/v1/post/{slug}/leave/",
  summary: "Отказаться от черновика, которым поделились",
  request: slugParam,
  responses: {
    200: jsonResponse("Готово", z.object({ slug: z.string(), left: z.literal(true) })),
    ...errorResponses(401, 403, 404),
  },
});
registry.registerPath({
  method: "patch",
  path: "/v1/post/{slug}/pin/",
  summary: "Закрепить или открепить (модераторы)",
  request: slugParam,
  responses: { 200: jsonResponse("Состояние", z.object({ is_pinned: z.boolean() })), ...errorResponses(401, 403, 404) },
});
registry.registerPath({
  method: "post",
  path: "/v1/post/{slug}/image/",
  summary: "Загрузить картинку для статьи (до 1600 px в ширину, WebP)",
  request: {
    ...slugParam,
    body: { content: { "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }) }) } } },
  },
  responses: { 200: jsonResponse("Картинка", ZMediaShape), ...errorResponses(400, 401, 403, 404, 413, 415) },
});

export const postRouter = new Hono<ApiEnv>()
  .get("/", async (c) =>
    c.json(
      withUrls(
        c,
        await listPosts(c.var.ctx, {
          type: c.req.query("type"),
          cursor: c.req.query("cursor"),
          page: c.req.query("page"),
        }),
      ),
    ),
  )
  .post("/", async (c) => c.json(await createDraft(c.var.ctx, await readJson(c)), 201))
  .get("/pinned", async (c) => c.json(await listPinnedPosts(c.var.ctx)))
  .get("/:slug", async (c) => c.json(await getPost(c.var.ctx, c.req.param("slug"))))
  .patch("/:slug", async (c) => c.json(await updatePost(c.var.ctx, c.req.param("slug"), await readJson(c))))
  .delete("/:slug", async (c) => {
    await deletePost(c.var.ctx, c.req.param("slug"));
    return c.body(null, 204);
  })
  .post("/:slug/publish", async (c) => c.json(await publishPost(c.var.ctx, c.req.param("slug"))))
  .post("/:slug/unpublish", async (c) => c.json(await unpublishPost(c.var.ctx, c.req.param("slug"))))
  .post("/:slug/share", async (c) => c.json(await sharePost(c.var.ctx, c.req.param("slug"), await readJson(c))))
  .post("/:slug/leave", async (c) => c.json(await leavePost(c.var.ctx, c.req.param("slug"))))
  .patch("/:slug/pin", async (c) => c.json(await togglePin(c.var.ctx, c.req.param("slug"))))
  .post("/:slug/image", async (c) =>
    c.json(await uploadPostImage(c.var.ctx, c.req.param("slug"), await readFileField(c, "file"))),
  );
