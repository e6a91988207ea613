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

/**
 * Markup as a list of elements (each with its attributes, sorted, and values as written) and texts, read by workerd's
 * HTML parser: the same markup whatever order the attributes were written in.
 */
async function canonical(markup: string): Promise<string[]> {
  const parts: string[] = [];
  await new HTMLRewriter()
    .on("*", {
      element(element) {
        // workerd's Element (the tests' types are the browser's): its attributes are [name, value] pairs.
        const pairs = element.attributes as unknown as Iterable<[string, string]>;
        const attributes = [...pairs].map(([name, value]) => `${name}="${value}"`).sort();
        parts.push(`<${element.tagName} ${attributes.join(" ")}>`);
      },
      text(text) {
        if (text.text) parts.push(text.text);
      },
    })
    .transform(new Response(markup))
    .text();
  return parts;
}

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
  return renderToString(
    createElement(NoticeProvider, null, createElement(ProbePage, { hydrationData: { loaderData: { root } } })),
  );
}

/** The markup a hook writes for `props` and the component's elements, as the viewer `user` sees them. */
async function sameElements<P extends object>(
  user: ProbeData["user"],
  written: ComponentType<P>,
  component: ComponentType<P>,
  props: P,
  marker: string,
): Promise<void> {
  // The markup itself, out of the element that holds it (the stub adds nothing around its route).
  const markup = renderProbe(user, written, props).replace(/^<div id="written">|<\/div>$/g, "");
  expect(markup).toContain(marker);
  expect(await canonical(markup)).toEqual(await canonical(renderProbe(user, component, props)));
}

describe("a comment's paws written as markup are <PawButton>'s elements", () => {
  const props = { itemId: 12, itemType: "comment", pwnd: 3, anchor: "comment-12", size: "sm" } as const;
  const cases: { name: string; user: ProbeData["user"]; paw: PawProps }[] = [
    { name: "a guest", user: null, paw: { ...props, ownd: 0 } },
    { name: "a member, paw up given", user: { id: 5 }, paw: { ...props, ownd: 1 } },
    { name: "a member, paw down given", user: { id: 5 }, paw: { ...props, pwnd: -2, ownd: -1 } },
    { name: "the author", user: { id: 5 }, paw: { ...props, ownd: 0, isOwn: true } },
  ];
  for (const { name, user, paw } of cases)
    it(name, () => sameElements(user, PawsMarkup, PawButton, paw, 'class="paws paws-sm"'));
});

describe("a post card's bookmark written as markup is <BookmarkButton>'s element", () => {
  const cases: { name: string; user: ProbeData["user"]; bookmark: BookmarkProps }[] = [
    { name: "a guest", user: null, bookmark: { itemId: 4, isBookmarked: false, anchor: "post-4" } },
    {
      name: "a member, not bookmarked",
      user: { id: 5 },
      bookmark: { itemId: 4, isBookmarked: false, anchor: "post-4" },
    },
    { name: "a member, bookmarked", user: { id: 5 }, bookmark: { itemId: 4, isBookmarked: true, anchor: "post-4" } },
    {
      name: "a shout's, with its label",
      user: { id: 5 },
      bookmark: { itemId: 9, itemType: "shout", isBookmarked: true, withLabel: true },
    },
  ];
  for (const { name, user, bookmark } of cases)
    it(name, () => sameElements(user, BookmarkMarkup, BookmarkButton, bookmark, 'class="bookmark-btn'));
});
