import { Hono } from "hono";
import { z } from "zod";
import { ZResetRequest, ZSetPassword, ZSignIn, ZSignUp } from "#workers/core/accounts/accounts.schemas";
import { serializeCurrentUser } from "#workers/core/accounts/accounts.serializers";
import { requestPasswordReset, setPassword } from "#workers/core/accounts/password-reset";
import { signIn, signOut } from "#workers/core/accounts/sign-in";
import { signUp } from "#workers/core/accounts/sign-up";
import { knownDeviceCookie, signedInCookies, signedOutCookies } from "#workers/platform/auth-cookies";
import { type ApiEnv, readJson } from "../http";
import { errorResponses, jsonBody, jsonResponse, registry } from "../openapi";
import { ZCurrentUserShape, ZDetail } from "./shapes";

registry.registerPath({
  method: "post",
  path: "/v1/auth/sign-up/",
  summary: "Регистрация (создаёт аккаунт и входит)",
  request: jsonBody(ZSignUp),
  responses: { 201: jsonResponse("Текущий пользователь", ZCurrentUserShape), ...errorResponses(400, 403, 409, 415, 429) },
});
registry.registerPath({
  method: "post",
  path: "/v1/auth/sign-in/",
  summary: "Вход по имени или e-mail",
  request: jsonBody(ZSignIn),
  responses: { 200: jsonResponse("Текущий пользователь", ZCurrentUserShape), ...errorResponses(400, 403, 415, 429) },
});
registry.registerPath({
  method: "post",
  path: "/v1/auth/sign-out/",
  summary: "Выход",
  responses: { 200: jsonResponse("Готово", ZDetail), ...errorResponses(403) },
});
registry.registerPath({
  method: "post",
  path: "/v1/auth/reset/",
  summary: "Письмо для смены пароля (ответ не зависит от того, есть ли адрес)",
  request: jsonBody(ZResetRequest),
  responses: { 200: jsonResponse("Готово", ZDetail), ...errorResponses(400, 403, 429) },
});
registry.registerPath({
  method: "post",
  path: "/v1/auth/set/{uid}/{token}/",
  summary: "Новый пароль по ссылке из письма",
  request: { params: z.object({ uid: z.string(), token: z.string() }), ...jsonBody(ZSetPassword) },
  responses: { 200: jsonResponse("Готово", ZDetail), ...errorResponses(400, 403, 429) },
});

export const authRouter = new Hono<ApiEnv>()
  .post("/sign-up", async (c) => {
    const { user, session } = await signUp(c.var.ctx, await readJson(c));
    for (const cookie of await signedInCookies(c.var.ctx, session, user.id)) c.header("Set-Cookie", cookie, { append: true });
    return c.json(serializeCurrentUser(user), 201);
  })
  .post("/sign-in", async (c) => {
    const { user, session } = await signIn(c.var.ctx, await readJson(c));
    for (const cookie of await signedInCookies(c.var.ctx, session, user.id)) c.header("Set-Cookie", cookie, { append: true });
    return c.json(serializeCurrentUser(user));
  })
  .post("/sign-out", async (c) => {
    await signOut(c.var.ctx);
    for (const cookie of await signedOutCookies(c.var.ctx)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ detail: "Вы вышли с сайта." });
  })
  .post("/reset", async (c) => c.json(await requestPasswordReset(c.var.ctx, await readJson(c))))
  .post("/set/:uid/:token", async (c) => {
    const link = { uid: c.req.param("uid"), token: c.req.param("token") };
    const done = await setPassword(c.var.ctx, link, await readJson(c));
    // The e-mailed link proved the owner: this client becomes a known device (docs/decisions/0021).
    c.header("Set-Cookie", await knownDeviceCookie(c.var.ctx, Number(link.uid)), { append: true });
    return c.json(done);
  });
