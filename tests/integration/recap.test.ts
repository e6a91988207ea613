import { describe, expect, it } from "vitest";
import { likes, posts, postTags, tags } from "#drizzle/schema";
import { adminClient, clientFor, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { serviceContext } from "#tests/factories/context";
import { db, eventually } from "#tests/factories/db";
import { createShoutCommentRow, createShoutRow, setSettings } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import { getYearRecap, type YearRecap } from "#workers/core/recap/recap";

const at = (iso: string) => new Date(iso);
let seq = 0;

async function post(
  author: { id: number },
  publishedAt: string,
  pwnd: number,
  tagNames: string[] = [],
  isPublished = true,
) {
  seq += 1;
  const [row] = await db()
    .insert(posts)
    .values({
      slug: `recap-${seq}-${Date.now().toString(36)}`,
      userId: author.id,
      title: `Статья ${seq}`,
      isPublished,
      publishedAt: isPublished ? at(publishedAt) : null,
      createdAt: at(publishedAt),
      pwnd,
    })
    .returning();
  for (const name of tagNames) {
    const [tag] = await db()
      .insert(tags)
      .values({ slug: `${name}-${seq}`, name, nameKey: `${name}-${seq}` })
      .onConflictDoNothing()
      .returning();
    const found = tag ?? (await db().query.tags.findFirst({ where: (t, { eq }) => eq(t.name, name) }));
    if (!found) throw new Error("tag");
    await db().insert(postTags).values({ postId: row.id, tagId: found.id });
  }
  return row;
}

async function paw(
  user: { id: number },
  owner: { id: number },
  itemType: string,
  itemId: number,
  when: string,
  isNegative = false,
) {
  await db()
    .insert(likes)
    .values({ userId: user.id, ownerId: owner.id, itemType, itemId, isNegative, createdAt: at(when) });
}

/**
 * A small known year (2019, Moscow time). Members: A and B joined in 2019, C at 00:30 MSK on 1 January 2019
 * (21:30 UTC on 31 December 2018 — still 2019), D in 2018.
 */
async function knownYear(year = 2019) {
  const y = (iso: string) => iso.replace(/^2019-/, `${year}-`).replace(/^2018-/, `${year - 1}-`);
  const a = await createUser({ createdAt: at(y("2019-03-01T10:00:00Z")) });
  const b = await createUser({ createdAt: at(y("2019-05-01T10:00:00Z")) });
  const c = await createUser({ createdAt: at(y("2018-12-31T21:30:00Z")) });
  const d = await createUser({ createdAt: at(y("2018-06-01T10:00:00Z")) });
  // One tag set shared by name: the tag rows are created once.
  const p1 = await post(a, y("2019-03-10T09:00:00Z"), 5, ["rpg", "indie"]);
  const p2 = await post(a, y("2019-03-11T09:00:00Z"), 2);
  const p3 = await post(b, y("2019-07-01T09:00:00Z"), 9);
  await db()
    .insert(postTags)
    .values([
      {
        postId: p2.id,
        tagId: (await db().query.postTags.findFirst({ where: (t, { eq }) => eq(t.postId, p1.id) }))!.tagId,
      },
    ]);
  await db()
    .insert(postTags)
    .values({
      postId: p3.id,
      tagId: (await db().query.postTags.findFirst({ where: (t, { eq }) => eq(t.postId, p1.id) }))!.tagId,
    });
  await post(d, y("2019-05-01T09:00:00Z"), 50, [], false); // a draft: never counted
  await post(d, y("2019-12-31T21:30:00Z"), 40); // 00:30 MSK on 1 January 2020: next year's
  const s1 = await createShoutRow(b, { createdAt: at(y("2019-03-10T10:00:00Z")), pwnd: 3 });
  await createShoutRow(c, { createdAt: at(y("2019-03-10T11:00:00Z")), pwnd: 7, isMuted: true });
  const s3 = await createShoutRow(a, { createdAt: at(y("2019-08-01T10:00:00Z")), pwnd: 1 });
  const c1 = await createCommentRow(p1, b, { createdAt: at(y("2019-03-10T12:00:00Z")) });
  await createCommentRow(p1, a, { parent: c1, createdAt: at(y("2019-03-11T12:00:00Z")) });
  await createCommentRow(p1, c, { createdAt: at(y("2019-03-12T12:00:00Z")) });
  await createCommentRow(p3, a, { createdAt: at(y("2019-07-02T12:00:00Z")) });
  const gone = await createCommentRow(p3, b, { createdAt: at(y("2019-07-03T12:00:00Z")) });
  await db().run(`UPDATE comments SET is_deleted = 1 WHERE id = ${gone.id}` as never);
  await createShoutCommentRow(s1, a, { createdAt: at(y("2019-03-10T13:00:00Z")) });
  await paw(b, a, "post", p1.id, y("2019-03-10T12:30:00Z"));
  await paw(c, a, "post", p1.id, y("2019-03-12T12:30:00Z"));
  await paw(a, b, "post", p3.id, y("2019-07-02T12:30:00Z"));
  await paw(b, a, "shout", s3.id, y("2019-08-01T12:30:00Z"), true);
  return { a, b, c, d, p1, p2, p3, s1, s3 };
}

describe("the yearly recap", () => {
  it("counts a known year exactly, in Moscow time, and lists the tops", async () => {
    const { a, b, c, p1, p2, p3, s1, s3 } = await knownYear();
    const recap = await getYearRecap(await serviceContext(a), { year: "2019" });
    expect(recap.is_open).toBe(true);
    expect(recap.site?.counts).toEqual({ posts: 3, shouts: 2, comments: 5, paws: 3, new_members: 3 });
    expect(recap.site?.top_posts.map((p) => p.id)).toEqual([p3.id, p1.id, p2.id]);
    expect(recap.site?.top_shouts.map((s) => s.id)).toEqual([s1.id, s3.id]);
    expect(recap.site?.busiest_day).toEqual({ date: "2019-03-10", label: "10 марта", count: 4 });
    expect(recap.site?.top_tags.map((t) => [t.name, t.count])).toEqual([
      ["rpg", 3],
      ["indie", 1],
    ]);
    expect(recap.site?.most_discussed).toMatchObject({ id: p1.id, comments_in_year: 3 });

    expect(recap.me?.counts).toEqual({ posts: 2, shouts: 1, comments: 3 });
    expect(recap.me?.paws).toEqual({ given: 1, received: 2 });
    expect(recap.me?.best_post?.id).toBe(p1.id);
    expect(recap.me?.favourite_tags.map((t) => [t.name, t.count])).toEqual([
      ["rpg", 2],
      ["indie", 1],
    ]);
    expect(recap.me?.rhythm).toEqual({
      active_days: 4,
      most_active_month: { month: 3, name: "март", count: 4 },
      most_active_weekday: { weekday: 0, name: "понедельник", count: 2 },
      longest_streak: { days: 2, from: "2019-03-10", to: "2019-03-11", label: "10 марта — 11 марта" },
    });
    expect(recap.me?.talked_with.map((t) => [t.user.id, t.count])).toEqual([
      [b.id, 4],
      [c.id, 1],
    ]);
  });

  it("«Не показывать меня в итогах года» takes a member out of the tops and others' recaps at once", async () => {
    const { a, b, c, p1, p2, s3 } = await knownYear(2017);
    await getYearRecap(await serviceContext(a), { year: "2017" }); // figures computed and kept
    await setSettings(b, { is_recap_hidden: true } as never);
    await setSettings(c, { is_recap_hidden: true } as never);
    const recap = await getYearRecap(await serviceContext(a), { year: "2017" });
    expect(recap.site?.top_posts.map((p) => p.id)).toEqual([p1.id, p2.id]);
    expect(recap.site?.top_shouts.map((s) => s.id)).toEqual([s3.id]);
    expect(recap.me?.talked_with).toEqual([]);
    // Their own recap is still theirs.
    const own = await getYearRecap(await serviceContext(b), { year: "2017" });
    expect(own.is_hidden).toBe(true);
    expect(own.me?.counts.posts).toBe(1);
  });

  it("opens the running year on 1 December, Moscow time; admins see it earlier", async () => {
    const member = await createUser({ createdAt: at("2026-02-01T00:00:00Z") });
    const before = await getYearRecap(await serviceContext(member, () => at("2026-11-30T20:59:00Z")), {});
    expect(before.year).toBe(2025);
    const early = await getYearRecap(await serviceContext(member, () => at("2026-11-30T20:59:00Z")), { year: 2026 });
    expect(early).toMatchObject({ is_open: false, opens_on: "2026-12-01", site: null, me: null });
    const opened = await getYearRecap(await serviceContext(member, () => at("2026-11-30T21:00:00Z")), {});
    expect(opened).toMatchObject({ year: 2026, is_open: true });
    const admin = await createUser({ isAdmin: true });
    const preview = await getYearRecap(await serviceContext(admin, () => at("2026-11-30T20:59:00Z")), { year: 2026 });
    expect(preview.is_open).toBe(true);
  });
});

describe("GET /v1/year/{year}/ and sharing", () => {
  it("guests get the site's year; a member their own on top; bad years a clear 400/404", async () => {
    await knownYear();
    const guest = await guestClient();
    const asGuest = await json<YearRecap>(await guest.get("/year/2019/"));
    expect(asGuest.site?.counts.posts).toBeGreaterThanOrEqual(3);
    expect(asGuest.me).toBeNull();
    const { client, user } = await memberClient();
    const mine = await json<YearRecap>(await client.get("/year/2019/"));
    expect(mine.me?.user.id).toBe(user.id);
    const bad = await guest.get("/year/abc/");
    expect(bad.status).toBe(400);
    expect((await json<{ detail: string }>(bad)).detail).toMatch(RUSSIAN);
    expect((await guest.get("/year/2999/")).status).toBe(404);
    expect((await guest.get("/year/1995/")).status).toBe(404);
    expect((await guest.get("/year/1800/")).status).toBe(400);
  });

  it("shares only the chosen parts; sharing again replaces the link; guests cannot share", async () => {
    const { a } = await knownYear();
    const guest = await guestClient();
    expect((await guest.post("/year/2019/share/", { parts: ["counts"] })).status).toBe(401);
    const { client } = await memberClient();
    const empty = await client.post("/year/2019/share/", { parts: [] });
    expect(empty.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(empty)).errors.parts[0]).toMatch(RUSSIAN);
    expect((await client.post("/year/2019/share/", { parts: ["secrets"] })).status).toBe(400);

    const owner = await memberClient();
    void a;
    const first = await json<{ id: string; url: string }>(
      await owner.client.post("/year/2019/share/", { parts: ["counts", "streak"] }),
    );
    expect(first.url).toBe(`/year/shared/${first.id}`);
    const shared = await json<{ recap: Record<string, unknown> }>(await guest.get(`/year/shared/${first.id}/`));
    expect(Object.keys(shared.recap).sort()).toEqual(["counts", "rhythm", "user"]);
    expect(shared.recap.rhythm).toMatchObject({ most_active_month: null, most_active_weekday: null });

    const second = await json<{ id: string }>(await owner.client.post("/year/2019/share/", { parts: ["paws"] }));
    expect((await guest.get(`/year/shared/${first.id}/`)).status).toBe(404);
    expect((await guest.get(`/year/shared/${second.id}/`)).status).toBe(200);
    expect((await owner.client.delete("/year/2019/share/")).status).toBe(200);
    expect((await guest.get(`/year/shared/${second.id}/`)).status).toBe(404);
    expect((await guest.get("/year/shared/../../etc/")).status).toBe(404);
    void adminClient;
  });
});

