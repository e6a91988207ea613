import { Hono } from "hono";
import { z } from "zod";
import { ZInvitationCreate, ZProfileUpdate, ZRename } from "#workers/core/accounts/accounts.schemas";
import { serializeCurrentUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import {
  createInvitation,
  getUserById,
  listInvitations,
  removeAvatar,
  removeBackground,
  renameUser,
  updateProfile,
  uploadAvatar,
  uploadBackground,
} from "#workers/core/accounts/profile";
import { listSessions, revokeOtherSessions } from "#workers/core/accounts/sessions";
import { AppError } from "#workers/core/errors";
import { listAuthAccounts } from "#workers/core/social/auth-accounts";
import { publicSocialAccounts } from "#workers/core/social/social-accounts";
import { csrfCookie } from "#workers/platform/cookies";
import { mintCsrfTokenFor } from "#workers/platform/csrf";
import { type ApiEnv, readFileField, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { singlePage, ZPage } from "../pagination";
import { ZCurrentUserShape, ZInvitationShape, ZPublicUserShape } from "./shapes";

const upload = {
  body: {
    content: {
      "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }) }) },
    },
  },
};

registry.registerPath({
  method: "get",
  path: "/v1/user/csrf/",
  summary: "Ставит cookie csrftoken (по HTTPS — __Host-csrftoken), подписанный для текущего сеанса",
  responses: { 200: jsonResponse("Токен", z.object({ csrftoken: z.string() })) },
});
registry.registerPath({
  method: "get",
  path: "/v1/user/me/",
  summary: "Текущий пользователь (403 для гостя)",
  responses: { 200: jsonResponse("Текущий пользователь", ZCurrentUserShape), ...errorResponses(403) },
});
registry.registerPath({
  method: "patch",
  path: "/v1/user/me/",
  summary: "Тема и настройки",
  request: jsonBody(ZProfileUpdate),
  responses: { 200: jsonResponse("Текущий пользователь", ZCurrentUserShape), ...errorResponses(400, 401, 403, 415) },
});
for (const what of ["avatar", "background"] as const) {
  registry.registerPath({
    method: "post",
    path: `/v1/user/me/${what}/`,
    summary: what === "avatar" ? "Загрузить аватар" : "Загрузить фон профиля",
    request: upload,
    responses: {
      200: jsonResponse("Текущий пользователь", ZCurrentUserShape),
      ...errorResponses(400, 401, 403, 413, 415),
    },
  });
  registry.registerPath({
    method: "delete",
    path: `/v1/user/me/${what}/`,
    summary: what === "avatar" ? "Убрать аватар" : "Убрать фон профиля",
    responses: { 200: jsonResponse("Текущий пользователь", ZCurrentUserShape), ...errorResponses(401, 403) },
  });
}
registry.registerPath({
  method: "patch",
  path: "/v1/user/rename/",
  summary: "Сменить имя",
  request: jsonBody(ZRename),
  responses: { 200: jsonResponse("Текущий пользователь", ZCurrentUserShape), ...errorResponses(400, 401, 403, 429) },
});
registry.registerPath({
  method: "get",
  path: "/v1/user/invitations/",
  summary: "Мои приглашения",
  responses: {
    200: jsonResponse("Приглашения", ZPage(ZInvitationShape)),
    ...errorResponses(401),
  },
});
registry.registerPath({
  method: "post",
  path: "/v1/user/invitations/",
  summary: "Создать приглашение",
  request: jsonBody(ZInvitationCreate),
  responses: { 201: jsonResponse("Приглашение", ZInvitationShape), ...errorResponses(400, 401, 403, 409) },
});
const ZSessionShape = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  datetime_created: z.string(),
  datetime_last_used: z.string(),
  is_current: z.boolean(),
});
registry.registerPath({
  method: "get",
  path: "/v1/user/sessions/",
  summary: "Мои активные сеансы",
  responses: { 200: jsonResponse("Сеансы", ZPage(ZSessionShape)), ...errorResponses(401) },
});
registry.registerPath({
  method: "post",
  path: "/v1/user/sessions/revoke-others/",
  summary: "Завершить все сеансы, кроме текущего",
  responses: {
    200: jsonResponse("Сколько завершено", z.object({ revoked: z.number().int() })),
    ...errorResponses(401, 403),
  },
});
registry.registerPath({
  method: "get",
  path: "/v1/user/{id}/",
  summary: "Публичный профиль",
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: jsonResponse("Пользователь", ZPublicUserShape), ...errorResponses(404) },
});

export const userRouter = new Hono<ApiEnv>()
  .get("/csrf", async (c) => {
    const ctx = c.var.ctx;
    const token = ctx.csrfCookie ?? (await mintCsrfTokenFor(c.req.raw, c.env));
    if (!ctx.csrfCookie) c.header("Set-Cookie", csrfCookie(c.req.raw, token), { append: true });
    return c.json({ csrftoken: token });
  })
  .get("/me", async (c) => {
    const actor = c.var.ctx.actor;
    if (!actor) throw new AppError("forbidden", "Вы не вошли на сайт.");
    return c.json(serializeCurrentUser(actor, { auth_accounts: await listAuthAccounts(c.var.ctx, actor.id) }));
  })
  .patch("/me", async (c) => c.json(serializeCurrentUser(await updateProfile(c.var.ctx, await readJson(c)))))
  .post("/me/avatar", async (c) =>
    c.json(serializeCurrentUser(await uploadAvatar(c.var.ctx, await readFileField(c, "avatar")))),
  )
  .delete("/me/avatar", async (c) => c.json(serializeCurrentUser(await removeAvatar(c.var.ctx))))
  .post("/me/background", async (c) =>
    c.json(serializeCurrentUser(await uploadBackground(c.var.ctx, await readFileField(c, "background")))),
  )
  .delete("/me/background", async (c) => c.json(serializeCurrentUser(await removeBackground(c.var.ctx))))
  .patch("/rename", async (c) => c.json(serializeCurrentUser(await renameUser(c.var.ctx, await readJson(c)))))
  .get("/invitations", async (c) => c.json(singlePage(await listInvitations(c.var.ctx))))
  .post("/invitations", async (c) => c.json(await createInvitation(c.var.ctx, await readJson(c)), 201))
  .get("/sessions", async (c) => c.json(singlePage(await listSessions(c.var.ctx))))
  .post("/sessions/revoke-others", async (c) => c.json(await revokeOtherSessions(c.var.ctx)))
  .get("/:id{[0-9]+}", async (c) => {
    const user = await getUserById(c.var.ctx, c.req.param("id"));
    return c.json({ ...serializePublicUser(user), social_accounts: await publicSocialAccounts(c.var.ctx, user.id) });
  });
