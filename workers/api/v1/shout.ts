import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "#workers/core/errors";
import {
  countShoutView,
  createShout,
  deleteShout,
  getShout,
  listPinnedShouts,
  listShouts,
  toggleFreezeShout,
  toggleMuteShout,
  togglePinShout,
  updateShout,
} from "#workers/core/shouts/shouts";
import {
  SHOUT_CAPTION_MAX,
  SHOUT_LIST_TYPES,
  SHOUT_MEDIA_MAX,
  SHOUT_TEXT_MAX,
  ZShoutUpdate,
} from "#workers/core/shouts/shouts.schemas";
import { type ApiContext, type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { withUrls, ZTagRefShape } from "./post";
import { ZPublicUserShape } from "./shapes";

export const ZShoutMediaShape = z.object({
  url: z.string(),
  is_video: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  caption: z.string(),
  thumb_url: z.string().optional(),
});

/** Spec §3 Shout. */
export const ZShoutShape = z.object({
  id: z.number().int(),
  headline: z.string(),
  user: ZPublicUserShape,
  datetime: z.string(),
  datetime_updated: z.string().nullable(),
  comments_count: z.number().int(),
  is_pinned: z.boolean(),
  is_muted: z.boolean(),
  is_frozen: z.boolean(),
  is_media_hidden: z.boolean(),
  pwnd: z.number().int(),
  ownd: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  is_bookmarked: z.boolean(),
  images: z.array(ZShoutMediaShape),
  tags: z.array(ZTagRefShape),
  views_count: z.number().int().nullable(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_moderate: z.boolean(),
});
const ZShoutDetailShape = ZShoutShape.extend({
  comments: z.array(z.looseObject({})).meta({ description: "Дерево комментариев (форма — как у /v1/shout-comment/)" }),
});
const ZShoutCreateDoc = z.object({
  text: z.string().max(SHOUT_TEXT_MAX).optional(),
  files: z.array(z.string().meta({ format: "binary" })).max(SHOUT_MEDIA_MAX).optional(),
  captions: z.array(z.string().max(SHOUT_CAPTION_MAX)).optional(),
  videos: z.array(z.string()).optional(),
  is_media_hidden: z.boolean().optional(),
});
const idParam = { params: z.object({ id: z.string() }) };

registry.registerPath({
  method: "get",
  path: "/v1/shout/",
  summary: "Записки «Костра»: новые (курсор) или популярные (?type=popular&page=)",
  request: {
    query: z.object({
      type: z.enum(SHOUT_LIST_TYPES).optional(),
      cursor: z.string().optional(),
      page: z.number().int().min(1).optional(),
    }),
  },
  responses: { 200: jsonResponse("Записки", ZPage(ZShoutShape)), ...errorResponses(400) },
});
registry.registerPath({
  method: "get",
  path: "/v1/shout/pinned/",
  summary: "Закреплённые записки",
  responses: { 200: jsonResponse("Записки", ZPage(ZShoutShape)) },
});
registry.registerPath({
  method: "get",
  path: "/v1/shout/{id}/",
  summary: "Записка с комментариями (засчитывает просмотр: один на зрителя в сутки)",
  request: idParam,
  responses: { 200: jsonResponse("Записка", ZShoutDetailShape), ...errorResponses(404) },
});
registry.registerPath({
  method: "post",
  path: "/v1/shout/",
  summary: `Написать записку: текст до ${SHOUT_TEXT_MAX} символов, до ${SHOUT_MEDIA_MAX} картинок и видео (multipart/form-data или JSON без файлов)`,
  request: {
    body: {
      content: { "multipart/form-data": { schema: ZShoutCreateDoc }, "application/json": { schema: ZShoutCreateDoc.omit({ files: true }) } },
    },
  },
  responses: { 201: jsonResponse("Записка", ZShoutShape), ...errorResponses(400, 401, 403, 409, 413, 415) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/shout/{id}/",
  summary: "Изменить текст записки (автор — в течение часа, модератор — всегда)",
  request: { ...idParam, ...jsonBody(ZShoutUpdate) },
  responses: { 200: jsonResponse("Записка", ZShoutShape), ...errorResponses(400, 401, 403, 404, 415) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/shout/{id}/",
  summary: "Удалить записку (автор или модератор)",
  request: idParam,
  responses: {
    200: jsonResponse("Удалено", z.object({ id: z.number().int(), deleted: z.literal(true) })),
    ...errorResponses(401, 403, 404),
  },
});
for (const [action, field, summary] of [
  ["pin", "is_pinned", "Закрепить или открепить записку (модераторы)"],
  ["mute", "is_muted", "Скрыть записку из списков или вернуть (модераторы)"],
  ["freeze", "is_frozen", "Закрыть записку для новых комментариев или открыть (модераторы)"],
] as const) {
  registry.registerPath({
    method: "patch",
    path: `/v1/shout/{id}/${action}/`,
    summary,
    request: idParam,
    responses: { 200: jsonResponse("Состояние", z.object({ [field]: z.boolean() })), ...errorResponses(401, 403, 404) },
  });
}

/** The fields of a new shout from a multipart form (files under "files"; "[]" suffixes accepted) or JSON. */
async function readShoutInput(c: ApiContext) {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new AppError("invalid", "Не удалось прочитать форму.");
    }
    const all = (name: string) => [...form.getAll(name), ...form.getAll(`${name}[]`)];
    return {
      text: form.get("text") ?? "",
      files: all("files"),
      captions: all("captions"),
      videos: all("videos"),
      is_media_hidden: form.get("is_media_hidden") ?? undefined,
    };
  }
  const body = (await readJson(c)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError("invalid", "Ожидается объект JSON.");
  const list = (value: unknown) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);
  return {
    text: body.text ?? "",
    files: [],
    captions: list(body.captions),
    videos: list(body.videos),
    is_media_hidden: body.is_media_hidden,
  };
}

export const shoutRouter = new Hono<ApiEnv>()
  .get("/", async (c) =>
    c.json(
      withUrls(c, await listShouts(c.var.ctx, { type: c.req.query("type"), cursor: c.req.query("cursor"), page: c.req.query("page") })),
    ),
  )
  .post("/", async (c) => c.json(await createShout(c.var.ctx, await readShoutInput(c)), 201))
  .get("/pinned", async (c) => c.json({ results: await listPinnedShouts(c.var.ctx), next: null, previous: null }))
  .get("/:id", async (c) => {
    const ctx = c.var.ctx;
    const shout = await getShout(ctx, c.req.param("id"));
    if ((await countShoutView(ctx, shout.id)) && shout.views_count !== null) shout.views_count += 1;
    return c.json(shout);
  })
  .patch("/:id", async (c) => c.json(await updateShout(c.var.ctx, c.req.param("id"), await readJson(c))))
  .delete("/:id", async (c) => c.json(await deleteShout(c.var.ctx, c.req.param("id"))))
  .patch("/:id/pin", async (c) => c.json(await togglePinShout(c.var.ctx, c.req.param("id"))))
  .patch("/:id/mute", async (c) => c.json(await toggleMuteShout(c.var.ctx, c.req.param("id"))))
  .patch("/:id/freeze", async (c) => c.json(await toggleFreezeShout(c.var.ctx, c.req.param("id"))));