describe("/year pages", () => {
  it("render the site's year for guests, a member's own year, and share without JavaScript", async () => {
    const { a } = await knownYear(2015);
    const guest = await guestClient();
    const page = await guest.get("http://localhost/year?year=2015");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Итоги 2015 года");
    expect(html).toContain("Самый жаркий день");
    expect(html).not.toContain("Ваш год");

    const member = await clientFor(a);
    await member.init();
    const mine = await (await member.get("http://localhost/year?year=2015")).text();
    expect(mine).toContain("Ваш год");
    expect(mine).toContain("Поделиться итогами");

    const body = new URLSearchParams([
      ["csrf", member.csrfToken ?? ""],
      ["year", "2015"],
      ["intent", "share"],
      ["parts", "counts"],
      ["parts", "streak"],
    ]);
    const shared = await member.request("POST", "http://localhost/year?year=2015", {
      body,
      csrf: false,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(shared.status).toBe(200);
    const link = /\/year\/shared\/[A-Za-z0-9_-]+/.exec(await shared.text())?.[0];
    expect(link).toBeDefined();
    const publicPage = await (await guest.get(`http://localhost${link}`)).text();
    expect(publicPage).toContain(a.username);
    expect(publicPage).toContain("og:description");
    expect(publicPage).not.toContain("Лапки: отдано");

    const none = await member.request("POST", "http://localhost/year?year=2015", {
      body: new URLSearchParams([
        ["csrf", member.csrfToken ?? ""],
        ["year", "2015"],
        ["intent", "share"],
      ]),
      csrf: false,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Выберите хотя бы одну часть итогов.");
  });
});

describe("the recap job", () => {
  it("aggregates the open year ahead of readers, and only once it is open", async () => {
    const { env } = await import("cloudflare:test");
    const { runScheduledJobs } = await import("#workers/jobs/scheduled");
    const stored = async (year: number) =>
      (await db().query.recapCache.findFirst({
        where: (t, { and, eq }) => and(eq(t.year, year), eq(t.scope, "site")),
      })) ?? null;
    await runScheduledJobs(env, at("2031-11-30T20:00:00Z"));
    expect(await stored(2031)).toBeNull();
    await runScheduledJobs(env, at("2031-12-02T10:00:00Z"));
    // Computed by the jobs queue's consumer (docs/decisions/0037), as of the trigger's time.
    await eventually(async () => (await stored(2031)) !== null, 10_000);
    expect((await stored(2031))?.computedAt.toISOString()).toBe("2031-12-02T10:00:00.000Z");
  }, 30_000);
});

describe("the shared recap's card", () => {
  it("is a 1200×630 PNG with the title drawn in Cyrillic, and the page points previews at it", async () => {
    const { PhotonImage } = await import("@cf-wasm/photon/workerd");
    await knownYear(2014);
    const { client } = await memberClient();
    const share = await json<{ id: string; url: string }>(
      await client.post("/year/2014/share/", { parts: ["counts", "streak"] }),
    );
    const guest = await guestClient();
    const page = await (await guest.get(`http://localhost${share.url}`)).text();
    expect(page).toContain(`content="http://localhost/year/shared/${share.id}/card.png"`);
    const res = await guest.get(`http://localhost/year/shared/${share.id}/card.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    const image = PhotonImage.new_from_byteslice(new Uint8Array(await res.arrayBuffer()));
    try {
      expect([image.get_width(), image.get_height()]).toEqual([1200, 630]);
      // «Итоги 2014 года» in orange at the top left: the Cyrillic word «Итоги» itself (x 72–240) has ink.
      const pixels = image.get_raw_pixels();
      let ink = 0;
      for (let y = 60; y < 130; y++) {
        for (let x = 72; x < 240; x++) {
          const i = (y * 1200 + x) * 4;
          if (pixels[i] > 200 && pixels[i + 1] > 110 && pixels[i + 2] < 120) ink += 1;
        }
      }
      expect(ink).toBeGreaterThan(300);
    } finally {
      image.free();
    }
    expect((await guest.get("http://localhost/year/shared/nope-nope-nope/card.png")).status).toBe(404);
  });
});
