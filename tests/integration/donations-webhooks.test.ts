import { SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { json, RUSSIAN } from "#tests/factories/client";
import { db, scalar } from "#tests/factories/db";
import { checkoutEvent, stripeSignature, webhookContext, yooMoneyBody } from "#tests/factories/donations";
import { createUser } from "#tests/factories/users";
import { receiveStripeEvent, receiveYooMoneyNotification } from "#workers/core/donations/webhooks";
import { AppError } from "#workers/core/errors";

async function refused(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const count = (externalId: string) => scalar("SELECT count(*) FROM donations WHERE external_id = ?", externalId);

describe("ЮMoney HTTP notifications", () => {
  it("a correctly signed notification records the donation in kopecks, linked to the member in the label", async () => {
    const member = await createUser();
    const ctx = await webhookContext();
    const { body, fields } = await yooMoneyBody({ amount: "1234.50", label: `user:${member.id}` });
    expect(await receiveYooMoneyNotification(ctx, body)).toEqual({ ok: true, recorded: true });
    const row = await db().query.donations.findFirst({ where: (d, { eq }) => eq(d.externalId, fields.operation_id) });
    expect(row).toMatchObject({ provider: "yoomoney", amount: 123450, userId: member.id, supporterDays: 123 });
    expect(row?.donatedAt.toISOString()).toBe("2026-11-20T12:30:00.000Z");
  });

  it("a tampered amount, a wrong secret or a missing hash is refused (400, logged) and nothing is written", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const ctx = await webhookContext();
    const { fields } = await yooMoneyBody({ amount: "100.00" });
    const tampered = new URLSearchParams({ ...fields, amount: "100000.00" }).toString();
    const wrongSecret = (await yooMoneyBody({}, "another-secret-42")).body;
    const noHash = new URLSearchParams({ ...fields, sha1_hash: "" }).toString();
    for (const body of [tampered, wrongSecret, noHash]) {
      const error = await refused(receiveYooMoneyNotification(ctx, body));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(RUSSIAN);
    }
    expect(await count(fields.operation_id)).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("donation webhook refused: yoomoney"), expect.anything());
    warn.mockRestore();
  });

  it("the same operation again (ЮMoney retries) is accepted once: one row, the period not doubled", async () => {
    const member = await createUser();
    const ctx = await webhookContext();
    const { body, fields } = await yooMoneyBody({ amount: "300.00", label: String(member.id) });
    expect(await receiveYooMoneyNotification(ctx, body)).toEqual({ ok: true, recorded: true });
    expect(await receiveYooMoneyNotification(ctx, body)).toEqual({ ok: true, recorded: false });
    expect(await count(fields.operation_id)).toBe(1);
    const user = await db().query.users.findFirst({ where: (u, { eq }) => eq(u.id, member.id) });
    expect(user?.supporterUntil?.toISOString()).toBe("2026-12-20T12:30:00.000Z");
  });

  it("test notifications and transfers on hold are acknowledged without a donation", async () => {
    const ctx = await webhookContext();
    for (const extra of [{ test_notification: "true" }, { codepro: "true" }, { unaccepted: "true" }]) {
      const { body, fields } = await yooMoneyBody(extra);
      expect(await receiveYooMoneyNotification(ctx, body)).toEqual({ ok: true, recorded: false });
      expect(await count(fields.operation_id)).toBe(0);
    }
  });

  it("an unknown label is a guest's donation; a label naming nobody links nobody", async () => {
    const ctx = await webhookContext();
    const { body, fields } = await yooMoneyBody({ label: "user:999999999" });
    await receiveYooMoneyNotification(ctx, body);
    const row = await db().query.donations.findFirst({ where: (d, { eq }) => eq(d.externalId, fields.operation_id) });
    expect(row).toMatchObject({ userId: null, supporterDays: 0 });
  });
});

describe("Stripe signed webhooks", () => {
  const now = new Date("2026-11-21T10:00:00Z");
  const ts = Math.floor(now.getTime() / 1000);

  it("a valid signature records the paid Checkout Session once, with the donor's chosen name and message", async () => {
    const member = await createUser();
    const ctx = await webhookContext(() => now);
    const payload = checkoutEvent({
      client_reference_id: String(member.id),
      metadata: { name: "Друг из Берлина", message: "Спасибо за сайт!" },
    });
    const sessionId = JSON.parse(payload).data.object.id as string;
    const signature = await stripeSignature(payload, ts);
    expect(await receiveStripeEvent(ctx, payload, signature)).toEqual({ ok: true, recorded: true });
    // Stripe delivers again (same event, or async_payment_succeeded for the same session): no second row.
    expect(await receiveStripeEvent(ctx, payload, signature)).toEqual({ ok: true, recorded: false });
    expect(await count(sessionId)).toBe(1);
    const row = await db().query.donations.findFirst({ where: (d, { eq }) => eq(d.externalId, sessionId) });
    expect(row).toMatchObject({
      provider: "stripe",
      amount: 150000,
      userId: member.id,
      name: "Друг из Берлина",
      message: "Спасибо за сайт!",
    });
  });

  it("a tampered payload, a wrong secret, no header, or a replay after the tolerance is refused", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const ctx = await webhookContext(() => now);
    const payload = checkoutEvent();
    const sessionId = JSON.parse(payload).data.object.id as string;
    const good = await stripeSignature(payload, ts);
    const cases: [string, string | null][] = [
      [payload.replace("150000", "15000000"), good],
      [payload, await stripeSignature(payload, ts, "whsec_someone_elses_secret_000")],
      [payload, null],
      [payload, "t=abc,v1=zz"],
      // Captured and replayed ten minutes later (Stripe's default tolerance is five).
      [payload, await stripeSignature(payload, ts - 600)],
    ];
    for (const [body, signature] of cases) {
      const error = await refused(receiveStripeEvent(ctx, body, signature));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(RUSSIAN);
    }
    expect(await count(sessionId)).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("donation webhook refused: stripe"), expect.anything());
    warn.mockRestore();
  });

  it("events that are not a paid session in roubles are acknowledged and ignored", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const ctx = await webhookContext(() => now);
    for (const payload of [
      checkoutEvent({}, "customer.created"),
      checkoutEvent({ payment_status: "unpaid" }),
      checkoutEvent({ currency: "eur" }),
    ]) {
      expect(await receiveStripeEvent(ctx, payload, await stripeSignature(payload, ts))).toEqual({
        ok: true,
        recorded: false,
      });
      expect(await count(JSON.parse(payload).data.object.id)).toBe(0);
    }
    warn.mockRestore();
  });
});

describe("the webhook door", () => {
  it("answers 404 in Russian while a provider has no secret, without asking for a session or CSRF token", async () => {
    const { body } = await yooMoneyBody();
    const yoo = await SELF.fetch("http://localhost/api/webhooks/yoomoney", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(yoo.status).toBe(404);
    expect((await json<{ detail: string }>(yoo)).detail).toContain("ЮMoney");
    const payload = checkoutEvent();
    const stripe = await SELF.fetch("http://localhost/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, 1) },
      body: payload,
    });
    expect(stripe.status).toBe(404);
    expect((await json<{ detail: string }>(stripe)).detail).toContain("Stripe");
    const other = await SELF.fetch("http://localhost/api/webhooks/paypal", { method: "POST", body: "x" });
    expect(other.status).toBe(404);
  });

  it("refuses an oversized body with 413", async () => {
    const res = await SELF.fetch("http://localhost/api/webhooks/yoomoney", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=".padEnd(70_000, "x"),
    });
    expect(res.status).toBe(413);
  });
});
