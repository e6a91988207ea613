import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminClient, type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { mediaKeys, scalar } from "#tests/factories/db";
import { CORRUPT_PNG, PNG_6X4, pngDeclaring } from "#tests/factories/images";
import { monthBounds, parseReleaseDate, releaseDateKey, releaseDateLabel } from "#workers/core/calendar/calendar.dates";

type Release = {
  id: number;
  game: number;
  title: string;
  cover: { id: string; url: string; url_2x: string } | null;
  platforms: { id: number }[];
  datetime_released: string;
  precision: string;
  date_released: string;
  date_label: string;
  day: string | null;
  month: string;
  note: string;
  is_subscribed: boolean;
};
type Game = { id: number; title: string; cover: Release["cover"]; releases: Release[] };
type Month = { date: string; releases: Record<string, Release[]>; undated: Release[]; previous: string; next: string };

async function platformIds(): Promise<Record<string, number>> {
  const rows = await env.DB.prepare("SELECT id, slug FROM platforms").all<{ id: number; slug: string }>();
  return Object.fromEntries(rows.results.map((r) => [r.slug, r.id]));
}

function editorClient() {
  return memberClient({ isDbEditor: true });
}

async function createGame(client: Awaited<ReturnType<typeof editorClient>>["client"], body: Record<string, unknown>) {
  const res = await client.post("/game/", body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return json<Game>(res);
}

describe("release dates", () => {
  it("parse every precision and label them in Russian", () => {
    const cases: [string, string, string][] = [
      ["2027-03-14", "2027-03-14", "14 марта 2027"],
      ["2027-03-14T18:00", "2027-03-14T18:00", "14 марта 2027, 18:00 МСК"],
      ["2027-03-14T15:00Z", "2027-03-14T18:00", "14 марта 2027, 18:00 МСК"],
      ["2027-03", "2027-03", "март 2027"],
      ["2027-q4", "2027-Q4", "IV квартал 2027"],
      ["2027", "2027", "2027"],
    ];
    for (const [input, key, label] of cases) {
      const date = parseReleaseDate(input);
      expect(date, input).not.toBeNull();
      if (!date) continue;
      expect(releaseDateKey(date)).toBe(key);
      expect(releaseDateLabel(date)).toBe(label);
    }
    for (const bad of ["2027-02-30", "2027-13", "2027-Q5", "27-03-14", "2027-03-14T25:00", "завтра", ""]) {
      expect(parseReleaseDate(bad), bad).toBeNull();
    }
  });

  it("a Moscow month starts at 00:00 Moscow time (21:00 UTC the day before)", () => {
    const [start, end] = monthBounds({ year: 2027, month: 3 });
    expect(new Date(start).toISOString()).toBe("2027-02-28T21:00:00.000Z");
    expect(new Date(end).toISOString()).toBe("2027-03-31T21:00:00.000Z");
    // Imprecise dates sort into the last month of their period.
    expect(parseReleaseDate("2027-Q1")?.sortAt.toISOString()).toBe("2027-02-28T21:00:00.000Z");
    expect(parseReleaseDate("2027")?.sortAt.toISOString()).toBe("2027-11-30T21:00:00.000Z");
  });
});

describe("calendar API", () => {
  it("GET /v1/platform/ lists the platforms in order; guests read months", async () => {
    const guest = await guestClient();
    const res = await guest.get("/platform/");
    expect(res.status).toBe(200);
    const body = await json<{ results: { slug: string; position: number }[] }>(res);
    expect(body.results.map((p) => p.slug).slice(0, 3)).toEqual(["pc", "ps5", "xbox-series"]);
    const month = await guest.get("/game/releases/?date=2031-5");
    expect(month.status).toBe(200);
    expect(await json<Month>(month)).toMatchObject({ date: "2031-5", previous: "2031-4", next: "2031-6", undated: [] });
  });

  it("a release at 00:30 Moscow time on the 1st belongs to that month, not the one before", async () => {
    const { client } = await editorClient();
    const ids = await platformIds();
    const game = await createGame(client, {
      title: "Полночный релиз",
      platforms: [ids.pc],
      datetime_released: "2030-03-01T00:30+03:00",
    });
    expect(game.releases[0]).toMatchObject({ day: "2030-03-01", datetime_released: "2030-02-28T21:30:00.000Z" });
    const guest = await guestClient();
    const march = await json<Month>(await guest.get("/game/releases/?date=2030-3"));
    expect(march.releases["2030-03-01"]?.map((r) => r.title)).toEqual(["Полночный релиз"]);
    const february = await json<Month>(await guest.get("/game/releases/?date=2030-2"));
    expect(Object.keys(february.releases)).toEqual([]);
  });

  it("imprecise dates show at the end of their period, under undated", async () => {
    const { client } = await editorClient();
    const ids = await platformIds();
    await createGame(client, { title: "Квартальная игра", platforms: [ids.ps5], datetime_released: "2032-Q2" });
    await createGame(client, { title: "Годовая игра", platforms: [ids.ps5], datetime_released: "2032" });
    await createGame(client, { title: "Майская игра", platforms: [ids.ps5], datetime_released: "2032-05" });
    const guest = await guestClient();
    const get = async (date: string) => json<Month>(await guest.get(`/game/releases/?date=${date}`));
    expect((await get("2032-4")).undated).toEqual([]);
    expect((await get("2032-5")).undated.map((r) => r.date_label)).toEqual(["май 2032"]);
    expect((await get("2032-6")).undated.map((r) => [r.date_label, r.month])).toEqual([["II квартал 2032", "2032-6"]]);
    expect((await get("2032-12")).undated.map((r) => r.title)).toEqual(["Годовая игра"]);
  });

  it("filters by platform (slug or id); an unknown platform or month is a Russian 400", async () => {
    const { client } = await editorClient();
    const ids = await platformIds();
    await createGame(client, { title: "Только PC", platforms: [ids.pc], datetime_released: "2033-07-10" });
    await createGame(client, { title: "Везде", platforms: [ids.pc, ids.ps5], datetime_released: "2033-07-11" });
    const guest = await guestClient();
    const titles = async (q: string) =>
      Object.values((await json<Month>(await guest.get(`/game/releases/?date=2033-7${q}`))).releases)
        .flat()
        .map((r) => r.title);
    expect(await titles("")).toEqual(["Только PC", "Везде"]);
    expect(await titles("&platform=ps5")).toEqual(["Везде"]);
    expect(await titles(`&platform=${ids.ps5}`)).toEqual(["Везде"]);
    // A platform no test creates (calendar-pages adds Dreamcast).
    for (const q of ["?date=2033-13", "?date=июль", "?date=2033-7&platform=no-such-platform"]) {
      const res = await guest.get(`/game/releases/${q}`);
      expect(res.status, q).toBe(400);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
  });

  it("only editors and admins add and change games: guests 401, members 403, nothing written", async () => {
    const ids = await platformIds();
    const body = { title: "Чужая игра", platforms: [ids.pc], datetime_released: "2034-01-01" };
    const before = await scalar("SELECT count(*) FROM games");
    const guest = await guestClient();
    expect((await guest.post("/game/", body)).status).toBe(401);
    const { client: member } = await memberClient();
    const refused = await member.post("/game/", body);
    expect(refused.status).toBe(403);
    expect((await json<ErrorBody>(refused)).detail).toMatch(RUSSIAN);
    expect(await scalar("SELECT count(*) FROM games")).toBe(before);

    const { client: admin } = await adminClient();
    const game = await createGame(admin, body);
    expect((await member.patch(`/game/${game.id}/`, { title: "Взлом" })).status).toBe(403);
    expect((await member.post("/release/delete/", { release: game.releases[0].id })).status).toBe(403);
    expect((await member.post("/platform/", { title: "Денди", slug: "dendy" })).status).toBe(403);
    expect(
      (await guest.post("/release/", { game: game.id, platforms: [ids.pc], datetime_released: "2034" })).status,
    ).toBe(401);
    expect(await scalar("SELECT title FROM games WHERE id = ?", game.id)).toBe("Чужая игра");
  });

  it("bad input is a Russian 400 with field errors and writes nothing", async () => {
    const { client } = await editorClient();
    const ids = await platformIds();
    const before = await scalar("SELECT count(*) FROM game_releases");
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "", platforms: [ids.pc], datetime_released: "2030" }, "title"],
      [{ title: "Игра", platforms: [], datetime_released: "2030" }, "platforms"],
      [{ title: "Игра", platforms: [999999], datetime_released: "2030" }, "platforms"],
      [{ title: "Игра", platforms: [ids.pc], datetime_released: "2030-02-30" }, "datetime_released"],
      [{ title: "Игра", platforms: [ids.pc], datetime_released: "2030", extra: 1 }, "non_field_errors"],
      [{ title: "Я".repeat(151), platforms: [ids.pc], datetime_released: "2030" }, "title"],
    ];
    for (const [body, field] of cases) {
      const res = await client.post("/game/", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = await json<ErrorBody>(res);
      expect(error.detail).toMatch(RUSSIAN);
      expect(Object.keys(error.errors ?? {}).join(","), field).toContain(field);
    }
    expect(await scalar("SELECT count(*) FROM game_releases")).toBe(before);
  });

  it("an editor adds a game with a cover (WebP in R2), another date, edits and deletes; each change is audited", async () => {
    const { client, user } = await editorClient();
    const ids = await platformIds();
    const form = new FormData();
    form.set("title", "Игра с обложкой");
    form.append("platforms", String(ids.pc));
    form.append("platforms", String(ids["switch-2"]));
    form.set("datetime_released", "2035-06-05");
    form.set("cover", new File([new Uint8Array(PNG_6X4)], "cover.png", { type: "image/png" }));
    const created = await client.request("POST", "/game/", { body: form });
    expect(created.status).toBe(201);
    const game = await json<Game>(created);
    expect(game.cover?.url).toMatch(/^\/media\/games\/[\w-]+-200\.webp$/);
    expect(game.releases[0].platforms).toEqual([{ id: ids.pc }, { id: ids["switch-2"] }]);
    const key = game.cover?.url.slice("/media/".length).replace(/-200\.webp$/, "") ?? "";
    expect((await mediaKeys(key)).sort()).toEqual([`${key}-200.webp`, `${key}-400.webp`]);

    const added = await client.post("/release/", {
      game: game.id,
      platforms: [ids.ps5],
      datetime_released: "2035-Q4",
      note: "Ранний доступ",
    });
    expect(added.status).toBe(201);
    const both = await json<Game>(added);
    expect(both.releases.map((r) => r.date_released)).toEqual(["2035-06-05", "2035-Q4"]);

    // Two releases: PATCH must say which one to change.
    const ambiguous = await client.patch(`/game/${game.id}/`, { datetime_released: "2035-07" });
    expect(ambiguous.status).toBe(400);
    const patched = await client.patch(`/game/${game.id}/`, {
      title: "Игра с обложкой: издание",
      release: both.releases[0].id,
      datetime_released: "2035-07",
    });
    expect(patched.status).toBe(200);
    expect((await json<Game>(patched)).releases.map((r) => r.date_label)).toEqual(["июль 2035", "IV квартал 2035"]);

    // A corrupt cover is a field error and leaves the old cover.
    const bad = new FormData();
    bad.set("cover", new File([new Uint8Array(CORRUPT_PNG)], "bad.png", { type: "image/png" }));
    const refused = await client.request("PATCH", `/game/${game.id}/`, { body: bad });
    expect(refused.status).toBe(400);
    expect(Object.keys((await json<ErrorBody>(refused)).errors ?? {})).toEqual(["cover"]);
    const huge = new FormData();
    huge.set("cover", new File([new Uint8Array(pngDeclaring(20000, 20000))], "huge.png", { type: "image/png" }));
    expect((await client.request("PATCH", `/game/${game.id}/`, { body: huge })).status).toBe(400);

    const deleted = await client.post("/release/delete/", { game: game.id, date_released: "2035-07" });
    expect(await json(deleted)).toEqual({ deleted: true, game_deleted: false });
    const last = await client.post("/release/delete/", { release: both.releases[1].id });
    expect(await json(last)).toEqual({ deleted: true, game_deleted: true });
    expect(await scalar("SELECT count(*) FROM games WHERE id = ?", game.id)).toBe(0);

    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE actor_id = ? ORDER BY id")
      .bind(user.id)
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual([
      "game.create",
      "release.create",
      "game.update",
      "release.delete",
      "game.delete",
    ]);
  });

  it("editors manage platforms: a new one, renamed and moved; a taken address is refused", async () => {
    const { client } = await editorClient();
    const created = await client.post("/platform/", {
      title: "Steam Deck",
      slug: "steam-deck",
      icon: "pc",
      position: 7,
    });
    expect(created.status).toBe(201);
    const platform = await json<{ id: number; slug: string }>(created);
    const renamed = await client.patch(`/platform/${platform.id}/`, { title: "Steam Deck OLED", position: 1 });
    expect(await json(renamed)).toMatchObject({ title: "Steam Deck OLED", position: 1, slug: "steam-deck" });
    const taken = await client.post("/platform/", { title: "Ещё PC", slug: "pc" });
    expect(taken.status).toBe(400);
    expect((await json<ErrorBody>(taken)).errors?.slug?.[0]).toMatch(RUSSIAN);
    expect((await client.patch("/platform/999999/", { title: "Нет" })).status).toBe(404);
  });
});
