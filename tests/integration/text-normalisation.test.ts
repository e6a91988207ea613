import { env, SELF } from "cloudflare:test";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { postTags, tags } from "#drizzle/schema";
import { json, memberClient } from "#tests/factories/client";
import { db, scalar } from "#tests/factories/db";
import { createPost, createPublishedPost } from "#tests/factories/posts";
import { cleanText, xmlSafe } from "#workers/core/shared/text";

/** Characters no stored text may keep: NUL, backspace, a noncharacter, a lone (high) surrogate, DEL. */
const DIRTY = "\u0000\u0008\uFFFE\uD800\u007F";
/** "й" written as и + combining breve (NFD); stored as the one precomposed letter (NFC). */
const DECOMPOSED = "и\u0306";
/** What a form can carry of that (URL encoding itself turns a lone surrogate into U+FFFD). */
const DIRTY_FORM = "\u0000\u0008\uFFFE\u007F";
const run = Math.random().toString(36).slice(2, 6);

/** A page of the site as a guest sees it (the tests' Worker serves the pages too). */
const page = (path: string) => SELF.fetch(`http://localhost${path}`);

/** Parses XML with a strict, conformance-checking parser (saxes): throws on anything not well-formed. */
async function wellFormed(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  // Valid UTF-8 first, then XML.
  const xml = new TextDecoder("utf-8", { fatal: true }).decode(await res.arrayBuffer());
  const parser = new SaxesParser();
  let error: Error | undefined;
  parser.on("error", (e) => {
    error ??= e;
  });
  parser.write(xml).close();
  if (error) throw new Error(`${error.message}\n${xml.slice(0, 2000)}`);
  return xml;
}

describe("cleanText", () => {
  it("drops control characters, noncharacters and lone surrogates, folds CR LF, composes NFC", () => {
    expect(cleanText(`a${DIRTY}b${DECOMPOSED}`, false)).toBe("abй");
    expect(cleanText("раз\r\nдва\rтри\tчетыре", true)).toBe("раз\nдва\nтри\tчетыре");
    expect(cleanText("раз\r\n\tдва", false)).toBe("раз два");
    expect(cleanText("\u0085\u009f\uFDD0\u{1FFFE}x", false)).toBe("x");
    // Paired surrogates (astral characters) stay.
    expect(cleanText("🔥\uDC00", false)).toBe("🔥");
  });

  it("xmlSafe keeps exactly XML 1.0's characters", () => {
    expect(xmlSafe(`a${DIRTY}\t\n\r🔥\uFFFD`)).toBe("a\u007F\t\n\r🔥\uFFFD");
  });
});

