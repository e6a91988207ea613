import { describe, expect, it } from "vitest";
import {
  type ApiClient,
  adminClient,
  type ErrorBody,
  guestClient,
  json,
  memberClient,
  RUSSIAN,
} from "#tests/factories/client";
import { serviceContext } from "#tests/factories/context";
import { db, scalar } from "#tests/factories/db";
import { createUser } from "#tests/factories/users";
import { supporterDaysFor } from "#workers/core/config/donations.config";
import { addManualDonation, getDonationSummary, linkDonation, periodStart } from "#workers/core/donations/donations";
import { rublesToKopecks } from "#workers/core/donations/donations.schemas";
import type { AdminDonationItem, DonationItem } from "#workers/core/donations/donations.serializers";
import { runScheduledJobs } from "#workers/jobs/scheduled";
import { env } from "cloudflare:test";

const DAY = 24 * 60 * 60 * 1000;

async function user(id: number) {
  const row = await db().query.users.findFirst({ where: (u, { eq }) => eq(u.id, id) });
  if (!row) throw new Error("no user");
  return row;
}

describe("amounts and periods", () => {
  it("roubles as admins type them become exact kopecks; anything else is refused", () => {
    expect(rublesToKopecks("1500")).toBe(150000);
    expect(rublesToKopecks("1 500,5")).toBe(150050);
    expect(rublesToKopecks("0.07")).toBe(7);
    expect(rublesToKopecks(19.99)).toBe(1999);
    for (const bad of ["", "1.234", "-5", "1e3", "пять", "1,2,3"]) expect(rublesToKopecks(bad)).toBeNull();
  });

  it("the period is proportional to the amount (300 ₽ = 30 days), rounded down and capped", () => {
    expect(supporterDaysFor(30000)).toBe(30);
    expect(supporterDaysFor(15000)).toBe(15);
    expect(supporterDaysFor(999)).toBe(0);
    expect(supporterDaysFor(100_000_000)).toBe(5 * 365);
  });
});

describe("supporter periods with a controllable clock", () => {
  it("a donation makes its member a supporter; a second one extends the period; it ends by itself", async () => {
    const admin = await createUser({ isAdmin: true });
    const member = await createUser();
    let now = new Date("2031-03-01T09:00:00Z");
    const ctx = await serviceContext(admin, () => now);
    await addManualDonation(ctx, { provider: "bank", amount_rub: "300", username: member.username });
    expect(await user(member.id)).toMatchObject({ isSupporter: true });
    expect((await user(member.id)).supporterUntil?.getTime()).toBe(now.getTime() + 30 * DAY);

    now = new Date("2031-03-20T09:00:00Z");
    await addManualDonation(ctx, { provider: "boosty", amount_rub: "150", username: member.username });
    // Extends from the end of the running period, not from today.
    expect((await user(member.id)).supporterUntil?.toISOString()).toBe("2031-04-15T09:00:00.000Z");

    // One minute before the end the job leaves the coin; one minute after, it is gone — nobody had to act.
    await runScheduledJobs(env, new Date("2031-04-15T08:59:00Z"));
    expect((await user(member.id)).isSupporter).toBe(true);
    await runScheduledJobs(env, new Date("2031-04-15T09:01:00Z"));
    expect((await user(member.id)).isSupporter).toBe(false);

    // The public profile says so too.
    const guest = await guestClient();
    const profile = await json<{ is_supporter: boolean }>(await guest.get(`/user/${member.id}/`));
    expect(profile.is_supporter).toBe(false);
  });

  it("a donation after a lapse starts a new period from its own date", async () => {
    const admin = await createUser({ isAdmin: true });
    const member = await createUser();
    const now = new Date("2032-06-10T00:00:00Z");
    const ctx = await serviceContext(admin, () => now);
    await addManualDonation(ctx, {
      provider: "bank",
      amount_rub: "300",
      username: member.username,
      donated_at: "2032-01-01T00:00:00Z",
    });
    // An old transfer entered late: its period is over, so the member is not a supporter.
    expect(await user(member.id)).toMatchObject({ isSupporter: false });
    await addManualDonation(ctx, { provider: "bank", amount_rub: "600", username: member.username });
    expect((await user(member.id)).supporterUntil?.getTime()).toBe(now.getTime() + 60 * DAY);
    expect((await user(member.id)).isSupporter).toBe(true);
  });

  it("an admin linking a guest's donation to a member gives them the period; relinking moves it", async () => {
    const admin = await createUser({ isAdmin: true });
    const first = await createUser();
    const second = await createUser();
    const now = new Date("2033-02-01T00:00:00Z");
    const ctx = await serviceContext(admin, () => now);
    const donation = await addManualDonation(ctx, { provider: "other", amount_rub: "300" });
    expect(donation.member).toBeNull();
    await linkDonation(ctx, donation.id, { username: first.username });
    expect(await user(first.id)).toMatchObject({ isSupporter: true });
    await linkDonation(ctx, donation.id, { username: second.username });
    expect(await user(first.id)).toMatchObject({ isSupporter: false, supporterUntil: null });
    expect(await user(second.id)).toMatchObject({ isSupporter: true });
    const audit = await scalar(
      "SELECT count(*) FROM audit_log WHERE action = 'donation.link' AND target_id = ?",
      String(donation.id),
    );
    expect(audit).toBe(2);
  });
});

