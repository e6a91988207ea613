import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comments, posts, tags } from "#drizzle/schema";
import { guestClient, json, memberClient } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { db } from "#tests/factories/db";
import { createDraftRow, createPublishedPost, paragraphBody } from "#tests/factories/posts";
import { createShoutRow, setSettings } from "#tests/factories/shouts";
import { createUser, uniqueName } from "#tests/factories/users";
import { normaliseKey } from "#workers/core/shared/text";

/** A made-up Cyrillic word no other test uses (searches share one database). */
function uniqueWord(): string {
  const letters = "бвгджзклмнпрстфхцчшщ";
  let word = "мур";
  for (let i = 0; i < 6; i += 1) word += `${letters[Math.floor(Math.random() * letters.length)]}а`;
  return word;
}

async function find<T = { id: number }>(type: string, q: string, client?: Awaited<ReturnType<typeof guestClient>>) {
  const res = await (client ?? (await guestClient())).get(`/search?type=${type}&q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return json<T[]>(res);
}

type Found = { id: number; username: string }[];

describe("GET /v1/search", () => {
  it("finds members by any part of the name, in any case and with ё as е", async () => {
    const suffix = uniqueName("x").slice(-8);
    const owl = await createUser({ username: `Сёмга_${suffix}` });
    const other = await createUser({ username: `Щука_${suffix}` });
    const guest = await guestClient();

    for (const q of [`сем`, `СЁМГА_${suffix}`, `га_${suffix}`]) {
      const res = await guest.get(`/search?type=user&q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const found = await json<Found>(res);
      expect(found.map((u) => u.id)).toContain(owl.id);
      expect(found.map((u) => u.id)).not.toContain(other.id);
    }
  });

  it("puts the exact name first and hides banned members", async () => {
    const suffix = uniqueName("y").slice(-8);
    const exact = await createUser({ username: `Лис${suffix}` });
    const longer = await createUser({ username: `Лис${suffix}ица` });
    const banned = await createUser({ username: `Лис${suffix}_бан`, isBanned: true });
    const guest = await guestClient();
    const found = await json<Found>(await guest.get(`/search?type=user&q=${encodeURIComponent(`лис${suffix}`)}`));
    expect(found[0].id).toBe(exact.id);
    expect(found.map((u) => u.id)).toContain(longer.id);
    expect(found.map((u) => u.id)).not.toContain(banned.id);
  });

  it("treats LIKE wildcards in the query as plain characters", async () => {
    await createUser({ username: uniqueName("z") });
    const guest = await guestClient();
    const found = await json<Found>(await guest.get("/search?type=user&q=%25"));
    expect(found).toEqual([]);
  });

  it("checks the minimum length per type and the type itself, in Russian", async () => {
    const guest = await guestClient();
    const short = await guest.get(`/search?type=post&q=${encodeURIComponent("а")}`);
    expect(short.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(short)).errors.q[0]).toBe("Введите хотя бы 2 символа.");
    const badType = await guest.get("/search?type=planet&q=abc");
    expect(badType.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(badType)).errors.type[0]).toBe("Выберите, что искать.");
    const empty = await guest.get("/search?type=user&q=");
    expect(await json(empty)).toEqual([]);
  });
});

