import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { toEditorContent, toPostBody } from "#app/components/editor/normalise";
import { PostBody } from "#app/components/post-body";
import { BODY_RENDER_ERROR, postBodyMarkup } from "#app/components/post-body-markup";
import { bodyText, checkedBody, type TPostBody, ZPostBody } from "#workers/core/posts/body.schemas";
import { isValidVideoId, parseVideoUrl } from "#workers/core/shared/embeds";
import { embedSrc, videoPageUrl } from "#workers/core/shared/video-players";

const render = (body: unknown) =>
  renderToString(createElement(PostBody, { bodyHtml: postBodyMarkup(checkedBody(body)).value }));

const text = (value: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) =>
  marks ? { type: "text", text: value, marks } : { type: "text", text: value };
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const doc = (...content: unknown[]) => ({ type: "doc", content });

describe("parseVideoUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1", "youtube", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "dQw4w9WgXcQ"],
    ["youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/aBcDeFgHiJ_", "youtube", "aBcDeFgHiJ_"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://vk.com/video-123_456", "vk", "-123_456"],
    ["https://vk.com/video123_456", "vk", "123_456"],
    ["https://vkvideo.ru/video-220754053_456243174", "vk", "-220754053_456243174"],
    ["https://vk.com/videos-1?z=video-123_456%2Fpl_cat", "vk", "-123_456"],
    ["https://vk.com/video_ext.php?oid=-123&id=456&hash=abc", "vk", "-123_456"],
    ["https://www.twitch.tv/videos/2012345678", "twitch", "2012345678"],
    ["https://twitch.tv/Some_Channel", "twitch", "some_channel"],
    ["https://player.twitch.tv/?video=v123456&parent=example.com", "twitch", "123456"],
  ])("%s", (url, provider, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider, id });
  });

  it.each([
    "",
    "not a url",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/@channel",
    "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
    "ftp://youtu.be/dQw4w9WgXcQ",
    "https://vk.com/id123",
    "https://www.twitch.tv/directory/game/Dota",
    "https://www.twitch.tv/",
    "https://youtu.be.evil.com/dQw4w9WgXcQ",
  ])("rejects %j", (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });

  it("produces ids the body schema accepts", () => {
    for (const url of ["https://vk.com/video-1_2", "https://youtu.be/dQw4w9WgXcQ", "https://twitch.tv/some_channel"]) {
      const ref = parseVideoUrl(url)!;
      expect(ZPostBody.safeParse(doc({ type: "embed", attrs: ref })).success).toBe(true);
    }
  });
});

