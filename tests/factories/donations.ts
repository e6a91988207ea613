import type { RequestContext } from "#workers/platform/context";
import { serviceContext } from "./context";

/**
 * Payment notifications signed as the providers sign them, built independently of the code under test: ЮMoney's
 * SHA-1 field string and Stripe's `t=…,v1=HMAC-SHA256("t.payload")` header.
 */
export const YOOMONEY_SECRET = "test-yoomoney-secret-01";
export const STRIPE_SECRET = "whsec_test_signing_secret_0123456789";

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function yooMoneyBody(
  fields: Partial<Record<string, string>> = {},
  secret = YOOMONEY_SECRET,
): Promise<{ body: string; fields: Record<string, string> }> {
  const all: Record<string, string> = {
    notification_type: "p2p-incoming",
    operation_id: `op-${crypto.randomUUID()}`,
    amount: "490.00",
    withdraw_amount: "500.00",
    currency: "643",
    datetime: "2026-11-20T12:30:00Z",
    sender: "41001000040",
    codepro: "false",
    label: "",
    unaccepted: "false",
    ...fields,
  } as Record<string, string>;
  const signed = [
    all.notification_type,
    all.operation_id,
    all.amount,
    all.currency,
    all.datetime,
    all.sender,
    all.codepro,
    secret,
    all.label,
  ].join("&");
  all.sha1_hash = hex(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(signed)));
  return { body: new URLSearchParams(all).toString(), fields: all };
}

export async function stripeSignature(payload: string, timestamp: number, secret = STRIPE_SECRET): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${payload}`));
  return `t=${timestamp},v1=${hex(mac)}`;
}

export function checkoutEvent(session: Record<string, unknown> = {}, type = "checkout.session.completed"): string {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    data: {
      object: {
        id: `cs_test_${crypto.randomUUID().replaceAll("-", "")}`,
        object: "checkout.session",
        amount_total: 150000,
        currency: "rub",
        payment_status: "paid",
        created: 1_795_000_000,
        client_reference_id: null,
        metadata: {},
        ...session,
      },
    },
  });
}

/** A guest request context at `now` with both providers configured (the test Worker has neither secret). */
export async function webhookContext(
  now: () => Date = () => new Date(),
  secrets: { yoomoney?: string; stripe?: string } = { yoomoney: YOOMONEY_SECRET, stripe: STRIPE_SECRET },
): Promise<RequestContext> {
  const ctx = await serviceContext(null, now);
  ctx.vars = { ...ctx.vars, YOOMONEY_NOTIFICATION_SECRET: secrets.yoomoney, STRIPE_WEBHOOK_SECRET: secrets.stripe };
  return ctx;
}