describe("every text input is cleaned on its way in", () => {
  it("a post's title, headline, body and tags are stored cleaned and NFC; the body keeps line breaks", async () => {
    const { client } = await memberClient();
    const created = await client.post("/post/", { title: `Черно${DIRTY}вик${DECOMPOSED}` });
    expect(created.status).toBe(201);
    const { slug } = await json<{ slug: string }>(created);
    expect(await scalar("SELECT title FROM posts WHERE slug = ?", slug)).toBe("Черновикй");

    const res = await client.patch(`/post/${slug}/`, {
      title: `Заго${DIRTY}ловок\nс пере${DECOMPOSED}носом`,
      headline: `Опи${DIRTY}сание\r\nв\tдве строки`,
      body: {
        type: "doc",
        content: [
          { type: "paragraph", content: [{ type: "text", text: `Те${DIRTY}кст${DECOMPOSED}` }] },
          { type: "codeBlock", content: [{ type: "text", text: `\tкод${DIRTY}\r\nещё` }] },
          {
            type: "image",
            attrs: { src: "/media/posts/1/a.webp", width: 10, height: 10, caption: `Под${DIRTY}пись\nтут` },
          },
        ],
      },
      tags: [`Тег${DIRTY}${run}`, `Мо${DECOMPOSED}${run}`],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const row = await env.DB.prepare("SELECT id, title, headline, body FROM posts WHERE slug = ?")
      .bind(slug)
      .first<{ id: number; title: string; headline: string; body: string }>();
    expect(row?.title).toBe("Заголовок с перейносом");
    expect(row?.headline).toBe("Описание в две строки");
    const body = JSON.parse(row?.body ?? "null");
    expect(body.content[0].content[0].text).toBe("Текстй");
    expect(body.content[1].content[0].text).toBe("\tкод\nещё");
    expect(body.content[2].attrs.caption).toBe("Подпись тут");
    const names = await env.DB.prepare(
      "SELECT t.name FROM tags t JOIN post_tags pt ON pt.tag_id = t.id WHERE pt.post_id = ? ORDER BY pt.position",
    )
      .bind(row?.id)
      .all<{ name: string }>();
    expect(names.results.map((t) => t.name)).toEqual([`Тег${run}`, `Мой${run}`]);
  });

  // Pages are compiled on their first request (the page door runs React Router's dev build): more time.
  it("the editor page's form (a route action) is cleaned the same way", { timeout: 30_000 }, async () => {
    const { client, user } = await memberClient();
    const draft = await createPost(user, { isPublished: false, publishedAt: null });
    const form = new URLSearchParams({
      csrf: client.csrfToken ?? "",
      intent: "save",
      title: `Фор${DIRTY_FORM}ма\r\nредактора${DECOMPOSED}`,
      headline: `Опи${DIRTY_FORM}сание`,
      tags: `Фор${DIRTY_FORM}ма${run}`,
    });
    const res = await SELF.fetch(`http://localhost/posts/${draft.slug}/editor`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "CF-Connecting-IP": client.ip,
      },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(400);
    expect(await scalar("SELECT title FROM posts WHERE id = ?", draft.id)).toBe("Форма редакторай");
    expect(await scalar("SELECT headline FROM posts WHERE id = ?", draft.id)).toBe("Описание");
  });

  it("comments and shouts keep line breaks and tabs, lose the rest", async () => {
    const { client, user } = await memberClient();
    const post = await createPublishedPost(user);
    const comment = await client.post("/comment/", {
      post_slug: post.slug,
      text: `При${DIRTY}вет\r\nмир\tи${DECOMPOSED}`,
    });
    expect(comment.status, await comment.clone().text()).toBe(201);
    const { id } = await json<{ id: number }>(comment);
    expect(await scalar("SELECT text FROM comments WHERE id = ?", id)).toBe("Привет\nмир\tий");

    const shout = await client.post("/shout/", { text: `Запи${DIRTY}ска\nвторая${DECOMPOSED}`, captions: [] });
    expect(shout.status, await shout.clone().text()).toBe(201);
    const shoutId = (await json<{ id: number }>(shout)).id;
    expect(await scalar("SELECT text FROM shouts WHERE id = ?", shoutId)).toBe("Записка\nвтораяй");
  });

  it("a search query is cleaned as well: control characters do not hide a match", async () => {
    const { client, user } = await memberClient();
    const post = await createPublishedPost(user);
    const [tag] = await db()
      .insert(tags)
      .values({ slug: `poisk-${run}`, name: `Поиск${run}`, nameKey: `поиск${run}`, postsCount: 1 })
      .returning();
    await db().insert(postTags).values({ postId: post.id, tagId: tag.id });
    const q = encodeURIComponent(`По${DIRTY_FORM}иск${run}`);
    const res = await client.get(`/search/?type=tag&q=${q}`);
    expect(res.status).toBe(200);
    expect((await json<{ name: string }[]>(res)).map((t) => t.name)).toEqual([`Поиск${run}`]);
  });
});

describe("feeds stay well-formed XML", { timeout: 30_000 }, () => {
  it("a post cleaned on its way in reaches /rss.xml", async () => {
    const { client } = await memberClient();
    const { slug } = await json<{ slug: string }>(await client.post("/post/", { title: `Лента${DIRTY}${run}` }));
    await client.patch(`/post/${slug}/`, {
      headline: `Коротко${DIRTY}`,
      body: {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Достаточно длинный текст статьи." }] }],
      },
    });
    expect((await client.post(`/post/${slug}/publish/`)).status).toBe(200);
    const xml = await wellFormed(await page("/rss.xml"));
    expect(xml).toContain(`Лента${run}`);
  });

  it("rows already dirty in D1 still give well-formed /rss.xml, /tags/{slug}/rss.xml and /sitemap.xml", async () => {
    const { user } = await memberClient();
    const post = await createPost(user, {
      slug: `dirty-${run}-\u0001\uD800`,
      title: `Грязный${DIRTY}заголовок ]]> <b>&amp;`,
      headline: `Грязное${DIRTY}описание`,
    });
    const [tag] = await db()
      .insert(tags)
      .values({ slug: `dirty-tag-${run}`, name: `Грязный${DIRTY}тег`, nameKey: `грязный-тег-${run}`, postsCount: 1 })
      .returning();
    await db().insert(postTags).values({ postId: post.id, tagId: tag.id });
    await db()
      .insert(tags)
      .values({ slug: `dirty-slug-${run}-\u0002\uDC00`, name: "x", nameKey: `dirty-slug-${run}`, postsCount: 1 });

    const home = await wellFormed(await page("/rss.xml"));
    // (D1 itself keeps a lone surrogate as U+FFFD: what is left between the words is valid XML.)
    expect(home).toMatch(/Грязный[^<]*заголовок/);
    const tagFeed = await wellFormed(await page(`/tags/${tag.slug}/rss.xml`));
    expect(tagFeed).toMatch(/Грязный[^<]*заголовок/);
    expect(tagFeed).toMatch(/Грязный[^<]*тег/);
    const sitemap = await wellFormed(await page("/sitemap.xml"));
    expect(sitemap).toContain(`/tags/dirty-slug-${run}-`);
    expect(sitemap).toContain(`/posts/dirty-${run}-`);
  });
});
