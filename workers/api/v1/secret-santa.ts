import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "#workers/core/errors";
import { getApplication, getMySanta, getSantaFaq, getSantaMeta, getSantaSteps } from "#workers/core/santa/santa.read";
import { ZApplication, ZReceive, ZSend } from "#workers/core/santa/santa.schemas";
import { SANTA_STAGES } from "#workers/core/santa/santa.stage";
import { applyToSanta, markGiftReceived, markGiftSent, updateSantaApplication } from "#workers/core/santa/santa.write";
import { type ApiContext, type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";

const ZCounts = z.object({ applied: z.number().int(), sent: z.number().int(), received: z.number().int() });
const ZMeta = z.object({
  year: z.number().int().nullable(),
  stage: z.enum(SANTA_STAGES),
  stage_label: z.string(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  send_by: z.string().nullable(),
  receive_by: z.string().nullable(),
  min_account_days: z.number().int(),
  min_activity: z.number().int(),
  counts: ZCounts,
});
const ZApplicationShape = z
  .looseObject({
    id: z.number().int(),
    full_name: z.string(),
    address: z.string(),
    country: z.string(),
    city: z.string(),
  })
  .meta({ description: "Своя заявка, заявка получателя (для его Санты) или полная (для администратора)" });
const idParam = { params: z.object({ id: z.string() }) };

registry.registerPath({
  method: "get",
  path: "/v1/secret-santa/meta/",
  summary: "«Тайный Санта»: этап обмена, даты и счётчики (заявок, отправлено, получено)",
  responses: { 200: jsonResponse("Обмен", ZMeta) },
});
registry.registerPath({
  method: "get",
  path: "/v1/secret-santa/step/",
  summary: "Этапы обмена по порядку, текущий отмечен",
  responses: {
    200: jsonResponse("Этапы", z.array(z.looseObject({ id: z.number().int(), stage: z.string(), title: z.string() }))),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/secret-santa/faq/",
  summary: "Вопросы и ответы",
  responses: {
    200: jsonResponse("Вопросы", z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string() }))),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/secret-santa/application/",
  summary: "Моя заявка, мои получатели (после жеребьёвки) и можно ли подать заявку",
  responses: { 200: jsonResponse("Заявка", z.looseObject({ stage: z.string() })), ...errorResponses(401) },
});
registry.registerPath({
  method: "post",
  path: "/v1/secret-santa/application/",
  summary: "Подать заявку (пока идёт приём заявок)",
  request: jsonBody(ZApplication),
  responses: { 201: jsonResponse("Заявка", ZApplicationShape), ...errorResponses(400, 401, 403, 409, 415) },
});
registry.registerPath({
  method: "get",
  path: "/v1/secret-santa/application/{id}/",
  summary: "Заявка: своя, своего получателя (для Санты) или любая (для администратора); иначе 404",
  request: idParam,
  responses: { 200: jsonResponse("Заявка", ZApplicationShape), ...errorResponses(401, 404) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/secret-santa/application/{id}/",
  summary: "Изменить свою заявку (до конца приёма заявок)",
  request: { ...idParam, ...jsonBody(ZApplication) },
  responses: { 200: jsonResponse("Заявка", ZApplicationShape), ...errorResponses(400, 401, 403, 404, 409, 415) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/secret-santa/application/{id}/send/",
  summary: "Санта отмечает подарок отправленным (id — заявка получателя), трек-номер по желанию",
  request: { ...idParam, ...jsonBody(ZSend) },
  responses: { 200: jsonResponse("Получатель", ZApplicationShape), ...errorResponses(400, 401, 403, 404, 409) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/secret-santa/application/{id}/receive/",
  summary:
    "Получатель отмечает подарок полученным; по желанию — записка-благодарность с фото (multipart: thanks, files)",
  request: {
    ...idParam,
    body: {
      content: {
        "application/json": { schema: ZReceive },
        "multipart/form-data": {
          schema: ZReceive.extend({ files: z.array(z.string().meta({ format: "binary" })).optional() }),
        },
      },
    },
  },
  responses: { 200: jsonResponse("Заявка", ZApplicationShape), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
});

/** The receive body: JSON `{thanks}` or a multipart form with `thanks` and picture `files`. */
async function readReceive(c: ApiContext): Promise<{ thanks: unknown; files: unknown[] }> {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new AppError("invalid", "Не удалось прочитать форму.");
    }
    return { thanks: form.get("thanks") ?? "", files: [...form.getAll("files"), ...form.getAll("files[]")] };
  }
  const body = (await readJson(c)) as { thanks?: unknown } | null;
  return { thanks: body && typeof body === "object" ? body.thanks : undefined, files: [] };
}

/** Spec §7 Secret Santa. The application id in /send/ is the recipient's application; in /receive/ the member's own. */
export const secretSantaRouter = new Hono<ApiEnv>()
  .get("/meta", async (c) => c.json(await getSantaMeta(c.var.ctx)))
  .get("/step", async (c) => c.json(await getSantaSteps(c.var.ctx)))
  .get("/faq", async (c) => c.json(await getSantaFaq(c.var.ctx)))
  .get("/application", async (c) => {
    if (!c.var.ctx.actor) throw new AppError("unauthenticated", "Войдите на сайт, чтобы увидеть свою заявку.");
    return c.json(await getMySanta(c.var.ctx));
  })
  .post("/application", async (c) => c.json(await applyToSanta(c.var.ctx, await readJson(c)), 201))
  .get("/application/:id", async (c) => c.json(await getApplication(c.var.ctx, c.req.param("id"))))
  .patch("/application/:id", async (c) =>
    c.json(await updateSantaApplication(c.var.ctx, c.req.param("id"), await readJson(c))),
  )
  .patch("/application/:id/send", async (c) =>
    c.json(await markGiftSent(c.var.ctx, c.req.param("id"), await readJson(c))),
  )
  .patch("/application/:id/receive", async (c) =>
    c.json(await markGiftReceived(c.var.ctx, c.req.param("id"), await readReceive(c))),
  );
