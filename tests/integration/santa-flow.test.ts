import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserRow } from "#drizzle/schema";
import { serviceContext } from "#tests/factories/context";
import { scalar } from "#tests/factories/db";
import { PNG_6X4 } from "#tests/factories/images";
import { applicationBody, createExchange, DAY_MS } from "#tests/factories/santa";
import { createAdmin, createUser } from "#tests/factories/users";
import { AppError } from "#workers/core/errors";
import { saveSantaExchange } from "#workers/core/santa/santa.admin";
import { getMySanta, getSantaMeta, getSantaSteps } from "#workers/core/santa/santa.read";
import { DEFAULT_FAQ, DEFAULT_STEPS } from "#workers/core/santa/santa.stage";
import { applyToSanta, markGiftReceived, markGiftSent, updateSantaApplication } from "#workers/core/santa/santa.write";
import { runScheduledJobs } from "#workers/jobs/scheduled";

const T0 = new Date("2030-12-01T09:00:00Z");
const at = (ms: number) => () => new Date(ms);

/** Secret Santa notifications a member has, by title. */
async function notices(user: { id: number }, title: string): Promise<number> {
  return scalar("SELECT count(*) FROM notifications WHERE user_id = ? AND title = ?", user.id, title);
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function santaOf(applicationId: number): Promise<number> {
  return scalar("SELECT santa_user_id FROM santa_applications WHERE id = ?", applicationId);
}

/** These walk a whole exchange: generous on a busy 2-core machine. */
const SLOW = 30_000;

describe("Secret Santa, the whole exchange on a controlled clock", () => {
  it(
    "apply → close → draw → send → backup santas → receive, with reminders and notices sent once",
    async () => {
      const exchange = await createExchange(T0, { minAccountDays: 30 });
      const open = at(T0.getTime());
      const old = new Date(T0.getTime() - 400 * DAY_MS);
      // Five applicants; the last two volunteer as backup santas.
      const members: UserRow[] = [];
      for (let i = 0; i < 5; i += 1) members.push(await createUser({ createdAt: old }));
      const apps: number[] = [];
      for (const [i, member] of members.entries()) {
        const view = await applyToSanta(
          await serviceContext(member, open),
          applicationBody(i + 1, { is_backup: i >= 3 }),
        );
        apps.push(view.id);
      }

      // Who may not apply: a new account, a banned member, anyone twice; nothing bad is written.
      const fresh = await createUser({ createdAt: new Date(T0.getTime() - 2 * DAY_MS) });
      expect(
        (await refusal(applyToSanta(await serviceContext(fresh, open), applicationBody("new")))).message,
      ).toContain("30 дней");
      const banned = await createUser({ createdAt: old, isBanned: true });
      expect((await refusal(applyToSanta(await serviceContext(banned, open), applicationBody("ban")))).status).toBe(
        403,
      );
      expect((await refusal(applyToSanta(await serviceContext(members[0], open), applicationBody(1)))).status).toBe(
        409,
      );
      const invalid = await refusal(
        applyToSanta(await serviceContext(fresh, open), { ...applicationBody(9), address: "" }),
      );
      expect(invalid.status).toBe(400);
      expect(await scalar("SELECT count(*) FROM santa_applications WHERE exchange_id = ?", exchange.id)).toBe(5);

      // Editing until close, not after.
      const edited = await updateSantaApplication(
        await serviceContext(members[0], open),
        apps[0],
        applicationBody(1, { wishes: "Книги" }),
      );
      expect(edited.wishes).toBe("Книги");
      const closed = at(exchange.closesAt.getTime() + 1000);
      expect(
        (await refusal(updateSantaApplication(await serviceContext(members[0], closed), apps[0], applicationBody(1))))
          .status,
      ).toBe(409);
      expect((await refusal(applyToSanta(await serviceContext(fresh, closed), applicationBody(7)))).status).toBe(409);
      expect((await getSantaMeta(await serviceContext(null, closed))).stage).toBe("drawing");

      // The draw, at close; a rerun changes nothing and tells nobody twice.
      const drawAt = new Date(exchange.closesAt.getTime() + 60_000);
      await runScheduledJobs(env, drawAt);
      const santas = await Promise.all(apps.map(santaOf));
      expect(new Set(santas).size).toBe(5);
      for (const [i, santa] of santas.entries()) expect(santa).not.toBe(members[i].id);
      await runScheduledJobs(env, drawAt);
      await runScheduledJobs(env, new Date(drawAt.getTime() + 5 * 60_000));
      expect(await Promise.all(apps.map(santaOf))).toEqual(santas);
      for (const member of members) expect(await notices(member, "вы — Тайный Санта!")).toBe(1);
      const meta = await getSantaMeta(await serviceContext(null, at(drawAt.getTime())));
      expect(meta).toMatchObject({ stage: "sending", counts: { applied: 5, sent: 0, received: 0 } });
      const steps = await getSantaSteps(await serviceContext(null, at(drawAt.getTime())));
      expect(steps.find((s) => s.is_current)?.stage).toBe("sending");

      const byId = new Map(members.map((m) => [m.id, m]));
      const santaFor = (i: number) => byId.get(santas[i]) as UserRow;
      const recipientOf = (santa: UserRow) => santas.indexOf(santa.id);

      // Both volunteers send their own gifts (a backup must have sent theirs); so does member 0's santa, unless it is a volunteer.
      const sendingAt = at(drawAt.getTime() + DAY_MS);
      const senders = new Set([members[3], members[4], santaFor(0)]);
      for (const santa of senders) {
        const view = await markGiftSent(await serviceContext(santa, sendingAt), apps[recipientOf(santa)], {
          tracking_number: "RA123456789RU",
        });
        expect(view.sent_at).not.toBeNull();
      }
      expect(await notices(members[0], "ваш подарок в пути!")).toBe(1);
      // Only the santa marks a gift sent: not the recipient (403), not another member (404: not theirs to see).
      expect((await refusal(markGiftSent(await serviceContext(members[0], sendingAt), apps[0], {}))).status).toBe(403);
      expect((await refusal(markGiftSent(await serviceContext(fresh, sendingAt), apps[0], {}))).status).toBe(404);

      // Reminders three days before the send-by date, once, to santas who have not sent.
      const remindAt = new Date(exchange.sendBy.getTime() - 2 * DAY_MS);
      await runScheduledJobs(env, remindAt);
      await runScheduledJobs(env, new Date(remindAt.getTime() + 5 * 60_000));
      const late = members.filter((m) => !senders.has(m));
      expect(late.length).toBeGreaterThan(0);
      for (const m of members) expect(await notices(m, "пора отправить подарок")).toBe(senders.has(m) ? 0 : 1);

      // After the send-by date the late santas' gifts go to the volunteers; everyone concerned is told once.
      const afterSendBy = new Date(exchange.sendBy.getTime() + 60_000);
      await runScheduledJobs(env, afterSendBy);
      await runScheduledJobs(env, new Date(afterSendBy.getTime() + 5 * 60_000));
      const lateRecipients = late.map((santa) => recipientOf(santa));
      for (const r of lateRecipients) {
        const backup = await santaOf(apps[r]);
        expect([members[3].id, members[4].id]).toContain(backup);
        expect(backup).not.toBe(members[r].id);
        expect(await notices(members[r], "подарок отправит запасной Санта")).toBe(1);
        expect(await scalar("SELECT original_santa_user_id FROM santa_applications WHERE id = ?", apps[r])).toBe(
          santas[r],
        );
      }
      for (const santa of late) expect(await notices(santa, "подарок передан запасному Санте")).toBe(1);
      const backupNotices =
        (await notices(members[3], "вы — запасной Санта!")) + (await notices(members[4], "вы — запасной Санта!"));
      expect(backupNotices).toBe(late.length);

      // The late santa can no longer send it; the backup can, and sees the recipient's address.
      const r0 = lateRecipients[0];
      const lateCtx = await serviceContext(late[0], at(afterSendBy.getTime() + DAY_MS));
      expect((await refusal(markGiftSent(lateCtx, apps[r0], {}))).message).toContain("запасному");
      const backupUser = byId.get(await santaOf(apps[r0])) as UserRow;
      const backupCtx = await serviceContext(backupUser, at(afterSendBy.getTime() + DAY_MS));
      const backupView = await getMySanta(backupCtx);
      const taken = backupView.recipients.find((r) => r.id === apps[r0]);
      expect(taken).toMatchObject({ is_backup_assignment: true, address: `ул. Ёлочная, д. ${r0 + 1}, кв. 7, 101000` });
      await markGiftSent(backupCtx, apps[r0], {});

      // Receiving: member 0 says thanks with a photo (a shout on the bonfire); the santa is told.
      const receiveAt = at(afterSendBy.getTime() + 2 * DAY_MS);
      const photo = new File([new Uint8Array(PNG_6X4)], "gift.png", { type: "image/png" });
      const received = await markGiftReceived(await serviceContext(members[0], receiveAt), apps[0], {
        thanks: "Спасибо, Санта! Носки — огонь",
        files: [photo],
      });
      expect(received.gift).toMatchObject({ status: "received" });
      const shoutId = received.gift.thanks_shout_id as number;
      expect(await scalar("SELECT text FROM shouts WHERE id = ?", shoutId)).toBe("Спасибо, Санта! Носки — огонь");
      expect(await scalar("SELECT count(*) FROM shout_media WHERE shout_id = ?", shoutId)).toBe(1);
      expect(await notices(santaFor(0), `${members[0].username} получил(а) ваш подарок`)).toBe(1);
      expect((await refusal(markGiftReceived(await serviceContext(members[0], receiveAt), apps[0], {}))).status).toBe(
        409,
      );
      // A bad thank-you refuses the whole request: nothing marked.
      const r1 = apps.findIndex((_, i) => i !== 0);
      const bad = await refusal(
        markGiftReceived(await serviceContext(members[r1], receiveAt), apps[r1], { thanks: "x".repeat(3000) }),
      );
      expect(bad.status).toBe(400);
      expect(await scalar("SELECT received_at FROM santa_applications WHERE id = ?", apps[r1])).toBeNull();

      // Reminders to confirm, once, three days before the receive-by date; the public counts.
      const receiveRemind = new Date(exchange.receiveBy.getTime() - 2 * DAY_MS);
      await runScheduledJobs(env, receiveRemind);
      await runScheduledJobs(env, new Date(receiveRemind.getTime() + 5 * 60_000));
      expect(await notices(members[0], "подарок уже у вас?")).toBe(0);
      for (const m of members.slice(1)) expect(await notices(m, "подарок уже у вас?")).toBe(1);
      const final = await getSantaMeta(await serviceContext(null, at(exchange.receiveBy.getTime() + 1)));
      expect(final).toMatchObject({ stage: "finished", counts: { applied: 5, received: 1 } });
      expect(final.counts.sent).toBe(senders.size + 1);
    },
    SLOW,
  );

  it("a member banned after applying is left out of the draw and told; nobody gets their address", async () => {
    const exchange = await createExchange(T0);
    const people = [await createUser(), await createUser(), await createUser(), await createUser()];
    const apps = [];
    for (const [i, p] of people.entries()) {
      apps.push(await applyToSanta(await serviceContext(p, at(T0.getTime())), applicationBody(`b${i}`)));
    }
    await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE id = ?").bind(people[3].id).run();
    await runScheduledJobs(env, new Date(exchange.closesAt.getTime() + 60_000));
    expect(await santaOf(apps[3].id)).toBeNull();
    expect(await scalar("SELECT count(*) FROM santa_applications WHERE santa_user_id = ?", people[3].id)).toBe(0);
    const givers = await Promise.all(apps.slice(0, 3).map((a) => santaOf(a.id)));
    expect([...givers].sort()).toEqual(
      people
        .slice(0, 3)
        .map((p) => p.id)
        .sort(),
    );
    expect(await notices(people[3], "вы не попали в жеребьёвку")).toBe(1);
  });

  it("an activity threshold names what is missing, in Russian number agreement", async () => {
    await createExchange(T0, { minActivity: 3 });
    const quiet = await createUser({ createdAt: new Date(T0.getTime() - 400 * DAY_MS) });
    const error = await refusal(applyToSanta(await serviceContext(quiet, at(T0.getTime())), applicationBody("q")));
    expect(error.status).toBe(403);
    expect(error.message).toBe("Нужно хотя бы 3 сообщения на сайте — статей, комментариев или записок (у вас — 0).");
  });

  it(
    "with two applicants there is no draw: the exchange is cancelled, both are told once, addresses deleted",
    async () => {
      const exchange = await createExchange(T0);
      const [a, b] = [await createUser(), await createUser()];
      const open = at(T0.getTime());
      const appA = await applyToSanta(await serviceContext(a, open), applicationBody("a"));
      await applyToSanta(await serviceContext(b, open), applicationBody("b"));
      const after = new Date(exchange.closesAt.getTime() + 60_000);
      await runScheduledJobs(env, after);
      await runScheduledJobs(env, new Date(after.getTime() + 5 * 60_000));
      expect(await santaOf(appA.id)).toBeNull();
      expect((await getSantaMeta(await serviceContext(null, at(after.getTime())))).stage).toBe("cancelled");
      for (const m of [a, b]) expect(await notices(m, "обмен не состоялся")).toBe(1);
      const page = await (await SELF.fetch("http://localhost/secret-santa")).text();
      expect(page).toContain("Обмен в этом году не состоялся, адреса удалены.");
      expect(
        await scalar(
          "SELECT count(*) FROM santa_applications WHERE exchange_id = ? AND sealed IS NOT NULL",
          exchange.id,
        ),
      ).toBe(0);
    },
    SLOW,
  );

  it(
    "last year's pairs are not repeated: three people the same as last year get the other direction",
    async () => {
      const people = [await createUser(), await createUser(), await createUser()];
      const exchange = await createExchange(T0);
      // Last year: 0 → 1 → 2 → 0 (the santa of i was i − 1).
      const last = await env.DB.prepare(
        "INSERT INTO santa_exchanges (year, opens_at, closes_at, send_by, receive_by, steps, faq, drawn_at) VALUES (?, 0, 1, 2, 3, '[]', '[]', 1) RETURNING id",
      )
        .bind(exchange.year - 1)
        .first<{ id: number }>();
      for (const [i, p] of people.entries()) {
        const santa = people[(i + 2) % 3].id;
        await env.DB.prepare(
          "INSERT INTO santa_applications (exchange_id, user_id, country, country_key, city, santa_user_id, original_santa_user_id) VALUES (?, ?, 'Россия', 'россия', 'Москва', ?, ?)",
        )
          .bind(last?.id, p.id, santa, santa)
          .run();
      }
      const apps = [];
      for (const [i, p] of people.entries())
        apps.push(await applyToSanta(await serviceContext(p, at(T0.getTime())), applicationBody(i)));
      await runScheduledJobs(env, new Date(exchange.closesAt.getTime() + 60_000));
      for (const [i] of people.entries()) expect(await santaOf(apps[i].id)).toBe(people[(i + 1) % 3].id);
    },
    SLOW,
  );

  it(
    "admins set the exchange up (dates in Moscow time, texts, thresholds) with an audit entry; members cannot",
    async () => {
      await env.DB.prepare("DELETE FROM santa_exchanges").run();
      const admin = await createAdmin();
      const member = await createUser();
      const input = {
        year: 2031,
        opens_at: "2031-11-20T12:00",
        closes_at: "2031-12-10T21:00",
        send_by: "2031-12-20T21:00",
        receive_by: "2032-01-15T21:00",
        min_account_days: "14",
        min_activity: "3",
        steps: DEFAULT_STEPS,
        faq: DEFAULT_FAQ.slice(0, 2),
      };
      expect((await refusal(saveSantaExchange(await serviceContext(member), input))).status).toBe(403);
      const wrongOrder = await refusal(
        saveSantaExchange(await serviceContext(admin), { ...input, send_by: "2031-12-01T00:00" }),
      );
      expect(wrongOrder.errors?.send_by).toEqual(["Срок отправки — позже конца приёма заявок."]);
      const saved = await saveSantaExchange(await serviceContext(admin), input);
      expect(saved.closesAt.toISOString()).toBe("2031-12-10T18:00:00.000Z");
      expect(saved).toMatchObject({ minAccountDays: 14, minActivity: 3 });
      await saveSantaExchange(await serviceContext(admin), { ...input, min_activity: 0 });
      expect(await scalar("SELECT count(*) FROM santa_exchanges")).toBe(1);
      expect(
        await scalar(
          "SELECT group_concat(action) FROM audit_log WHERE actor_id = ? AND target_type = 'santa_exchange'",
          admin.id,
        ),
      ).toBe("santa.create,santa.update");
    },
    SLOW,
  );
});
