import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useRouteLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { Avatar, avatarMarkup } from "#app/components/avatar";
import { BookmarkButton, useBookmarkMarkup } from "#app/components/bookmark-button";
import { CommentText, commentTextMarkup } from "#app/components/comment-text";
import { NoticeProvider } from "#app/components/notices";
import { PawButton, usePawsMarkup } from "#app/components/paw-button";
import { TagList, tagListMarkup } from "#app/components/post-links";
import { TimeAgo, timeAgoMarkup } from "#app/components/time-ago";
import { escapeHtml, html, innerMarkup, isMarkup, type Markup } from "#app/lib/html";

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

  it("a post's tags, escaped in the text and the link", () => {
    const tags = [
      { slug: "ретро", name: "Ретро" },
      { slug: `a"b<c`, name: `<b>жирный</b>` },
    ];
    const written = tagListMarkup(tags)?.value ?? "";
    expect(written).not.toContain("<b>");
    // React separates the «#» from the name by a comment (two texts); markup writes one text.
    expect(written).toBe(react(createElement(TagList, { tags })).replace(/<!-- -->/g, ""));
    expect(tagListMarkup([])).toBeNull();
  });

  it("a relative time with a class (a post card's)", () => {
    const iso = new Date(Date.now() - 3 * 60_000).toISOString();
    const written = timeAgoMarkup(iso, "post-card-time").value;
    expect(written.replace(" data-relative", "")).toBe(
      react(createElement(TimeAgo, { date: iso, className: "post-card-time" })),
    );
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

type PawProps = Parameters<typeof usePawsMarkup>[0];
type BookmarkProps = Parameters<typeof useBookmarkMarkup>[0];

/** The root route's data of the probe page: what paws and bookmarks read, and the element to render. */
interface ProbeData {
  user: { id: number } | null;
  config: { is_paw_down_enabled: boolean };
  probe: { Component: ComponentType<object>; props: object };
}

function Probe() {
  const { probe } = useRouteLoaderData("root") as ProbeData;
  return createElement(probe.Component, probe.props);
}

const ProbePage = createRoutesStub([{ id: "root", path: "/", Component: Probe, loader: () => null }]);

/** An item's markup as its holder writes it: in an element of its own, which `sameElements` takes off again. */
function writtenElement(markup: Markup) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markup from `html`, the module under test
  return createElement("div", { id: "written", dangerouslySetInnerHTML: innerMarkup(markup) });
}

function PawsMarkup(paw: PawProps) {
  return writtenElement(usePawsMarkup(paw).markup);
}

function BookmarkMarkup(bookmark: BookmarkProps) {
  return writtenElement(useBookmarkMarkup(bookmark).markup);
}

function renderProbe<P extends object>(user: ProbeData["user"], Component: ComponentType<P>, props: P): string {
  const probe = { Component: Component as ComponentType<object>, props };
  const root: ProbeData = { user, config: { is_paw_down_enabled: true }, probe };
  const page = renderToString(
    createElement(NoticeProvider, null, createElement(ProbePage, { hydrationData: { loaderData: { root } } })),
  );
  // Without the notices' region, which the provider writes after its children.
  const notices = /<section class="notices"[^>]*><\/section>$/;
  expect(page).toMatch(notices);
  return page.replace(notices, "");
}

/** The markup a hook writes for `props` (a component that puts it into `writtenElement`), as the viewer sees it. */
function writtenMarkup<P extends object>(user: ProbeData["user"], written: ComponentType<P>, props: P): string {
  // Out of the element that holds it (the stub adds nothing around its route).
  return renderProbe(user, written, props).replace(/^<div id="written">|<\/div>$/g, "");
}

/** The opening tags of the buttons in markup, in order. */
const buttonTags = (markup: string) => markup.match(/<button [^>]*>/g) ?? [];

describe("paws written as markup", () => {
  const props = { itemId: 12, itemType: "comment", pwnd: 3, anchor: "comment-12", size: "sm" } as const;
  const action = 'formAction="/reactions/paw?item_type=comment&amp;item_id=12&amp;anchor=comment-12"';

  it("a guest's: both paws to press, sent by the reaction form back to the item, and the score", () => {
    const markup = writtenMarkup(null, PawsMarkup, { ...props, ownd: 0 });
    expect(markup.startsWith('<div class="paws paws-sm">')).toBe(true);
    const [up, down, more] = buttonTags(markup);
    expect(more).toBeUndefined();
    for (const tag of [up, down]) {
      expect(tag).toContain(action);
      expect(tag).toContain('type="submit" form="reaction-form"');
      expect(tag).toContain('aria-pressed="false"');
      expect(tag).not.toContain("disabled");
    }
    expect(up).toContain('value="false" class="paw-btn paw-up" aria-pressed="false" aria-label="Лапка вверх"');
    expect(down).toContain('value="true" class="paw-btn paw-down" aria-pressed="false" aria-label="Лапка вниз"');
    expect(markup).toContain(
      '<span class="paw-score is-positive" title="Лапки">3<span class="visually-hidden"> — счёт лапок</span></span>',
    );
  });

  it("a member's own paw is pressed, and says it takes the paw back", () => {
    const [up, down] = buttonTags(writtenMarkup({ id: 5 }, PawsMarkup, { ...props, ownd: 1 }));
    expect(up).toContain('class="paw-btn paw-up is-active" aria-pressed="true" aria-label="Убрать лапку"');
    expect(down).toContain('class="paw-btn paw-down" aria-pressed="false" aria-label="Лапка вниз"');
    const markup = writtenMarkup({ id: 5 }, PawsMarkup, { ...props, pwnd: -2, ownd: -1 });
    expect(buttonTags(markup)[1]).toContain(
      'class="paw-btn paw-down is-active" aria-pressed="true" aria-label="Убрать лапку вниз"',
    );
    expect(markup).toContain('<span class="paw-score is-negative" title="Лапки">-2<');
  });

  it("the author's paws cannot be pressed and say why", () => {
    for (const tag of buttonTags(writtenMarkup({ id: 5 }, PawsMarkup, { ...props, ownd: 0, isOwn: true }))) {
      expect(tag).toContain('aria-label="Свои записи оценивать нельзя"');
      expect(tag).toMatch(/ disabled>$/);
    }
  });

  it("<PawButton> holds the same buttons in the paws' block", () => {
    const paw = { ...props, ownd: 1, size: "md" } as const;
    const buttons = writtenMarkup({ id: 5 }, PawsMarkup, paw);
    expect(renderProbe({ id: 5 }, PawButton, paw)).toBe(buttons);
    expect(buttons.startsWith('<div class="paws paws-md">')).toBe(true);
  });
});

describe("a bookmark written as markup", () => {
  it("a post's, not bookmarked: a labelled button of the reaction form, back to the post", () => {
    for (const user of [null, { id: 5 }]) {
      const [tag, more] = buttonTags(
        writtenMarkup(user, BookmarkMarkup, { itemId: 4, isBookmarked: false, anchor: "post-4" }),
      );
      expect(more).toBeUndefined();
      expect(tag).toBe(
        '<button type="submit" form="reaction-form" formAction="/reactions/bookmark?item_type=post&amp;item_id=4&amp;anchor=post-4" class="bookmark-btn" aria-pressed="false" aria-label="В закладки" title="В закладки">',
      );
    }
  });

  it("a bookmarked one is pressed and says it takes the bookmark out", () => {
    const markup = writtenMarkup({ id: 5 }, BookmarkMarkup, { itemId: 4, isBookmarked: true });
    expect(buttonTags(markup)[0]).toContain(
      'class="bookmark-btn is-active" aria-pressed="true" aria-label="Убрать из закладок"',
    );
    expect(markup).toContain('fill="currentColor" stroke="currentColor"');
  });

  it("a shout's with its label, in <BookmarkButton>'s slot", () => {
    const bookmark = { itemId: 9, itemType: "shout", isBookmarked: true, withLabel: true } as const;
    const markup = renderProbe({ id: 5 }, BookmarkButton, bookmark);
    expect(markup.startsWith('<span class="bookmark-slot"><button ')).toBe(true);
    const [tag] = buttonTags(markup);
    expect(tag).toContain('formAction="/reactions/bookmark?item_type=shout&amp;item_id=9"');
    expect(tag).toContain('class="bookmark-btn is-active with-label" aria-pressed="true" title="Убрать из закладок"');
    expect(tag).not.toContain("aria-label");
    expect(markup).toContain("<span>В закладках</span></button></span>");
  });
});
