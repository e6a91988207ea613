import { AppError } from "#workers/core/errors";
import type { RequestContext } from "#workers/platform/context";
import { memberFromLabel, recordDonation } from "./donations";
import { readStripeEvent } from "./providers/stripe";
import { readYooMoneyNotification } from "./providers/yoomoney";

/** What a webhook answers when it was accepted: `recorded` is false for a repeat or a notification with no money. */
export interface WebhookResult {
  ok: true;
  recorded: boolean;
}

const BAD_SIGNATURE = "Подпись уведомления не сходится.";

function notConfigured(provider: string): AppError {
  return new AppError("not_found", `Приём уведомлений ${provider} не настроен на этом сайте.`);
}

/** A refused notification is logged with what tells an attack from a misconfiguration (never the secret). */
function refuse(ctx: RequestContext, provider: string, reason: string, status: "signature" | "data"): never {
  console.warn(`donation webhook refused: ${provider}: ${reason}`, { ip: ctx.ip, at: ctx.now().toISOString() });
  throw new AppError("invalid", status === "signature" ? BAD_SIGNATURE : "Уведомление не удалось прочитать.");
}

/** POST /api/webhooks/yoomoney: an HTTP notification from ЮMoney (form-encoded `body`). */
export async function receiveYooMoneyNotification(ctx: RequestContext, body: string): Promise<WebhookResult> {
  const secret = ctx.vars.YOOMONEY_NOTIFICATION_SECRET;
  if (!secret) throw notConfigured("ЮMoney");
  const verdict = await readYooMoneyNotification(new URLSearchParams(body), secret);
  if (verdict.kind === "bad_signature") refuse(ctx, "yoomoney", "sha1_hash mismatch", "signature");
  if (verdict.kind === "malformed") refuse(ctx, "yoomoney", verdict.reason, "data");
  if (verdict.kind === "skip") return { ok: true, recorded: false };
  const row = await recordDonation(ctx, {
    provider: "yoomoney",
    externalId: verdict.operationId,
    amount: verdict.amount,
    userId: await memberFromLabel(ctx.db, verdict.label),
    donatedAt: verdict.donatedAt ?? ctx.now(),
  });
  return { ok: true, recorded: !!row };
}

/** POST /api/webhooks/stripe: a signed Stripe event (the raw `body` as sent, and its Stripe-Signature header). */
export async function receiveStripeEvent(
  ctx: RequestContext,
  body: string,
  signature: string | null,
): Promise<WebhookResult> {
  const secret = ctx.vars.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw notConfigured("Stripe");
  const verdict = await readStripeEvent(body, signature, secret, ctx.now());
  if (verdict.kind === "bad_signature") refuse(ctx, "stripe", verdict.reason, "signature");
  if (verdict.kind === "skip") {
    if (verdict.reason.startsWith("currency"))
      console.warn(`stripe donation not in roubles, enter it by hand: ${verdict.reason}`);
    return { ok: true, recorded: false };
  }
  const row = await recordDonation(ctx, {
    provider: "stripe",
    externalId: verdict.operationId,
    amount: verdict.amount,
    userId: await memberFromLabel(ctx.db, verdict.label),
    name: verdict.name,
    message: verdict.message,
    donatedAt: verdict.donatedAt,
  });
  return { ok: true, recorded: !!row };
}