describe("the donations API", () => {
  async function enter(client: ApiClient, body: Record<string, unknown>) {
    return client.post("/donation/", body);
  }

  it("roles on every call: guests 401, members 403, admins allowed; the public list is open", async () => {
    const guest = await guestClient();
    const { client: member } = await memberClient();
    const { client: admin } = await adminClient();
    const body = { provider: "bank", amount_rub: "100" };
    const calls = (c: ApiClient) => [
      () => enter(c, body),
      () => c.get("/donation/admin/"),
      () => c.patch("/donation/1/", { username: "" }),
      () => c.delete("/donation/1/"),
      () => c.patch("/donation/goal/", { goal_rub: "50000" }),
    ];
    for (const call of calls(guest)) expect((await call()).status).toBe(401);
    for (const call of calls(member)) {
      const res = await call();
      expect(res.status).toBe(403);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    expect((await enter(admin, body)).status).toBe(201);
    expect((await guest.get("/donation/")).status).toBe(200);
    expect((await guest.get("/donation/summary/")).status).toBe(200);
  });

  it("an admin's entry is audited, shows «Аноним» when asked, and a reference is never entered twice", async () => {
    const { client: admin, user: adminUser } = await adminClient();
    const { user: member } = await memberClient();
    const reference = `ПП-${crypto.randomUUID().slice(0, 8)}`;
    const res = await enter(admin, {
      provider: "bank",
      amount_rub: "2 500,00",
      username: member.username,
      is_anonymous: true,
      message: "<b>Держитесь!</b>",
      reference,
    });
    expect(res.status).toBe(201);
    const created = await json<AdminDonationItem>(res);
    expect(created).toMatchObject({ amount: 250000, name: "Аноним", user: null, is_anonymous: true });
    expect(created.member?.id).toBe(member.id);
    const again = await enter(admin, { provider: "bank", amount_rub: "2500", reference });
    expect(again.status).toBe(409);
    expect((await json<ErrorBody>(again)).errors?.reference?.[0]).toMatch(RUSSIAN);
    expect(
      await scalar("SELECT count(*) FROM audit_log WHERE action = 'donation.create' AND actor_id = ?", adminUser.id),
    ).toBe(1);

    const guest = await guestClient();
    const page = await json<{ results: DonationItem[] }>(await guest.get("/donation/"));
    const shown = page.results.find((d) => d.id === created.id);
    // Anonymous: no name, no member; the message is kept as plain text for the page to escape.
    expect(shown).toMatchObject({ name: "Аноним", user: null, message: "<b>Держитесь!</b>", amount: 250000 });
  });

  it("bad input is a 400 with Russian field errors, never a row", async () => {
    const { client: admin } = await adminClient();
    const before = await scalar("SELECT count(*) FROM donations");
    for (const [body, field] of [
      [{ provider: "bank", amount_rub: "0" }, "amount_rub"],
      [{ provider: "bank", amount_rub: "12.345" }, "amount_rub"],
      [{ provider: "stripe", amount_rub: "100" }, "provider"],
      [{ provider: "bank", amount_rub: "100", username: "никого_нет_такого" }, "username"],
      [{ provider: "bank", amount_rub: "100", donated_at: "вчера" }, "donated_at"],
      [{ provider: "bank", amount_rub: "100", donated_at: "2999-01-01" }, "donated_at"],
    ] as const) {
      const res = await enter(admin, body);
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).errors?.[field]?.[0]).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM donations")).toBe(before);
  });

  it("the summary counts this month against the goal and ranks the year's named supporters", async () => {
    const admin = await createUser({ isAdmin: true });
    const big = await createUser();
    const small = await createUser();
    const hidden = await createUser();
    const now = new Date("2034-05-15T12:00:00Z");
    const ctx = await serviceContext(admin, () => now);
    const { client } = await adminClient();
    expect((await client.patch("/donation/goal/", { goal_rub: "10000" })).status).toBe(200);
    await addManualDonation(ctx, { provider: "bank", amount_rub: "2000", username: big.username });
    await addManualDonation(ctx, { provider: "bank", amount_rub: "500", username: small.username });
    await addManualDonation(ctx, {
      provider: "bank",
      amount_rub: "9000",
      username: hidden.username,
      is_anonymous: true,
      donated_at: "2034-02-01",
    });
    await addManualDonation(ctx, {
      provider: "bank",
      amount_rub: "700",
      username: big.username,
      donated_at: "2034-01-10",
    });
    const summary = await getDonationSummary(ctx);
    expect(summary.goal).toBe(1_000_000);
    expect(summary.month_start).toBe(periodStart(now, "month").toISOString());
    expect(summary.month_start).toBe("2034-04-30T21:00:00.000Z");
    const monthOwn = summary.month_total;
    expect(monthOwn).toBeGreaterThanOrEqual(250000);
    const ids = summary.top_supporters.map((t) => t.user.id);
    expect(ids).not.toContain(hidden.id);
    expect(summary.top_supporters.find((t) => t.user.id === big.id)).toMatchObject({ amount: 270000, count: 2 });
    expect(ids.indexOf(big.id)).toBeLessThan(ids.indexOf(small.id));
    expect(summary.percent).toBe(Math.min(100, Math.floor((monthOwn * 100) / 1_000_000)));
  });
});
