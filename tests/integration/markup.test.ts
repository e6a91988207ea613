import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Avatar, avatarMarkup } from "#app/components/avatar";
import { CommentText, commentTextMarkup } from "#app/components/comment-text";
import { TimeAgo, timeAgoMarkup } from "#app/components/time-ago";
import { escapeHtml, html, isMarkup } from "#app/lib/html";

/** Markup as React writes it, compared loosely: void elements without «/», attribute names in lower case. */
const react = (element: Parameters<typeof renderToString>[0]) =>
  renderToString(element)
    .replace(/\s?\/>/g, ">")
    .replace(/ dateTime=/g, " datetime=");

describe("html (app/lib/html.ts)", () => {
  it("escapes the five characters that could end a text or a quoted attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#x27;y&#x27;&gt;&amp;amp;&lt;/a&gt;",
    );
    expect(escapeHtml("Привет, мир")).toBe("Привет, мир");
  });

  it("escapes every value, keeps only markup it made itself, and writes nothing for null, undefined and false", () => {
    const title = `"><script>alert(1)</script>`;
    const inner = html`<b>${"<i>"}</b>`;
    const made = html`<p title="${title}">${inner}${[" и ", html`<br>`, 5]}${null}${undefined}${false}</p>`;
    expect(isMarkup(made)).toBe(true);
    expect(made.value).toBe('<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"><b>&lt;i&gt;</b> и <br>5</p>');
    // Something shaped like markup but not made by `html` is text.
    const forged = { value: "<script>alert(2)</script>" } as unknown as string;
    expect(html`${forged}`.value).not.toContain("<script>");
  });
});

describe("markup written as strings is the markup React wrote", () => {
  const user = {
    id: 7,
    username: `Кот"<b>`,
    avatar: { tiny: "/media/a/t.webp?x=1&y=2", small: "", big: "" },
    is_supporter: true,
  };

  it("an avatar (with the supporter coin), but for the member's id that the online dot follows", () => {
    const written = avatarMarkup(user, 20).value;
    expect(written).toContain(' data-presence="7"');
    expect(written.replace(' data-presence="7"', "")).toBe(
      react(createElement(Avatar, { user, size: 20, decorative: true })),
    );
    expect(avatarMarkup({ ...user, is_supporter: false }, 20).value).not.toContain("avatar-coin");
  });

  it("a relative time, marked for the clock's refresh", () => {
    const iso = new Date(Date.now() - 5 * 60_000).toISOString();
    const written = timeAgoMarkup(iso).value;
    expect(written).toContain("5 мин назад");
    expect(written.replace(" data-relative", "")).toBe(react(createElement(TimeAgo, { date: iso })));
  });
});

describe("commentTextMarkup", () => {
  it("keeps the lines and turns URLs, @mentions and known #tags into links", () => {
    const text = "Смотри https://example.com/a?b=1&c=2 и @Кот_1\r\nвторая #игры и #новое, #1";
    const tags = [{ slug: "igry", name: "Игры" }];
    expect(commentTextMarkup(text, tags).value).toBe(
      'Смотри <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener noreferrer" target="_blank">' +
        'https://example.com/a?b=1&amp;c=2</a> и <a class="mention" href="/search?type=user&amp;q=%D0%9A%D0%BE%D1%82_1">' +
        '@Кот_1</a><br>вторая <a class="hashtag" href="/tags/igry?itemType=shouts">#игры</a> и ' +
        '<a class="hashtag" href="/search?type=tag&amp;q=%D0%BD%D0%BE%D0%B2%D0%BE%D0%B5">#новое</a>, ' +
        '<a class="hashtag" href="/search?type=tag&amp;q=1">#1</a>',
    );
    // Comments (no tags given) leave #words as text; long URLs are shortened in the text, not in the link.
    const long = `https://example.com/${"x".repeat(80)}`;
    const written = commentTextMarkup(`#тег ${long}`).value;
    expect(written.startsWith("#тег <a ")).toBe(true);
    expect(written).toContain(`href="${long}"`);
    expect(written).toContain(`>${long.slice(0, 57)}…</a>`);
  });

  it("never lets the text write an element or an attribute of its own", () => {
    const payloads = [
      `<script>alert(1)</script>`,
      `https://example.com/"><script>alert(2)</script>`,
      `https://example.com/<img/src/onerror=alert(3)>`,
      `javascript:alert(4)//https://example.com`,
      `@кот<img src=x onerror=alert(5)>`,
      `@"><svg onload=alert(6)>`,
      `#тег"><svg onload=alert(7)>`,
      `#<img src=x onerror=alert(8)>`,
      `' onmouseover='alert(9)`,
    ];
    for (const payload of payloads) {
      const written = commentTextMarkup(payload, [{ slug: "teg", name: "тег" }]).value;
      const tags = written.match(/<[^>]*>/g) ?? [];
      for (const tag of tags) {
        // Only the links this module writes (and line breaks), each with the attributes it gives them.
        expect(tag).toMatch(
          /^(<\/a>|<br>|<a href="https?:\/\/[^"<>]*" rel="nofollow ugc noopener noreferrer" target="_blank">|<a class="(mention|hashtag)" href="\/[^"<>]*">)$/,
        );
      }
      expect(written).not.toMatch(/href="javascript:/i);
    }
  });

  it("is what <CommentText> puts into its element", () => {
    const text = "Первая строка\nвторая с @Кот_1";
    expect(renderToString(createElement(CommentText, { text, id: "t1" }))).toBe(
      `<div class="comment-text" id="t1">${commentTextMarkup(text).value}</div>`,
    );
  });
});
