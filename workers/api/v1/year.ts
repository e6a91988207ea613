import { Hono } from "hono";
import { z } from "zod";
import { getYearRecap } from "#workers/core/recap/recap";
import { getSharedRecap, shareRecap, stopSharingRecap, ZShareInput } from "#workers/core/recap/recap.shares";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";

const ZUserRef = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.object({ tiny: z.string(), small: z.string(), big: z.string() }),
});
const ZPostRef = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  url: z.string(),
  pwnd: z.number().int(),
  comments_count: z.number().int(),
  user: ZUserRef,
});
const ZTagCount = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
const ZRhythm = z.object({
  active_days: z.number().int(),
  most_active_month: z.object({ month: z.number().int(), name: z.string(), count: z.number().int() }).nullable(),
  most_active_weekday: z.object({ weekday: z.number().int(), name: z.string(), count: z.number().int() }).nullable(),
  longest_streak: z.object({ days: z.number().int(), from: z.string(), to: z.string(), label: z.string() }).nullable(),
});
const ZMemberRecap = z.object({
  user: ZUserRef,
  counts: z.object({ posts: z.number().int(), shouts: z.number().int(), comments: z.number().int() }),
  paws: z.object({ given: z.number().int(), received: z.number().int() }),
  best_post: ZPostRef.nullable(),
  favourite_tags: z.array(ZTagCount),
  rhythm: ZRhythm,
  talked_with: z.array(z.object({ user: ZUserRef, count: z.number().int() })),
});
const ZYearRecap = z.object({
  year: z.number().int(),
  years: z.array(z.number().int()),
  is_open: z.boolean(),
  opens_on: z.string().nullable(),
  is_hidden: z.boolean(),
  site: z
    .object({
      counts: z.object({
        posts: z.number().int(),
        shouts: z.number().int(),
        comments: z.number().int(),
        paws: z.number().int(),
        new_members: z.number().int(),
      }),
      top_posts: z.array(ZPostRef),
      top_shouts: z.array(
        z.object({ id: z.number().int(), url: z.string(), text: z.string(), pwnd: z.number().int(), user: ZUserRef }),
      ),
      busiest_day: z.object({ date: z.string(), label: z.string(), count: z.number().int() }).nullable(),
      top_tags: z.array(ZTagCount),
      most_discussed: ZPostRef.extend({ comments_in_year: z.number().int() }).nullable(),
    })
    .nullable(),
  me: ZMemberRecap.nullable(),
});
const ZShare = z.object({ id: z.string(), year: z.number().int(), parts: z.array(z.string()), url: z.string() });

registry.registerPath({
  method: "get",
  path: "/v1/year/{year}/",
  summary: "Итоги года: сайта — всем, свои — участнику (с 1 декабря)",
  request: { params: z.object({ year: z.number().int() }) },
  responses: { 200: jsonResponse("Итоги года", ZYearRecap), ...errorResponses(400, 404) },
});
registry.registerPath({
  method: "post",
  path: "/v1/year/{year}/share/",
  summary: "Поделиться своими итогами года (выбранными частями); прежняя ссылка за этот год перестаёт работать",
  request: { params: z.object({ year: z.number().int() }), ...jsonBody(ZShareInput.pick({ parts: true })) },
  responses: { 200: jsonResponse("Ссылка", ZShare), ...errorResponses(400, 401, 403) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/year/{year}/share/",
  summary: "Перестать делиться итогами года",
  request: { params: z.object({ year: z.number().int() }) },
  responses: { 200: jsonResponse("Год", z.object({ year: z.number().int() })), ...errorResponses(400, 401, 403) },
});
registry.registerPath({
  method: "get",
  path: "/v1/year/shared/{id}/",
  summary: "Итоги года, которыми участник поделился",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: jsonResponse(
      "Итоги участника",
      z.object({
        id: z.string(),
        year: z.number().int(),
        parts: z.array(z.string()),
        user: ZUserRef,
        recap: ZMemberRecap.partial(),
      }),
    ),
    ...errorResponses(404),
  },
});

export const yearRouter = new Hono<ApiEnv>()
  .get("/shared/:id", async (c) => c.json(await getSharedRecap(c.var.ctx, c.req.param("id"))))
  .get("/:year", async (c) => c.json(await getYearRecap(c.var.ctx, { year: c.req.param("year") })))
  .post("/:year/share", async (c) => {
    const body = (await readJson(c)) as Record<string, unknown> | null;
    return c.json(
      await shareRecap(c.var.ctx, { ...(body && typeof body === "object" ? body : {}), year: c.req.param("year") }),
    );
  })
  .delete("/:year/share", async (c) => c.json(await stopSharingRecap(c.var.ctx, { year: c.req.param("year") })));
