import { describe, expect, it } from "vitest";
import { isActivePath } from "#app/components/menu-link";

// The menu marks the current section as <NavLink> would (app/components/menu-link.tsx).
describe("the menu's active item", () => {
  it('"/" only on the home page itself', () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/bonfire", "/")).toBe(false);
  });

  it("a section on itself and on the pages below it, not on a longer name", () => {
    expect(isActivePath("/bonfire", "/bonfire")).toBe(true);
    expect(isActivePath("/bonfire/", "/bonfire")).toBe(true);
    expect(isActivePath("/bonfire/12", "/bonfire")).toBe(true);
    expect(isActivePath("/bonfires", "/bonfire")).toBe(false);
    expect(isActivePath("/feed", "/bonfire")).toBe(false);
  });

  it("compares paths only, in any case", () => {
    expect(isActivePath("/calendar", "/calendar?platform=pc")).toBe(true);
    expect(isActivePath("/Calendar/my", "/calendar")).toBe(true);
    expect(isActivePath("/year", "/year#top")).toBe(true);
  });
});