describe("videoPageUrl and embedSrc", () => {
  it("links to the provider's page", () => {
    expect(videoPageUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe(
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    expect(videoPageUrl({ provider: "vk", id: "-123_456" })).toBe("https://vk.com/video-123_456");
    expect(videoPageUrl({ provider: "twitch", id: "123" })).toBe("https://www.twitch.tv/videos/123");
    expect(videoPageUrl({ provider: "twitch", id: "some_channel" })).toBe("https://www.twitch.tv/some_channel");
  });

  it("builds the player address", () => {
    expect(embedSrc({ provider: "youtube", id: "dQw4w9WgXcQ" }, "kostyor.ru")).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/,
    );
    expect(embedSrc({ provider: "vk", id: "-123_456" }, "kostyor.ru")).toMatch(
      /^https:\/\/vk\.com\/video_ext\.php\?oid=-123&id=456(&|$)/,
    );
    expect(embedSrc({ provider: "twitch", id: "123" }, "kostyor.ru")).toMatch(
      /^https:\/\/player\.twitch\.tv\/\?video=123&parent=kostyor\.ru/,
    );
    expect(embedSrc({ provider: "twitch", id: "some_channel" }, "localhost")).toMatch(
      /^https:\/\/player\.twitch\.tv\/\?channel=some_channel&parent=localhost/,
    );
  });

  it("validates ids per provider", () => {
    expect(isValidVideoId("youtube", "dQw4w9WgXcQ")).toBe(true);
    expect(isValidVideoId("youtube", "-123_456")).toBe(false);
    expect(isValidVideoId("vk", "-123_456")).toBe(true);
    expect(isValidVideoId("vk", "123")).toBe(false);
    expect(isValidVideoId("twitch", "12345")).toBe(true);
    expect(isValidVideoId("twitch", "bad channel")).toBe(false);
  });
});

describe("PostBody", () => {
  const full = doc(
    { type: "heading", attrs: { level: 2 }, content: [text("Заголовок")] },
    { type: "heading", attrs: { level: 3 }, content: [text("Подзаголовок")] },
    p(
      text("жирный", [{ type: "bold" }]),
      text(" курсив", [{ type: "italic" }]),
      text(" зачёркнутый", [{ type: "strike" }]),
      text(" код", [{ type: "code" }]),
      { type: "hardBreak" },
      text("внешняя", [{ type: "link", attrs: { href: "https://example.com/a?b=1&c=2" } }]),
      text("внутренняя", [{ type: "link", attrs: { href: "/posts/slug" } }]),
      text("жирная ссылка", [{ type: "bold" }, { type: "link", attrs: { href: "https://example.com" } }]),
    ),
    { type: "bulletList", content: [{ type: "listItem", content: [p(text("раз"))] }] },
    { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [p(text("три"))] }] },
    { type: "blockquote", content: [p(text("цитата"))] },
    { type: "codeBlock", content: [text("const a = '<b>';")] },
    { type: "horizontalRule" },
    { type: "image", attrs: { src: "/media/posts/1/a.webp", width: 800, height: 600, caption: "Подпись" } },
    { type: "embed", attrs: { provider: "youtube", id: "dQw4w9WgXcQ" } },
    { type: "spoiler", attrs: { title: "Концовка" }, content: [p(text("тайна"))] },
    { type: "spoiler", content: [p(text("без заголовка"))] },
  );

  it("renders headings, lists, quotes, code and rules", () => {
    const html = render(full);
    expect(html).toContain('<div class="post-body">');
    expect(html).toContain("<h2>Заголовок</h2>");
    expect(html).toContain("<h3>Подзаголовок</h3>");
    expect(html).toContain("<ul><li><p>раз</p></li></ul>");
    expect(html).toContain('<ol start="3"><li><p>три</p></li></ol>');
    expect(html).toContain("<blockquote><p>цитата</p></blockquote>");
    expect(html).toContain("<pre><code>const a = &#x27;&lt;b&gt;&#x27;;</code></pre>");
    expect(html).toContain("<hr/>");
  });

  it("renders marks and links", () => {
    const html = render(full);
    expect(html).toContain("<strong>жирный</strong>");
    expect(html).toContain("<em> курсив</em>");
    expect(html).toContain("<s> зачёркнутый</s>");
    expect(html).toContain("<code> код</code>");
    expect(html).toContain("<br/>");
    expect(html).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener" target="_blank">внешняя</a>',
    );
    expect(html).toContain('<a href="/posts/slug" rel="nofollow ugc noopener">внутренняя</a>');
    expect(html).toContain(
      '<a href="https://example.com" rel="nofollow ugc noopener" target="_blank"><strong>жирная ссылка</strong></a>',
    );
  });

  it("renders images as lazy figures with a caption", () => {
    const html = render(full);
    expect(html).toMatch(
      /<figure class="post-figure"><img src="\/media\/posts\/1\/a\.webp" width="800" height="600" alt="Подпись" loading="lazy" decoding="async"\/><figcaption>Подпись<\/figcaption><\/figure>/,
    );
  });

  it("renders videos as a click-to-load preview linking to the provider", () => {
    const html = render(full);
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("youtube-nocookie");
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('class="post-embed-preview"');
    expect(html).toContain("YouTube");
  });

  it("renders spoilers as details", () => {
    const html = render(full);
    expect(html).toContain('<details class="post-spoiler"><summary>Концовка</summary>');
    expect(html).toContain("<summary>Спойлер</summary>");
    expect(html).toContain("тайна");
  });

  it("never renders markup from text", () => {
    const html = render(doc(p(text("<script>alert(1)</script><img src=x onerror=alert(1)>"))));
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("shows a notice instead of an invalid body", () => {
    for (const bad of [
      null,
      "text",
      { type: "doc" },
      doc(p(text("x", [{ type: "link", attrs: { href: "javascript:alert(1)" } }]))),
      doc(p(text("x", [{ type: "link", attrs: { href: "//evil.com" } }]))),
      doc({ type: "image", attrs: { src: "https://evil.com/a.png", width: 1, height: 1 } }),
      doc({ type: "script", content: [text("alert(1)")] }),
      doc({ type: "embed", attrs: { provider: "evil", id: "x" } }),
      doc({ type: "heading", attrs: { level: 1 }, content: [text("x")] }),
    ]) {
      const html = render(bad);
      expect(html).toContain(BODY_RENDER_ERROR);
      expect(html).not.toMatch(/javascript:|evil\.com|<script|<img|<h1/);
    }
  });

  it("drops images that climb out of /media/", () => {
    const html = render(doc({ type: "image", attrs: { src: "/media/../api/x", width: 1, height: 1 } }));
    expect(html).not.toContain("<img");
    expect(toPostBody(doc({ type: "image", attrs: { src: "/media/../x", width: 1, height: 1 } })).content).toEqual([]);
  });

  it("renders an empty body as an empty block", () => {
    expect(render({ type: "doc", content: [] })).toBe('<div class="post-body"></div>');
  });
});