describe("GET /v1/search: posts, shouts, comments and tags", () => {
  it("finds published posts by any form of a word in the title, headline or text, ё as е, any case", async () => {
    const word = uniqueWord();
    const author = await createUser();
    const post = await createPublishedPost(author, new Date(), {
      title: `Ёлочные игрушки и ${word}`,
      headline: "Про зимние вечера",
      body: paragraphBody(`Лучшие стратегии для ${word}ов и их друзей.`),
    });
    const draft = await createDraftRow(author, { title: `Черновик про ${word}`, headline: "" });
    for (const q of [`елочных ${word}`, `ЁЛОЧНАЯ ИГРУШКА ${word}`, `стратегия ${word}ами`, `зимний ${word}`]) {
      const found = await find<{ id: number; slug: string }>("post", q);
      expect(
        found.map((p) => p.id),
        q,
      ).toContain(post.id);
      expect(
        found.map((p) => p.id),
        q,
      ).not.toContain(draft.id);
    }
    // Every word is required.
    expect(await find("post", `${word} ${uniqueWord()}`)).toEqual([]);
    // The index follows the post: a new title, then unpublishing.
    const renamed = uniqueWord();
    await db()
      .update(posts)
      .set({ title: `Теперь про ${renamed}` })
      .where(eq(posts.id, post.id));
    expect((await find("post", renamed)).map((p) => p.id)).toContain(post.id);
    expect((await find("post", `елочные ${word}`)).map((p) => p.id)).not.toContain(post.id);
    await db().update(posts).set({ isPublished: false }).where(eq(posts.id, post.id));
    expect(await find("post", renamed)).toEqual([]);
  });

  it("finds shouts as the bonfire shows them: never muted ones, and to guests only public authors'", async () => {
    const word = uniqueWord();
    const open = await createShoutRow(await createUser(), { text: `Сегодня у костра ${word}` });
    const muted = await createShoutRow(await createUser(), { text: `Заглушено ${word}`, isMuted: true });
    const shy = await createUser();
    await setSettings(shy, { is_shouts_public: false });
    const membersOnly = await createShoutRow(shy, { text: `Только своим ${word}` });

    const asGuest = (await find("shout", word)).map((s) => s.id);
    expect(asGuest).toContain(open.id);
    expect(asGuest).not.toContain(muted.id);
    expect(asGuest).not.toContain(membersOnly.id);
    const { client } = await memberClient();
    const asMember = (await find("shout", word, client)).map((s) => s.id);
    expect(asMember).toEqual(expect.arrayContaining([open.id, membersOnly.id]));
    expect(asMember).not.toContain(muted.id);
  });

  it("finds live comments under published posts, in the search-result form", async () => {
    const word = uniqueWord();
    const author = await createUser();
    const post = await createPublishedPost(author, new Date(), { title: "Обзор сезона" });
    const draft = await createDraftRow(author);
    const commenter = await createUser();
    const comment = await createCommentRow(post, commenter, { text: `Согласен насчёт ${word}ов` });
    const hidden = await createCommentRow(draft, commenter, { text: `Под черновиком ${word}` });

    const found = await find<{ id: number; headline: string; url: string; user: { id: number }; text: string }>(
      "comment",
      `${word}ы`,
    );
    expect(found.map((c) => c.id)).toEqual([comment.id]);
    expect(found[0]).toMatchObject({
      headline: "Обзор сезона",
      url: `/posts/${post.slug}?comment=${comment.id}`,
      user: { id: commenter.id },
      text: `Согласен насчёт ${word}ов`,
    });
    expect(hidden.id).toBeGreaterThan(0);
    await db().update(comments).set({ isDeleted: true, text: "" }).where(eq(comments.id, comment.id));
    expect(await find("comment", word)).toEqual([]);
  });

  it("finds tags by any part of the name, exact first, in any case and with ё as е", async () => {
    const word = uniqueWord();
    const names = [`${word}ёж`, `Ёж${word}`, `Про ${word}ёжиков`];
    for (const [i, name] of names.entries()) {
      await db()
        .insert(tags)
        .values({ slug: `${word}-${i}`, name, nameKey: normaliseKey(name), postsCount: i + 1 });
    }
    const found = await find<{ slug: string; name: string }>("tag", `${word.toUpperCase()}ЕЖ`);
    expect(found[0].name).toBe(`${word}ёж`);
    expect(found.map((t) => t.name)).toEqual(expect.arrayContaining([`${word}ёж`, `Про ${word}ёжиков`]));
    expect(found.map((t) => t.name)).not.toContain(`Ёж${word}`);
  });

  it("reads the query as words only: FTS5 syntax in it is plain text", async () => {
    for (const q of ['"OR* AND (', "NEAR(а б)", "--", "**"]) {
      const res = await (await guestClient()).get(`/search?type=post&q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
  });
});
