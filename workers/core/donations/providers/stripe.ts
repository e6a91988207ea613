import Stripe from "stripe";

/**
 * Stripe's signed webhooks, verified by the official `stripe` package (its workerd build: Web Crypto through
 * `createSubtleCryptoProvider`, so only `constructEventAsync` works). The `Stripe-Signature` header carries
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`; an event older than the tolerance is refused, so a
 * captured request cannot be replayed later (one replayed within the window is a no-op by the event's session id).
 */
export const STRIPE_TOLERANCE_SECONDS = 300;

const cryptoProvider = Stripe.createSubtleCryptoProvider();

export type StripeVerdict =
  | { kind: "bad_signature"; reason: string }
  | { kind: "skip"; reason: string }
  | {
      kind: "donation";
      /** The Checkout Session id: one per payment, whatever events repeat it. */
      operationId: string;
      amount: number;
      donatedAt: Date;
      name: string;
      message: string;
      /** The member id the site put into `client_reference_id` (or metadata.user_id), as text. */
      label: string;
    };

type CheckoutSession = {
  id?: unknown;
  amount_total?: unknown;
  currency?: unknown;
  payment_status?: unknown;
  created?: unknown;
  client_reference_id?: unknown;
  metadata?: Record<string, unknown> | null;
};

const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

/** Verifies an event (`now` is the receiving time, for the tolerance), then reads a paid Checkout Session. */
export async function readStripeEvent(
  payload: string,
  signature: string | null,
  secret: string,
  now: Date,
): Promise<StripeVerdict> {
  let event: { id: string; type: string; data: { object: unknown } };
  try {
    event = (await Stripe.webhooks.constructEventAsync(
      payload,
      signature ?? "",
      secret,
      STRIPE_TOLERANCE_SECONDS,
      cryptoProvider,
      now.getTime(),
    )) as typeof event;
  } catch (error) {
    return { kind: "bad_signature", reason: error instanceof Error ? error.message.split("\n")[0] : "unreadable" };
  }
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") {
    return { kind: "skip", reason: `event ${event.type}` };
  }
  const session = (event.data?.object ?? {}) as CheckoutSession;
  if (session.payment_status !== "paid") return { kind: "skip", reason: "not paid yet" };
  if (typeof session.id !== "string" || !session.id) return { kind: "skip", reason: "no session id" };
  if (session.currency !== "rub") return { kind: "skip", reason: `currency ${String(session.currency)}` };
  const amount = session.amount_total;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) {
    return { kind: "skip", reason: "amount" };
  }
  const created = typeof session.created === "number" ? new Date(session.created * 1000) : now;
  return {
    kind: "donation",
    operationId: session.id,
    amount,
    donatedAt: created,
    // The name the donor chose to show (never the card holder's from customer_details).
    name: text(session.metadata?.name, 60),
    message: text(session.metadata?.message, 500),
    label: text(session.client_reference_id, 40) || text(session.metadata?.user_id, 40),
  };
}
