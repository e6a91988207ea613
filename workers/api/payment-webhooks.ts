import { Hono } from "hono";
import { receiveStripeEvent, receiveYooMoneyNotification } from "#workers/core/donations/webhooks";
import { AppError } from "#workers/core/errors";
import { buildRequestContext } from "#workers/platform/context";
import type { ApiEnv } from "./http";

/**
 * The payment providers' door (docs/decisions/0028-donations-and-medals.md): /api/webhooks/<provider>. Apart
 * from the JSON API because these requests come from the providers' servers, with no session and no CSRF token:
 * each is authenticated by its provider's signature instead, checked in workers/core/donations/webhooks.ts.
 * Answers 200 `{ok, recorded}`, 400 for a bad signature or unreadable data, 404 when the provider is not set up.
 */
const BODY_MAX = 64 * 1024;

async function rawBody(request: Request): Promise<string> {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > BODY_MAX) throw new AppError("too_large", "Слишком большое уведомление.");
  // Bytes, decoded as UTF-8 (both providers send UTF-8; .text() would warn on a form body).
  const text = new TextDecoder().decode(await request.arrayBuffer());
  if (text.length > BODY_MAX) throw new AppError("too_large", "Слишком большое уведомление.");
  return text;
}

export const paymentWebhooks = new Hono<ApiEnv>({ strict: false })
  .basePath("/api/webhooks")
  .use(async (c, next) => {
    c.set("ctx", await buildRequestContext(c.req.raw, c.env, c.executionCtx));
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  .post("/yoomoney", async (c) => c.json(await receiveYooMoneyNotification(c.var.ctx, await rawBody(c.req.raw))))
  .post("/stripe", async (c) =>
    c.json(await receiveStripeEvent(c.var.ctx, await rawBody(c.req.raw), c.req.header("Stripe-Signature") ?? null)),
  );

paymentWebhooks.notFound((c) => c.json({ detail: "Такого адреса для уведомлений нет." }, 404));

paymentWebhooks.onError((error, c) => {
  c.header("Cache-Control", "private, no-store");
  if (error instanceof AppError) return c.json(error.toBody(), error.status as 400);
  console.error("payment webhook error", error);
  return c.json({ detail: "Что-то пошло не так." }, 500);
});
