import { Hono } from "hono";
import { z } from "zod";
import { getGame, listMonth } from "#workers/core/calendar/calendar.read";
import { ZGameCreate, ZGameUpdate } from "#workers/core/calendar/calendar.schemas";
import { serializeRelease } from "#workers/core/calendar/calendar.serializers";
import { createGame, updateGame } from "#workers/core/calendar/calendar.write";
import { AppError } from "#workers/core/errors";
import { type ApiContext, type ApiEnv, readJson } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";

/** Spec §3 Game release. */
export const ZGameReleaseShape = z.object({
  id: z.number().int(),
  game: z.number().int(),
  title: z.string(),
  cover: z.object({ id: z.string(), url: z.string(), url_2x: z.string() }).nullable(),
  platforms: z.array(z.object({ id: z.number().int() })),
  datetime_released: z.string(),
  precision: z.enum(["day", "month", "quarter", "year"]),
  date_released: z.string(),
  date_label: z.string(),
  day: z.string().nullable(),
  month: z.string(),
  has_time: z.boolean(),
  note: z.string(),
  is_subscribed: z.boolean(),
});
export const ZGameShape = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: ZGameReleaseShape.shape.cover,
  releases: z.array(ZGameReleaseShape),
});
const ZMonthShape = z.object({
  date: z.string(),
  title: z.string(),
  previous: z.string(),
  next: z.string(),
  releases: z.record(z.string(), z.array(ZGameReleaseShape)),
  undated: z.array(ZGameReleaseShape),
  today: z.string(),
});
const idParam = { params: z.object({ id: z.number().int() }) };
const ZCoverFile = z.string().meta({ format: "binary" });

registry.registerPath({
  method: "get",
  path: "/v1/game/releases/",
  summary: "Релизы месяца по дням (по московскому времени); неточные даты — в undated",
  request: {
    query: z.object({ date: z.string().optional().meta({ example: "2027-3" }), platform: z.string().optional() }),
  },
  responses: { 200: jsonResponse("Месяц", ZMonthShape), ...errorResponses(400) },
});
registry.registerPath({
  method: "get",
  path: "/v1/game/{id}/",
  summary: "Игра и все её даты выхода",
  request: idParam,
  responses: { 200: jsonResponse("Игра", ZGameShape), ...errorResponses(404) },
});
registry.registerPath({
  method: "post",
  path: "/v1/game/",
  summary: "Добавить игру с первой датой выхода и обложкой (редакторы базы игр и админы)",
  request: {
    body: {
      content: {
        "multipart/form-data": { schema: ZGameCreate.extend({ cover: ZCoverFile.optional() }) },
        "application/json": { schema: ZGameCreate },
      },
    },
  },
  responses: { 201: jsonResponse("Игра", ZGameShape), ...errorResponses(400, 401, 403, 413, 415) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/game/{id}/",
  summary: "Изменить игру: название, обложку, платформы и дату одного релиза (редакторы базы игр и админы)",
  request: {
    ...idParam,
    body: {
      content: {
        "multipart/form-data": { schema: ZGameUpdate.extend({ cover: ZCoverFile.optional() }) },
        "application/json": { schema: ZGameUpdate },
      },
    },
  },
  responses: { 200: jsonResponse("Игра", ZGameShape), ...errorResponses(400, 401, 403, 404, 413, 415) },
});

const FORM_FIELDS = ["title", "datetime_released", "note", "release"] as const;

/** A game's fields and cover from a multipart form (platforms repeated, "[]" suffix accepted) or JSON. */
export async function readGameInput(c: ApiContext): Promise<{ fields: unknown; cover: unknown }> {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) return { fields: await readJson(c), cover: undefined };
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new AppError("invalid", "Не удалось прочитать форму.");
  }
  const fields: Record<string, unknown> = {};
  for (const name of FORM_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  const platformIds = [...form.getAll("platforms"), ...form.getAll("platforms[]")];
  if (platformIds.length)
    fields.platforms = platformIds.flatMap((v): unknown[] => (typeof v === "string" ? v.split(",") : [v]));
  const remove = form.get("remove_cover");
  if (typeof remove === "string") fields.remove_cover = ["true", "on", "1"].includes(remove.toLowerCase());
  return { fields, cover: form.get("cover") ?? undefined };
}

export const gameRouter = new Hono<ApiEnv>()
  .get("/releases", async (c) =>
    c.json(
      await listMonth(c.var.ctx, { date: c.req.query("date"), platform: c.req.query("platform") }, serializeRelease),
    ),
  )
  .post("/", async (c) => {
    const { fields, cover } = await readGameInput(c);
    return c.json(await createGame(c.var.ctx, fields, cover), 201);
  })
  .get("/:id", async (c) => c.json(await getGame(c.var.ctx, c.req.param("id"))))
  .patch("/:id", async (c) => {
    const { fields, cover } = await readGameInput(c);
    return c.json(await updateGame(c.var.ctx, c.req.param("id"), fields, cover));
  });
