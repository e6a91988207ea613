import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { guestClient, json, memberClient } from "#tests/factories/client";
import { scalar } from "#tests/factories/db";
import { pageScripts } from "#tests/factories/pages";
import { isCacheableGuestRequest } from "#workers/platform/page-cache";

/** The calendar's pages through the Worker (pages included), as a browser without JavaScript uses them. */

async function page(path: string, client?: Awaited<ReturnType<typeof guestClient>>) {
  const res = client
    ? await client.request("GET", `${client.origin}${path}`)
    : await SELF.fetch(`http://localhost${path}`);
  return { res, html: await res.text() };
}

/** A database editor's client and the PC platform's id, which most games here are on. */
async function editorWithPc() {
  const { client: editor } = await memberClient({ isDbEditor: true });
  return { editor, pc: await scalar<number>("SELECT id FROM platforms WHERE slug = 'pc'") };
}

// The first page request compiles the pages (seconds on a busy machine).
const PAGE_TIMEOUT = { timeout: 30_000 };

describe("calendar pages", () => {
  it(
    "a guest browses months by plain links, filtered by platform; the page is cacheable for guests",
    PAGE_TIMEOUT,
    async () => {
      const { editor, pc } = await editorWithPc();
      const ps5 = await scalar<number>("SELECT id FROM platforms WHERE slug = 'ps5'");
      await editor.post("/game/", { title: "Страничная игра", platforms: [pc], datetime_released: "2036-04-10" });
      await editor.post("/game/", {
        title: "Консольная игра",
        platforms: [ps5],
        datetime_released: "2036-04-12T18:00",
      });
      await editor.post("/game/", { title: "Игра без дня", platforms: [pc], datetime_released: "2036-Q2" });

      const guest = await guestClient();
      const { res, html } = await page("/calendar?date=2036-4", guest);
      expect(res.status).toBe(200);
      expect(isCacheableGuestRequest(new Request("http://localhost/calendar?date=2036-4"), {})).toBe(true);
      expect(res.headers.get("Cache-Control")).toMatch(/^public/);
      expect(html).toContain("Апрель 2036");
      expect(html).toContain("Страничная игра");
      expect(html).toContain("Консольная игра");
      expect(html).toContain('href="/calendar?date=2036-3"');
      expect(html).toContain('href="/calendar?date=2036-5"');
      expect(html).not.toContain("Игра без дня");
      const june = await page("/calendar?date=2036-6");
      expect(june.html).toContain("Дата уточняется");
      expect(june.html).toContain("Игра без дня");

      const filtered = await page("/calendar?date=2036-4&platform=ps5");
      expect(filtered.html).toContain("Консольная игра");
      expect(filtered.html).not.toContain("Страничная игра");
      expect(filtered.html).toContain('href="/calendar?date=2036-5&amp;platform=ps5"');

      const search = await page("/calendar?q=%D0%BA%D0%BE%D0%BD%D1%81%D0%BE%D0%BB%D1%8C%D0%BD");
      expect(search.html).toContain("Консольная игра");
      expect(search.html).not.toContain("Страничная игра");

      expect((await page("/calendar?date=2036-13")).res.status).toBe(400);
    },
  );

  it(
    "a member follows a release with the plain form and sees it in «Мои релизы»; guests are sent to sign in",
    PAGE_TIMEOUT,
    async () => {
      const { editor, pc } = await editorWithPc();
      const game = await json<{ id: number; releases: { id: number }[] }>(
        await editor.post("/game/", { title: "Игра для подписки", platforms: [pc], datetime_released: "2036-08-01" }),
      );
      const release = String(game.releases[0].id);
      const { client, user } = await memberClient();
      const sent = await client.form("/calendar/subscribe", {
        release,
        is_subscribed: "true",
        redirectTo: "/calendar?date=2036-8",
      });
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe("/calendar?date=2036-8");
      // Sent twice (a double click) it stays on.
      await client.form("/calendar/subscribe", { release, is_subscribed: "true", redirectTo: "/calendar" });
      expect(await scalar("SELECT count(*) FROM release_subscriptions WHERE user_id = ?", user.id)).toBe(1);
      const my = await page("/calendar/my", client);
      expect(my.html).toContain("Игра для подписки");
      // The page has one follow form; each button submits it with its release and the state wanted in its formaction.
      expect(my.html.match(/<form [^>]*id="cal-subscribe-form"/g)).toHaveLength(1);
      expect(my.html).toContain(`formAction="/calendar/subscribe?release=${release}&amp;is_subscribed=false"`);
      const stopped = await client.form(`/calendar/subscribe?release=${release}&is_subscribed=false`, {
        redirectTo: "/calendar/my",
      });
      expect(stopped.status).toBe(302);
      expect(await scalar("SELECT count(*) FROM release_subscriptions WHERE user_id = ?", user.id)).toBe(0);
      await client.form(`/calendar/subscribe?release=${release}&is_subscribed=true`, { redirectTo: "/calendar/my" });
      expect(await scalar("SELECT count(*) FROM release_subscriptions WHERE user_id = ?", user.id)).toBe(1);
      // A hand-made query is refused, writes nothing and says so on a page of its own.
      for (const query of [
        "release=abc&is_subscribed=false",
        `release=${release}&is_subscribed=maybe`,
        "is_subscribed=false",
      ]) {
        const bad = await client.form(`/calendar/subscribe?${query}`, { redirectTo: "/calendar/my" });
        expect([query, bad.status, bad.headers.get("Location")]).toEqual([query, 400, null]);
        expect(await bad.text()).toContain("Подписка не изменена");
      }
      expect(await scalar("SELECT count(*) FROM release_subscriptions WHERE user_id = ?", user.id)).toBe(1);
      expect(my.html).toMatch(/\/calendar\/feeds\/member-\d+-[\w-]{32}\.ics/);

      const guest = await guestClient();
      const refused = await guest.form("/calendar/subscribe", { release, redirectTo: "/calendar" });
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toMatch(/^\/auth\/sign-in/);
    },
  );

  it(
    "an editor adds a game with the page's form (multipart, cover); a member gets 403 from the same form",
    PAGE_TIMEOUT,
    async () => {
      const { editor, pc } = await editorWithPc();
      await editor.request("GET", `${editor.origin}/calendar`);
      const form = new FormData();
      form.set("csrf", editor.csrfToken ?? "");
      form.set("intent", "create-game");
      form.set("title", "Игра из формы");
      form.set("precision", "quarter");
      form.set("date", "2037-11-20");
      form.append("platforms", String(pc));
      const res = await editor.request("POST", `${editor.origin}/calendar`, { body: form, csrf: false });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/calendar\/games\/\d+$/);
      const { html } = await page(res.headers.get("Location") ?? "", editor);
      expect(html).toContain("Игра из формы");
      expect(html).toContain("IV квартал 2037");

      const { client: member } = await memberClient();
      const again = new FormData();
      again.set("csrf", member.csrfToken ?? "");
      again.set("title", "Не редактор");
      again.set("date", "2037-11-20");
      again.append("platforms", String(pc));
      const refused = await member.request("POST", `${member.origin}/calendar`, { body: again, csrf: false });
      expect(refused.status).toBe(403);
      expect(await scalar("SELECT count(*) FROM games WHERE title = 'Не редактор'")).toBe(0);
    },
  );

  it("editors manage platforms with the plain forms; members get 403 and guests 401", PAGE_TIMEOUT, async () => {
    const { client: editor } = await memberClient({ isDbEditor: true });
    const list = await page("/calendar/platforms", editor);
    expect(list.res.status).toBe(200);
    expect(list.html).toContain("PlayStation 5");
    const added = await editor.form("/calendar/platforms", {
      intent: "create",
      title: "Sega Dreamcast",
      slug: "dreamcast",
      icon: "other",
      position: "20",
    });
    expect(added.status).toBe(200);
    expect(await scalar("SELECT title FROM platforms WHERE slug = 'dreamcast'")).toBe("Sega Dreamcast");
    const id = await scalar<number>("SELECT id FROM platforms WHERE slug = 'dreamcast'");
    await editor.form("/calendar/platforms", {
      intent: "update",
      id: String(id),
      title: "Dreamcast",
      slug: "dreamcast",
      icon: "other",
      position: "3",
    });
    expect(await scalar("SELECT title || ':' || position FROM platforms WHERE id = ?", id)).toBe("Dreamcast:3");
    const audit = await scalar(
      "SELECT count(*) FROM audit_log WHERE target_type = 'platform' AND action LIKE 'platform.%'",
    );
    expect(audit).toBeGreaterThanOrEqual(2);

    const { client: member } = await memberClient();
    expect((await page("/calendar/platforms", member)).res.status).toBe(403);
    const refused = await member.form("/calendar/platforms", {
      intent: "create",
      title: "Денди",
      slug: "dendy",
      icon: "other",
      position: "1",
    });
    expect(refused.status).toBe(403);
    expect(await scalar("SELECT count(*) FROM platforms WHERE slug = 'dendy'")).toBe(0);
    expect((await page("/calendar/platforms", await guestClient())).res.status).toBe(401);
  });

  it("an editor's change leaves the cached guest months it touches at once", PAGE_TIMEOUT, async () => {
    const guest = await guestClient();
    const path = "/calendar?date=2038-1";
    const filtered = "/calendar?date=2038-1&platform=pc";
    for (const p of [path, path, filtered, filtered]) await page(p, guest);
    const cached = await guest.request("GET", `${guest.origin}${path}`);
    expect(cached.headers.get("X-Page-Cache")).toBe("HIT");
    await cached.body?.cancel();

    const { editor, pc } = await editorWithPc();
    expect(
      (await editor.post("/game/", { title: "Свежая в кэше", platforms: [pc], datetime_released: "2038-01-09" }))
        .status,
    ).toBe(201);
    await new Promise((r) => setTimeout(r, 50));
    for (const p of [path, filtered]) expect((await page(p, guest)).html, p).toContain("Свежая в кэше");
  });

  it(
    "a month's releases come once, as markup only (no data block), that keeps hostile text as text",
    PAGE_TIMEOUT,
    async () => {
      const { editor, pc } = await editorWithPc();
      const mark = `месяц-${Date.now().toString(36)}`;
      const hostile = `${mark} </script><img src=x onerror=alert(1)> «кавычки» & "двойные"`;
      await editor.post("/game/", { title: hostile, platforms: [pc], datetime_released: "2037-02-11T20:00" });
      await editor.post("/game/", { title: `${mark} квартал`, platforms: [pc], datetime_released: "2037-Q1" });

      const { client: member } = await memberClient();
      for (const client of [await guestClient(), member]) {
        const { res, html } = await page("/calendar?date=2037-3", client);
        expect(res.status).toBe(200);
        const { block, others } = pageScripts(html, "sidecar-month");
        expect(block).toHaveLength(0);
        // The undated release is in the month's holder, under its heading, and in no script at all.
        const start = html.indexOf('<div class="cal-month" id="cal-month">');
        expect(start).toBeGreaterThan(0);
        const holder = html.slice(start);
        expect(holder).toContain('<h2 id="cal-undated-title" class="cal-section-title">Дата уточняется</h2>');
        expect(holder).toContain(`<span class="cal-release-title">${mark} квартал</span>`);
        expect(html.indexOf(`${mark} квартал`)).toBeGreaterThan(start);
        expect(others.some((text) => text.includes(mark))).toBe(false);
      }

      const { html } = await page("/calendar?date=2037-2", member);
      expect(html).toContain(
        `<span class="cal-release-title">${mark} &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; «кавычки» &amp; &quot;двойные&quot;</span>`,
      );
      expect(html).not.toContain("<img src=x");
      // A tile's button is only its icon: its title names it (and is its tooltip).
      expect(html).toContain(`title="Следить за релизом «${mark} &lt;/script&gt;`);
      expect(html).not.toContain(`aria-label="Следить за релизом «${mark}`);
      expect(html).toContain('<span class="cal-release-time">20:00 МСК</span>');
      // A client-side navigation's data request has no HTML to carry them: the releases come in the data.
      const data = await member.request("GET", `${member.origin}/calendar.data?date=2037-2`);
      expect(data.status).toBe(200);
      expect(await data.text()).toContain(mark);
    },
  );
});
