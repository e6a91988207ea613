import { Hono } from "hono";
import { z } from "zod";
import { getCalendarSettings, subscribeRelease, updateCalendarSettings } from "#workers/core/calendar/calendar.members";
import { listMyReleases } from "#workers/core/calendar/calendar.read";
import { ZCalendarSettings, ZReleaseCreate, ZReleaseRef } from "#workers/core/calendar/calendar.schemas";
import { serializeRelease } from "#workers/core/calendar/calendar.serializers";
import { addRelease, deleteRelease } from "#workers/core/calendar/calendar.write";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZGameReleaseShape, ZGameShape } from "./game";

const ZSettingsShape = z.object({ time_zone: z.string().nullable(), feed_url: z.string() });

registry.registerPath({
  method: "post",
  path: "/v1/release/",
  summary: "Добавить игре ещё одну дату выхода (редакторы базы игр и админы)",
  request: jsonBody(ZReleaseCreate),
  responses: { 201: jsonResponse("Игра", ZGameShape), ...errorResponses(400, 401, 403, 415) },
});
registry.registerPath({
  method: "post",
  path: "/v1/release/delete/",
  summary: "Удалить дату выхода ({release} или {game, date_released}); последняя — вместе с игрой",
  request: jsonBody(ZReleaseRef),
  responses: {
    200: jsonResponse("Удалено", z.object({ deleted: z.literal(true), game_deleted: z.boolean() })),
    ...errorResponses(400, 401, 403, 404, 415),
  },
});
registry.registerPath({
  method: "post",
  path: "/v1/release/subscribe/",
  summary: "Следить за релизом или перестать ({game, date_released} или {release}; is_subscribed — нужное состояние)",
  request: jsonBody(z.union([ZReleaseRef, z.object({ release: z.number().int(), is_subscribed: z.boolean() })])),
  responses: {
    200: jsonResponse("Состояние", z.object({ is_subscribed: z.boolean() })),
    ...errorResponses(400, 401, 404, 415),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/release/my/",
  summary: "Мои релизы: будущие и прошедшие",
  responses: {
    200: jsonResponse("Релизы", z.object({ upcoming: z.array(ZGameReleaseShape), past: z.array(ZGameReleaseShape) })),
    ...errorResponses(401),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/release/settings/",
  summary: "Часовой пояс напоминаний и адрес личной ленты iCalendar",
  responses: { 200: jsonResponse("Настройки", ZSettingsShape), ...errorResponses(401) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/release/settings/",
  summary:
    "Часовой пояс напоминаний (пустая строка — московское время); reset_feed: новый секретный адрес ленты, старый перестаёт работать",
  request: jsonBody(ZCalendarSettings),
  responses: { 200: jsonResponse("Настройки", ZSettingsShape), ...errorResponses(400, 401, 415) },
});

export const releaseRouter = new Hono<ApiEnv>()
  .post("/", async (c) => c.json(await addRelease(c.var.ctx, await readJson(c)), 201))
  .post("/delete", async (c) => c.json(await deleteRelease(c.var.ctx, await readJson(c))))
  .post("/subscribe", async (c) => c.json(await subscribeRelease(c.var.ctx, await readJson(c))))
  .get("/my", async (c) => c.json(await listMyReleases(c.var.ctx, serializeRelease)))
  .get("/settings", async (c) => c.json(await getCalendarSettings(c.var.ctx)))
  .patch("/settings", async (c) => c.json(await updateCalendarSettings(c.var.ctx, await readJson(c))));
