import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comments } from "#drizzle/schema";
import { guestClient, json, memberClient } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { db } from "#tests/factories/db";
import { createDraftRow, createPublishedPost, paragraphBody } from "#tests/factories/posts";
import { createShoutRow } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import { matchingTokens, matchKind, queryWords, tokens } from "#workers/core/search/terms";

/** A marker word no other test uses (Latin: matched as itself), so a query finds only this test's corpus. */
function marker(): string {
  return `rk${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
}

type Marked = { text: string; marks: [number, number][] };
type Found = { id: number; highlight: { title: Marked | null; text: Marked | null } };

async function find(type: string, q: string, extra = "") {
  const res = await (await guestClient()).get(`/search?type=${type}&q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  const header = res.headers.get("Search-Corrected-Query");
  return { results: await json<Found[]>(res), corrected: header ? decodeURIComponent(header) : null };
}

/** The marked words of a highlight. */
const markedWords = (m: Marked | null) => (m ? m.marks.map(([s, e]) => m.text.slice(s, e)) : []);

const DAY = 24 * 60 * 60 * 1000;

describe("search: ranking", () => {
  it("puts title matches above body matches, the form typed above other forms, then the fresher", async () => {
    const mark = marker();
    const author = await createUser();
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    const bodyOther = await createPublishedPost(author, at(1), {
      title: "Огненный змей",
      body: paragraphBody(`Тут живёт дракон, ${mark}.`),
    });
    const bodyOtherOld = await createPublishedPost(author, at(30), {
      title: "Старый змей",
      body: paragraphBody(`Тут жил дракон, ${mark}.`),
    });
    const bodyExact = await createPublishedPost(author, at(2), {
      title: "Змей",
      body: paragraphBody(`Нет у нас дракона, ${mark}.`),
    });
    const titleOther = await createPublishedPost(author, at(3), {
      title: "Драконы летят",
      body: paragraphBody(`Про них: ${mark}.`),
    });
    const titleExact = await createPublishedPost(author, at(4), {
      title: "Без дракона",
      body: paragraphBody(`И всё: ${mark}.`),
    });
    const { results } = await find("post", `дракона ${mark}`);
    expect(results.map((p) => p.id)).toEqual([
      titleExact.id,
      titleOther.id,
      bodyExact.id,
      bodyOther.id,
      bodyOtherOld.id,
    ]);
    // Marks on every form of the word and on the marker.
    expect(markedWords(results[0]?.highlight.title ?? null)).toEqual(["дракона"]);
    expect(markedWords(results[1]?.highlight.title ?? null)).toEqual(["Драконы"]);
    expect(markedWords(results[3]?.highlight.text ?? null)).toEqual(["дракон", mark]);
  });

  it("ranks shouts and comments: the form typed first, then the newer", async () => {
    const mark = marker();
    const author = await createUser();
    const older = await createShoutRow(author, { text: `Вижу огонёк ${mark}`, createdAt: new Date(Date.now() - DAY) });
    const newer = await createShoutRow(author, { text: `Ещё огоньки ${mark}` });
    const exact = await createShoutRow(author, {
      text: `Два огонька ${mark}`,
      createdAt: new Date(Date.now() - 2 * DAY),
    });
    const { results } = await find("shout", `огонька ${mark}`);
    expect(results.map((s) => s.id)).toEqual([exact.id, newer.id, older.id]);

    const post = await createPublishedPost(author, new Date(), { title: "Ночь" });
    const exactComment = await createCommentRow(post, author, {
      text: `Нет сна ${mark}`,
      createdAt: new Date(Date.now() - DAY),
    });
    const plural = await createCommentRow(post, author, {
      text: `Сны снятся ${mark}`,
      createdAt: new Date(Date.now() - 1000),
    });
    const single = await createCommentRow(post, author, { text: `Мне приснился сон ${mark}` });
    const found = await find("comment", `сна ${mark}`);
    expect(found.results.map((c) => c.id)).toEqual([exactComment.id, single.id, plural.id]);
    expect(markedWords(found.results[1]?.highlight.text ?? null)).toEqual(["сон", mark]);
  });

  it("finds a title match first however many newer posts have the word in the text", { timeout: 60_000 }, async () => {
    const mark = marker();
    const author = await createUser();
    const old = await createPublishedPost(author, new Date(Date.now() - 400 * DAY), {
      title: `Про ${mark}`,
      body: paragraphBody("Старая статья."),
    });
    // 2,100 newer posts with the word in the text only, in one statement (the triggers index them as any write).
    const body = JSON.stringify(paragraphBody(`Снова ${mark}, и ещё раз.`));
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2100)
       INSERT INTO posts (slug, user_id, title, headline, body, is_published, published_at, created_at, updated_at)
       SELECT ?1 || '-' || i, ?2, 'Заметка ' || i, 'Описание', ?3, 1, ?4 + i, ?4 + i, ?4 + i FROM n`,
    )
      .bind(mark, author.id, body, Date.now() - DAY)
      .run();
    const { results } = await find("post", mark);
    expect(results).toHaveLength(20);
    expect(results[0]?.id).toBe(old.id);
    expect(markedWords(results[0]?.highlight.title ?? null)).toEqual([mark]);
    // The rest: the newest of the text matches.
    const newest = await env.DB.prepare("SELECT id FROM posts WHERE slug LIKE ?1 ORDER BY id DESC LIMIT 19")
      .bind(`${mark}-%`)
      .all<{ id: number }>();
    expect(results.slice(1).map((p) => p.id)).toEqual(newest.results.map((r) => r.id));

    // The titles' index follows a post's title and its publication.
    const titled = () =>
      env.DB.prepare("SELECT count(*) AS n FROM search_post_titles WHERE search_post_titles MATCH ?1")
        .bind(`"${mark}"`)
        .first<number>("n");
    await env.DB.prepare("UPDATE posts SET title = 'Заметка' WHERE id = ?1").bind(old.id).run();
    expect(await titled()).toBe(0);
    await env.DB.prepare("UPDATE posts SET title = ?1, is_published = 0 WHERE id = ?2")
      .bind(`Про ${mark}`, old.id)
      .run();
    expect(await titled()).toBe(0);
    await env.DB.prepare("UPDATE posts SET is_published = 1 WHERE id = ?1").bind(old.id).run();
    expect(await titled()).toBe(1);
    await env.DB.prepare("DELETE FROM posts WHERE id = ?1").bind(old.id).run();
    expect(await titled()).toBe(0);
  });

  it("cuts a long text to a fragment around the first match", async () => {
    const mark = marker();
    const author = await createUser();
    const filler = "Слово за слово, а дело стоит. ".repeat(20);
    await createShoutRow(author, { text: `${filler}И тут рыцари ${mark} пришли. ${filler}` });
    const { results } = await find("shout", `рыцарь ${mark}`);
    const text = results[0]?.highlight.text as Marked;
    expect(text.text.startsWith("…")).toBe(true);
    expect(text.text.endsWith("…")).toBe(true);
    expect(text.text.length).toBeLessThanOrEqual(190);
    expect(markedWords(text)).toEqual(["рыцари", mark]);
  });

  it("folds a Russian or English text as a whole exactly as it folds each of its words alone", () => {
    // Any letter outside ASCII and Cyrillic (here é) sends a whole text down the word-by-word path: the same
    // text with and without one must give the same tokens.
    const slow = (text: string) => [...tokens(`${text} é`)].slice(0, -1);
    const samples = [
      "Ёжик в ТУМАНЕ: «Ведьмак 3» — Half-Life², ½ и ª; ЁЛКА ёлка Ёлка, статья №5 😀 ✓ → ⓐ Ⓐ",
      "Ӏ ӏ Ѐ ѐ Ѣ ѣ Ґ ґ Ї ї Ў ў Ң ң Ә ә Ө ө Ү ү",
      // Every character of the range the whole-text path takes, as words of one character and as one word.
      Array.from({ length: 0x4ff + 1 }, (_, code) => code)
        .filter((code) => code <= 0xbf || (code >= 0x400 && code <= 0x4ff))
        .map((code) => String.fromCodePoint(code))
        .join(" "),
    ];
    samples.push(samples[2]?.replaceAll(" ", "") ?? "");
    for (const text of samples) expect([...tokens(text)]).toEqual(slow(text));
  });

  it("finds the matching tokens of a text by one expression exactly as token by token", () => {
    const texts = [
      "Драконы и ДРАКОН, дракону — драконам! Сон, сна, сну; снами. Ведьмак 3 и ведьмак 30, 3D, 3-й. Нубы нубами нуб.",
      "Half-Life², half life, HALFLIFE halflives; Witcher witchers wITCHER. кто-то кто то ёлка ЁЛКИ елки, ёлочка",
      "драконище сон-трава драконСон сон3 3сон   сон\nсна\tсну «сон» (сна) [сну] сон.сна",
    ];
    const queries = ["дракон", "сон", "ведьмак 3", "нубами", "half witcher", "ёлка кто", "сон дракон 3 нуб"];
    const byToken = (text: string, q: string) => {
      const words = queryWords(q);
      return [...tokens(text)].filter((t) => words.some((w) => matchKind(w, t.folded) !== null));
    };
    for (const text of texts) {
      for (const q of queries) {
        const expected = byToken(text, q);
        expect([...matchingTokens(text, queryWords(q))]).toEqual(expected);
        // The same text down the word-by-word path (a letter outside ASCII and Cyrillic at its end).
        expect([...matchingTokens(`${text} é`, queryWords(q))]).toEqual(expected);
      }
    }
    expect(byToken(texts[0] ?? "", "сон дракон 3 нуб").length).toBeGreaterThan(10);
  });
});

describe("search: typos", () => {
  it("corrects a word no document has to a close one, unless asked for the query as typed", async () => {
    const mark = marker();
    const shout = await createShoutRow(await createUser(), { text: `Лучший компьютер для игр ${mark}` });
    const fixed = await find("shout", `кампьютер ${mark}`);
    expect(fixed.results.map((s) => s.id)).toEqual([shout.id]);
    expect(fixed.corrected).toBe(`компьютер ${mark}`);
    const verbatim = await find("shout", `кампьютер ${mark}`, "&verbatim=1");
    expect(verbatim.results).toEqual([]);
    expect(verbatim.corrected).toBeNull();
    // A query that finds something is never corrected.
    expect((await find("shout", `компьютеры ${mark}`)).corrected).toBeNull();
  });

  it("shows the correction on the search page with the query as typed a click away", async () => {
    const mark = marker();
    await createShoutRow(await createUser(), { text: `Собака лает ${mark}` });
    const guest = await guestClient();
    const res = await guest.get(`http://localhost/search?type=shout&q=${encodeURIComponent(`сабака ${mark}`)}`);
    const html = await res.text();
    expect(html).toContain("Показаны результаты по запросу");
    expect(html).toContain(`собака ${mark}`);
    expect(html).toContain(`verbatim=1`);
    const typed = await guest.get(
      `http://localhost/search?type=shout&verbatim=1&q=${encodeURIComponent(`сабака ${mark}`)}`,
    );
    expect(await typed.text()).toContain("К сожалению, мы ничего не смогли найти.");
  });
});

