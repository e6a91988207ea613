import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminClient, clientFor, guestClient, json, memberClient } from "#tests/factories/client";
import { scalar } from "#tests/factories/db";
import { applicationBody, createExchange, DAY_MS } from "#tests/factories/santa";
import { runScheduledJobs } from "#workers/jobs/scheduled";
import { DEV_SANTA_ADDRESS_KEY, parseVars } from "#workers/platform/env";

type Own = { id: number; full_name: string; address: string; is_address_deleted: boolean };
type Mine = {
  application: Own | null;
  recipients: { id: number; full_name: string; address: string; wishes: string }[];
};

/** These walk a whole exchange: generous on a busy 2-core machine. */
const SLOW = 30_000;

describe("Secret Santa: who sees a name and address", () => {
  it(
    "the member, their santa and admins see it; a guest, another member and another santa do not; it is sealed at rest and deleted after the exchange",
    async () => {
      const exchange = await createExchange(new Date());
      const members = await Promise.all([1, 2, 3, 4].map(() => memberClient()));
      const applications: Own[] = [];
      for (const [i, { client }] of members.entries()) {
        const res = await client.request("POST", "/secret-santa/application/", { json: applicationBody(`${i + 1}`) });
        expect(res.status).toBe(201);
        applications.push(await json<Own>(res));
      }
      expect(applications[0]).toMatchObject({
        full_name: "Иван Тестов 1",
        address: "ул. Ёлочная, д. 1, кв. 7, 101000",
      });

      // Sealed at rest: neither the name nor the address is in the row.
      const stored = await scalar<string>("SELECT sealed FROM santa_applications WHERE id = ?", applications[0].id);
      expect(stored).toMatch(/^v1\./);
      expect(stored).not.toContain("Ёлочная");
      expect(stored).not.toContain("Тестов");

      // Before the draw nobody is anybody's santa: another member gets a 404.
      const [{ client: other }] = await Promise.all([memberClient()]);
      expect((await other.request("GET", `/secret-santa/application/${applications[0].id}/`)).status).toBe(404);

      await runScheduledJobs(env, new Date(exchange.closesAt.getTime() + 60_000));
      const target = applications[0];
      const santaId = await scalar<number>("SELECT santa_user_id FROM santa_applications WHERE id = ?", target.id);
      const santaIndex = members.findIndex((m) => m.user.id === santaId);
      expect(santaIndex).toBeGreaterThan(0);
      const anotherSantaIndex = [1, 2, 3].find((i) => i !== santaIndex) as number;

      const guest = await guestClient();
      const { client: admin } = await adminClient();
      const owner = members[0].client;
      const santa = members[santaIndex].client;
      const anotherSanta = members[anotherSantaIndex].client;
      const path = `/secret-santa/application/${target.id}/`;

      expect((await guest.request("GET", path)).status).toBe(401);
      expect((await guest.request("GET", "/secret-santa/application/")).status).toBe(401);
      expect((await other.request("GET", path)).status).toBe(404);
      expect((await anotherSanta.request("GET", path)).status).toBe(404);

      const asOwner = await json<Own>(await owner.request("GET", path));
      expect(asOwner).toMatchObject({ full_name: "Иван Тестов 1", address: "ул. Ёлочная, д. 1, кв. 7, 101000" });
      expect(asOwner).not.toHaveProperty("santa");
      const asSanta = await json(await santa.request("GET", path));
      expect(asSanta).toMatchObject({
        full_name: "Иван Тестов 1",
        address: "ул. Ёлочная, д. 1, кв. 7, 101000",
        wishes: "Настолки и носки 1",
      });
      expect(asSanta).not.toHaveProperty("santa");
      const asAdmin = await json<{ santa: { id: number }; address: string }>(await admin.request("GET", path));
      expect(asAdmin.address).toBe("ул. Ёлочная, д. 1, кв. 7, 101000");
      expect(asAdmin.santa.id).toBe(santaId);

      // Each santa's own page lists only their recipient; the member's own never names their santa.
      const santaMine = await json<Mine>(await santa.request("GET", "/secret-santa/application/"));
      expect(santaMine.recipients.map((r) => r.id)).toEqual([target.id]);
      expect(santaMine.recipients[0].address).toBe("ул. Ёлочная, д. 1, кв. 7, 101000");
      const otherMine = await json<Mine>(await anotherSanta.request("GET", "/secret-santa/application/"));
      expect(otherMine.recipients.map((r) => r.id)).not.toContain(target.id);
      expect(JSON.stringify(await json(await owner.request("GET", "/secret-santa/application/")))).not.toContain(
        members[santaIndex].user.username,
      );
      // The page of another santa holds nothing of this recipient.
      const otherPage = await (await anotherSanta.request("GET", "http://localhost/secret-santa")).text();
      expect(otherPage).not.toContain("Ёлочная, д. 1,");
      const santaPage = await (await santa.request("GET", "http://localhost/secret-santa")).text();
      expect(santaPage).toContain("ул. Ёлочная, д. 1, кв. 7, 101000");

      // The send and receive doors follow the same rule: another santa cannot mark this gift.
      expect((await anotherSanta.request("PATCH", `${path}send/`, { json: {} })).status).toBe(404);
      expect((await santa.request("PATCH", `${path}receive/`, { json: {} })).status).toBe(403);

      // 30 days after the receive-by date the names and addresses are gone.
      await runScheduledJobs(env, new Date(exchange.receiveBy.getTime() + 30 * DAY_MS + 60_000));
      expect(
        await scalar(
          "SELECT count(*) FROM santa_applications WHERE exchange_id = ? AND sealed IS NOT NULL",
          exchange.id,
        ),
      ).toBe(0);
      const after = await json<Own>(await (await clientFor(members[0].user)).request("GET", path));
      expect(after).toMatchObject({ full_name: "", address: "", is_address_deleted: true });
    },
    SLOW,
  );

  it(
    "the admin page lists applications with their addresses for admins only, and saves the exchange with an audit entry",
    async () => {
      const exchange = await createExchange(new Date());
      const { client: applicant } = await memberClient();
      expect(
        (await applicant.request("POST", "/secret-santa/application/", { json: applicationBody("admin-view") })).status,
      ).toBe(201);
      const { client: admin, user } = await adminClient();
      const page = await admin.request("GET", "http://localhost/admin/secret-santa");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("ул. Ёлочная, д. admin-view, кв. 7, 101000");
      const asMember = await applicant.request("GET", "http://localhost/admin/secret-santa");
      expect(asMember.status).toBe(403);
      expect(await asMember.text()).not.toContain("Ёлочная");

      const form = new URLSearchParams({
        csrf: admin.csrfToken ?? "",
        year: String(exchange.year),
        opens_at: "2026-11-01T12:00",
        closes_at: "2026-12-31T21:00",
        send_by: "2027-01-10T21:00",
        receive_by: "2027-02-01T21:00",
        min_account_days: "7",
        min_activity: "2",
        "faq.0.question": "Когда жеребьёвка?",
        "faq.0.answer": "Когда закончится приём заявок.",
        "faq.1.question": "",
        "faq.1.answer": "",
      });
      for (const stage of ["applications", "drawing", "sending", "receiving", "finished"]) {
        form.set(`steps.${stage}.title`, `Этап ${stage}`);
        form.set(`steps.${stage}.text`, "Текст");
      }
      const saved = await admin.request("POST", "http://localhost/admin/secret-santa", {
        body: form,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain("Обмен сохранён.");
      expect(await scalar("SELECT min_activity FROM santa_exchanges WHERE id = ?", exchange.id)).toBe(2);
      expect(await scalar("SELECT faq FROM santa_exchanges WHERE id = ?", exchange.id)).toBe(
        JSON.stringify([{ question: "Когда жеребьёвка?", answer: "Когда закончится приём заявок." }]),
      );
      expect(await scalar("SELECT action FROM audit_log WHERE actor_id = ? ORDER BY id DESC LIMIT 1", user.id)).toBe(
        "santa.update",
      );
    },
    SLOW,
  );

  it("the API document lists every Secret Santa call (spec §7 and the application's GET)", async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await (await guestClient()).request("GET", "/openapi.json"),
    );
    const calls = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/v1/secret-santa/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(calls).toEqual([
      "GET /v1/secret-santa/application/",
      "GET /v1/secret-santa/application/{id}/",
      "GET /v1/secret-santa/faq/",
      "GET /v1/secret-santa/meta/",
      "GET /v1/secret-santa/step/",
      "PATCH /v1/secret-santa/application/{id}/",
      "PATCH /v1/secret-santa/application/{id}/receive/",
      "PATCH /v1/secret-santa/application/{id}/send/",
      "POST /v1/secret-santa/application/",
    ]);
  });

  it(
    "the development address key is refused in production",
    () => {
      const base = { SECRET_KEY: "x".repeat(48), ENVIRONMENT: "production" };
      expect(() => parseVars({ ...base, SANTA_ADDRESS_KEY: DEV_SANTA_ADDRESS_KEY })).toThrow(/SANTA_ADDRESS_KEY/);
      expect(() => parseVars({ ...base, SANTA_ADDRESS_KEY: "c2hvcnQ=" })).toThrow(/SANTA_ADDRESS_KEY/);
      expect(parseVars({ ...base, SANTA_ADDRESS_KEY: btoa("k".repeat(32)) }).SANTA_ADDRESS_KEY).toHaveLength(44);
    },
    SLOW,
  );
});
