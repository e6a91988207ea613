import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "#workers/core/errors";
import { buildRequestContext } from "#workers/platform/context";
import { checkCsrf } from "#workers/platform/csrf";
import { BOOKMARK_HEADER, bookmarkForResponse } from "#workers/platform/db";
import { realtimeSchemaDocument } from "#workers/realtime/messages";
import type { ApiEnv } from "./http";
import { openApiDocument } from "./openapi";
import { activityRouter } from "./v1/activity";
import { auditRouter } from "./v1/audit";
import { authRouter } from "./v1/auth";
import { bookmarkRouter } from "./v1/bookmark";
import { commentRouter } from "./v1/comment";
import { configRouter } from "./v1/config";
import { feedEntryGroupRouter } from "./v1/feed-entry-group";
import { donationRouter } from "./v1/donation";
import { gameRouter } from "./v1/game";
import { likeRouter } from "./v1/like";
import { medalRouter, userMedalsRouter } from "./v1/medal";
import { notificationRouter } from "./v1/notification";
import { platformRouter } from "./v1/platform";
import { postRouter } from "./v1/post";
import { reportRouter } from "./v1/report";
import { roleRouter, userRoleRouter } from "./v1/role";
import { pushRouter } from "./v1/push";
import { releaseRouter } from "./v1/release";
import { searchRouter } from "./v1/search";
import { secretSantaRouter } from "./v1/secret-santa";
import { shoutRouter } from "./v1/shout";
import { shoutCommentRouter } from "./v1/shout-comment";
import { socialAccountRouter } from "./v1/social-account";
import { tagRouter } from "./v1/tag";
import { userRouter } from "./v1/user";
import { userIgnoreRouter } from "./v1/user-ignore";
import { userListsRouter } from "./v1/user-lists";
import { userMetaRouter } from "./v1/user-meta";
import { yearRouter } from "./v1/year";
import { userModerationRouter } from "./v1/user-moderation";

function executionContext(c: { executionCtx: unknown }): Pick<ExecutionContext, "waitUntil"> {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return { waitUntil: (p) => void p.catch(() => {}) };
  }
}

/**
 * The JSON API at /api/v1. Thin adapters over workers/core; every error is `{detail, errors?}`.
 * `strict: false` strips the trailing slash of the request path before matching, so routes are registered
 * without one (`/csrf`, not `/csrf/`); both `/v1/user/csrf/` and `/v1/user/csrf` then match.
 */
export const api = new Hono<ApiEnv>({ strict: false })
  .basePath("/api")
  .use(async (c, next) => {
    c.set("ctx", await buildRequestContext(c.req.raw, c.env, executionContext(c)));
    checkCsrf(c.req.raw, c.var.ctx.csrfCookie, c.req.header("X-CSRFTOKEN") ?? null);
    await next();
    c.header("Cache-Control", "private, no-store");
    // The member's latest D1 bookmark (docs/decisions/0036-d1-read-replicas.md).
    const bookmark = bookmarkForResponse(c.req.raw, c.var.ctx.d1);
    if (bookmark.header) c.header(BOOKMARK_HEADER, bookmark.header);
    if (bookmark.setCookie) c.header("Set-Cookie", bookmark.setCookie, { append: true });
  })
  .get("/v1/openapi.json", (c) => c.json(openApiDocument()))
  .get("/v1/realtime.json", (c) => c.json(realtimeSchemaDocument()))
  .route("/v1/config", configRouter)
  .route("/v1/auth", authRouter)
  .route("/v1/user", userMedalsRouter)
  .route("/v1/user", userIgnoreRouter)
  .route("/v1/user", userRoleRouter)
  .route("/v1/user", userModerationRouter)
  .route("/v1/user", userMetaRouter)
  .route("/v1/user", userListsRouter)
  .route("/v1/user", userRouter)
  .route("/v1/post", postRouter)
  .route("/v1/comment", commentRouter)
  .route("/v1/shout", shoutRouter)
  .route("/v1/shout-comment", shoutCommentRouter)
  .route("/v1/like", likeRouter)
  .route("/v1/bookmark", bookmarkRouter)
  .route("/v1/tag", tagRouter)
  .route("/v1/search", searchRouter)
  .route("/v1/feed-entry-group", feedEntryGroupRouter)
  .route("/v1/notification", notificationRouter)
  .route("/v1/activity", activityRouter)
  .route("/v1/social-account", socialAccountRouter)
  .route("/v1/push", pushRouter)
  .route("/v1/secret-santa", secretSantaRouter)
  .route("/v1/year", yearRouter)
  .route("/v1/donation", donationRouter)
  .route("/v1/medal", medalRouter)
  .route("/v1/game", gameRouter)
  .route("/v1/platform", platformRouter)
  .route("/v1/release", releaseRouter)
  .route("/v1/role", roleRouter)
  .route("/v1/report", reportRouter)
  .route("/v1/audit", auditRouter);

api.notFound((c) => c.json({ detail: "Такого адреса в API нет." }, 404));

api.onError((error, c) => {
  c.header("Cache-Control", "private, no-store");
  if (error instanceof AppError) {
    if (error.retryAfter) c.header("Retry-After", String(error.retryAfter));
    return c.json(error.toBody(), error.status as 400);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const detail = status === 413 ? "Слишком большой запрос." : status === 400 ? "Неверный запрос." : "Ошибка запроса.";
    return c.json({ detail }, status);
  }
  console.error("API error", error);
  return c.json({ detail: "Что-то пошло не так." }, 500);
});

export type ApiType = typeof api;
