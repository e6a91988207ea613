import { Hono } from "hono";
import { z } from "zod";
import { listAudit } from "#workers/core/audit/audit.read";
import type { ApiEnv } from "../http";
import { errorResponses, jsonResponse, registry } from "../openapi";
import { ZPage } from "../pagination";

const ZPersonShape = z.object({ id: z.number().int(), username: z.string() });
const ZAuditShape = z.object({
  id: z.number().int(),
  action: z.string(),
  label: z.string(),
  target_type: z.string(),
  target_label: z.string(),
  target_id: z.string().nullable(),
  target_url: z.string().nullable(),
  actor: ZPersonShape.nullable(),
  target_user: ZPersonShape.nullable(),
  reason: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  datetime: z.string(),
});

registry.registerPath({
  method: "get",
  path: "/v1/audit/",
  summary: "Журнал действий модераторов и администраторов, новые первыми (модераторы и администраторы)",
  request: {
    query: z.object({
      page: z.string().optional(),
      actor: z.string().optional().describe("Кто действовал: имя или id"),
      target: z.string().optional().describe("Кого касается: имя или id"),
      action: z.string().optional().describe("Действие, например user.ban"),
    }),
  },
  responses: { 200: jsonResponse("Записи журнала", ZPage(ZAuditShape)), ...errorResponses(400, 401, 403) },
});

export const auditRouter = new Hono<ApiEnv>().get("/", async (c) =>
  c.json(
    await listAudit(c.var.ctx, {
      page: c.req.query("page"),
      actor: c.req.query("actor"),
      target: c.req.query("target"),
      action: c.req.query("action"),
    }),
  ),
);