describe("toPostBody", () => {
  it("keeps a valid body as it is", () => {
    const body = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Заголовок" }] },
        { type: "paragraph", content: [{ type: "text", text: "Текст", marks: [{ type: "bold" }] }] },
        { type: "image", attrs: { src: "/media/a.png", width: 10, height: 20, caption: "Кот" } },
        { type: "embed", attrs: { provider: "vk", id: "-1_2" } },
        { type: "spoiler", attrs: { title: "Тайна" }, content: [{ type: "paragraph" }] },
      ],
    } satisfies TPostBody;
    expect(toPostBody(body)).toEqual(body);
  });

  it("converts editor JSON to the schema", () => {
    const editorJson = {
      type: "doc",
      content: [
        { type: "paragraph" },
        { type: "heading", attrs: { level: 1, textAlign: null }, content: [text("h1")] },
        { type: "heading", attrs: { level: 5 }, content: [text("h5")] },
        {
          type: "paragraph",
          content: [
            text(""),
            text("a", [{ type: "bold" }, { type: "underline" }, { type: "bold" }, { type: "highlight" }]),
            text("b", [{ type: "bold" }]),
            text("bad", [{ type: "link", attrs: { href: "javascript:alert(1)", target: "_blank" } }]),
            text("ok", [{ type: "link", attrs: { href: " https://ok.ru ", target: "_blank", rel: "x", class: null } }]),
            { type: "mention", attrs: { id: 1 } },
            { type: "hardBreak" },
          ],
        },
        { type: "image", attrs: { src: "https://evil.com/x.png", width: 1, height: 1 } },
        { type: "image", attrs: { src: "/media/x.png", width: null, height: 5 } },
        {
          type: "image",
          attrs: { src: "/media/y.png", width: 10.4, height: "20", caption: "  ", alt: null, title: "t" },
        },
        { type: "embed", attrs: { provider: "youtube", id: "bad id" } },
        { type: "orderedList", attrs: { start: 1, type: null }, content: [{ type: "listItem", content: [] }] },
        { type: "bulletList", content: [] },
        { type: "blockquote", content: [] },
        { type: "spoiler", attrs: { title: "" }, content: [p(text("s"))] },
        {
          type: "codeBlock",
          attrs: { language: "js" },
          content: [text("x", [{ type: "bold" }]), { type: "hardBreak" }],
        },
        {
          type: "table",
          content: [{ type: "tableRow", content: [{ type: "tableCell", content: [p(text("cell"))] }] }],
        },
        { type: "details", content: [text("inline in unknown")] },
        text("stray"),
        { type: "paragraph" },
        { type: "paragraph" },
      ],
    };
    const body = toPostBody(editorJson);
    expect(ZPostBody.safeParse(body).success).toBe(true);
    expect(body.content).toEqual([
      { type: "heading", attrs: { level: 2 }, content: [text("h1")] },
      { type: "heading", attrs: { level: 3 }, content: [text("h5")] },
      {
        type: "paragraph",
        content: [
          text("ab", [{ type: "bold" }]),
          text("bad"),
          text("ok", [{ type: "link", attrs: { href: "https://ok.ru" } }]),
          { type: "hardBreak" },
        ],
      },
      { type: "image", attrs: { src: "/media/y.png", width: 10, height: 20 } },
      { type: "orderedList", content: [{ type: "listItem", content: [{ type: "paragraph" }] }] },
      { type: "spoiler", content: [p(text("s"))] },
      { type: "codeBlock", content: [text("x\n")] },
      p(text("cell")),
      p(text("inline in unknown")),
      p(text("stray")),
    ]);
  });

  it("survives garbage", () => {
    for (const garbage of [null, undefined, 42, "doc", [], { type: "doc" }, { type: "doc", content: "x" }]) {
      expect(toPostBody(garbage)).toEqual({ type: "doc", content: [] });
    }
    const deep = toPostBody({ type: "doc", content: [null, 1, { type: "paragraph", content: [null, { text: 1 }] }] });
    expect(ZPostBody.safeParse(deep).success).toBe(true);
  });

  it("gives the editor at least one block", () => {
    expect(toEditorContent({ type: "doc", content: [] })).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
  });

  it("keeps the text for bodyText()", () => {
    const body = toPostBody(doc(p(text("Привет,")), p(text("мир"))));
    expect(bodyText(body)).toBe("Привет, мир");
  });

  it("reads only text from a stored body of any shape, and stops at the depth input may nest to", () => {
    const odd = {
      type: "doc",
      content: [
        null,
        7,
        "loose",
        { type: "text", text: { toString: () => "объект" } },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Текст" },
            { type: "text", text: 5 },
          ],
        },
        { type: "image", attrs: { caption: ["подпись"] } },
        { type: "image", attrs: { caption: "Подпись" } },
        { type: "paragraph", content: "не массив" },
      ],
    };
    expect(bodyText(odd)).toBe("Текст Подпись");
    expect(bodyText(null)).toBe("");
    expect(bodyText("doc")).toBe("");
    // Nested far deeper than any input may be: no stack overflow, and the text above the limit is kept.
    let deep: unknown = { type: "text", text: "дно" };
    for (let i = 0; i < 100_000; i++) deep = { type: "paragraph", content: [deep] };
    expect(bodyText({ type: "doc", content: [{ type: "text", text: "Верх" }, deep] })).toBe("Верх");
  });
});