describe("search: safety", () => {
  it("renders highlighted fragments as text: HTML in content stays text, marks come from ranges", async () => {
    const mark = marker();
    const author = await createUser();
    const post = await createPublishedPost(author, new Date(), { title: "Обсуждение" });
    await createCommentRow(post, author, {
      text: `<script>alert("x")</script> <b>драконы</b> <img src=x onerror=alert(1)> ${mark}`,
    });
    const res = await (await guestClient()).get(
      `http://localhost/search?type=comment&q=${encodeURIComponent(`дракон ${mark}`)}`,
    );
    const html = await res.text();
    expect(html).toContain("<mark>драконы</mark>");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;");
  });

  it("finds nothing hidden, and corrects no typo towards it: drafts, muted shouts, deleted comments", async () => {
    const mark = marker();
    const author = await createUser();
    const draft = await createDraftRow(author, { title: `Черновик про единорогов ${mark}`, headline: "" });
    await createCommentRow(draft, author, { text: `Под черновиком единороги ${mark}` });
    await createShoutRow(author, { text: `Заглушённые единороги ${mark}`, isMuted: true });
    const post = await createPublishedPost(author, new Date(), { title: "Открытая" });
    const deleted = await createCommentRow(post, author, { text: `Удалённые единороги ${mark}` });
    await db().update(comments).set({ isDeleted: true, text: "" }).where(eq(comments.id, deleted.id));
    const { client } = await memberClient();
    for (const type of ["post", "shout", "comment"]) {
      for (const q of [`единорог ${mark}`, `единарог ${mark}`]) {
        const res = await client.get(`/search?type=${type}&q=${encodeURIComponent(q)}`);
        expect(await json(res), `${type}: ${q}`).toEqual([]);
        expect(res.headers.get("Search-Corrected-Query"), `${type}: ${q}`).toBeNull();
      }
    }
  });
});
