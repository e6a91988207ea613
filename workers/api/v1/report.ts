import { Hono } from "hono";
import { z } from "zod";
import { createReport, listOpenCases, resolveCase } from "#workers/core/reports/reports";
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_TARGETS } from "#workers/core/reports/reports.constants";
import { ZReportCreate, ZReportResolve } from "#workers/core/reports/reports.schemas";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";
import { ZShoutMediaShape } from "./shout";

const ZPersonShape = z.object({ id: z.number().int(), username: z.string() });
const ZCaseShape = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  target_label: z.string(),
  target_id: z.number().int(),
  status: z.enum(["open", "resolved"]),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  reports_count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), label: z.string(), count: z.number().int() })),
  reports: z.array(
    z.object({
      user: ZPersonShape.nullable(),
      reason: z.enum(REPORT_REASONS),
      reason_label: z.string(),
      text: z.string(),
      datetime: z.string(),
    }),
  ),
  content: z.object({
    type: z.enum(REPORT_TARGETS),
    id: z.number().int(),
    exists: z.boolean(),
    url: z.string().nullable(),
    title: z.string(),
    text: z.string(),
    media: z.array(ZShoutMediaShape),
    author: ZPersonShape.extend({
      avatar: z.object({ tiny: z.string(), small: z.string(), big: z.string() }),
    }).nullable(),
    is_hidden: z.boolean(),
    slug: z.string().nullable(),
  }),
  snapshot: z.string(),
  datetime: z.string(),
  datetime_updated: z.string(),
});

registry.registerPath({
  method: "post",
  path: "/v1/report/",
  summary: "Пожаловаться на статью, комментарий, записку, комментарий к записке или участника (один раз)",
  request: jsonBody(ZReportCreate),
  responses: {
    201: jsonResponse(
      "Жалоба принята (жалобы на одно и то же собираются в одно дело)",
      z.object({ case_id: z.number().int(), reports_count: z.number().int(), detail: z.string() }),
    ),
    ...errorResponses(400, 401, 403, 404, 409, 415, 429),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/report/",
  summary: "Открытые жалобы, старые первыми (модераторы и администраторы)",
  request: { query: z.object({ page: z.string().optional() }) },
  responses: {
    200: jsonResponse("Жалобы", ZPage(ZCaseShape).extend({ count: z.number().int() })),
    ...errorResponses(400, 401, 403),
  },
});
registry.registerPath({
  method: "post",
  path: "/v1/report/{id}/resolve/",
  summary:
    "Решение по жалобе: отклонить, скрыть или удалить содержимое, или отметить, что автор наказан; жалобщикам приходит уведомление",
  request: { params: z.object({ id: z.string() }), ...jsonBody(ZReportResolve) },
  responses: {
    200: jsonResponse(
      "Рассмотрена",
      z.object({
        id: z.number().int(),
        status: z.literal("resolved"),
        outcome: z.enum(REPORT_OUTCOMES),
        notified: z.number().int(),
      }),
    ),
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

export const reportRouter = new Hono<ApiEnv>()
  .post("/", async (c) => c.json(await createReport(c.var.ctx, await readJson(c)), 201))
  .get("/", async (c) => c.json(await listOpenCases(c.var.ctx, c.req.query("page"))))
  .post("/:id/resolve", async (c) => c.json(await resolveCase(c.var.ctx, c.req.param("id"), await readJson(c))));
