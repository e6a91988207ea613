import { Hono } from "hono";
import { z } from "zod";
import {
  addManualDonation,
  deleteDonation,
  getDonationSummary,
  linkDonation,
  listAdminDonations,
  listDonations,
  setDonationGoal,
} from "#workers/core/donations/donations";
import { ZDonationGoal, ZLinkDonation, ZManualDonation } from "#workers/core/donations/donations.schemas";
import { readJson } from "../http";
import type { ApiEnv } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZPublicUserShape } from "./shapes";

/** Spec §7 GET /v1/donation/ and the admins' manual entry (docs/decisions/0028). Amounts are kopecks. */
const ZDonationShape = z.object({
  id: z.number().int(),
  name: z.string().meta({ description: "Имя жертвователя или «Аноним»" }),
  user: ZPublicUserShape.nullable(),
  amount: z.number().int().meta({ description: "Сумма в копейках" }),
  currency: z.literal("RUB"),
  message: z.string().meta({ description: "Сообщение, простой текст" }),
  datetime: z.string(),
});
const ZAdminDonationShape = ZDonationShape.extend({
  provider: z.string(),
  provider_label: z.string(),
  external_id: z.string().nullable(),
  is_anonymous: z.boolean(),
  member: ZPublicUserShape.nullable(),
  supporter_days: z.number().int(),
});
const page = (item: z.ZodType) =>
  z.object({ results: z.array(item), next: z.string().nullable(), previous: z.string().nullable() });

registry.registerPath({
  method: "get",
  path: "/v1/donation/",
  summary: "Пожертвования, новые сверху",
  request: { query: z.object({ page: z.string().optional() }) },
  responses: { 200: jsonResponse("Страница пожертвований", page(ZDonationShape)), ...errorResponses(400) },
});
registry.registerPath({
  method: "get",
  path: "/v1/donation/summary/",
  summary: "Цель месяца и сколько собрано, итог года, главные меценаты года",
  responses: {
    200: jsonResponse(
      "Сводка",
      z.object({
        goal: z.number().int(),
        month_total: z.number().int(),
        month_count: z.number().int(),
        percent: z.number().int(),
        year_total: z.number().int(),
        month_start: z.string(),
        top_supporters: z.array(
          z.object({ user: ZPublicUserShape, amount: z.number().int(), count: z.number().int() }),
        ),
      }),
    ),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/donation/admin/",
  summary: "Пожертвования со всеми полями (администраторы)",
  request: { query: z.object({ page: z.string().optional() }) },
  responses: { 200: jsonResponse("Страница", page(ZAdminDonationShape)), ...errorResponses(400, 401, 403) },
});
registry.registerPath({
  method: "post",
  path: "/v1/donation/",
  summary: "Внести пожертвование вручную: перевод на счёт, Boosty (администраторы)",
  request: jsonBody(ZManualDonation),
  responses: { 201: jsonResponse("Внесено", ZAdminDonationShape), ...errorResponses(400, 401, 403, 409) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/donation/{id}/",
  summary: "Привязать пожертвование к участнику или отвязать (администраторы)",
  request: { params: z.object({ id: z.string() }), ...jsonBody(ZLinkDonation) },
  responses: { 200: jsonResponse("Привязано", ZAdminDonationShape), ...errorResponses(400, 401, 403, 404) },
});
registry.registerPath({
  method: "delete",
  path: "/v1/donation/{id}/",
  summary: "Удалить ошибочную запись (администраторы)",
  request: { params: z.object({ id: z.string() }) },
  responses: { 204: { description: "Удалено" }, ...errorResponses(401, 403, 404) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/donation/goal/",
  summary: "Цель месяца в рублях (администраторы)",
  request: jsonBody(ZDonationGoal),
  responses: { 200: jsonResponse("Сохранено", z.object({ goal: z.number().int() })), ...errorResponses(400, 401, 403) },
});

export const donationRouter = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await listDonations(c.var.ctx, c.req.query("page"))))
  .get("/summary", async (c) => c.json(await getDonationSummary(c.var.ctx)))
  .get("/admin", async (c) => c.json(await listAdminDonations(c.var.ctx, c.req.query("page"))))
  .post("/", async (c) => c.json(await addManualDonation(c.var.ctx, await readJson(c)), 201))
  .patch("/goal", async (c) => c.json(await setDonationGoal(c.var.ctx, await readJson(c))))
  .patch("/:id", async (c) => c.json(await linkDonation(c.var.ctx, c.req.param("id"), await readJson(c))))
  .delete("/:id", async (c) => {
    await deleteDonation(c.var.ctx, c.req.param("id"));
    return c.body(null, 204);
  });
