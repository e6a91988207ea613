import { describe, expect, it } from "vitest";
import { type CommentView, firstThreads } from "#workers/core/comments/comments.serializers";

let seq = 0;
function comment(children: CommentView[] = []): CommentView {
  seq += 1;
  return { id: seq, children } as unknown as CommentView;
}

describe("firstThreads", () => {
  it("keeps whole threads until the limit is reached and counts what is left out", () => {
    const a = comment([comment([comment()])]); // 3 comments
    const b = comment([comment()]); // 2
    const c = comment(); // 1
    const d = comment([comment(), comment()]); // 3
    const { shown, hidden } = firstThreads([a, b, c, d], 4);
    expect(shown).toEqual([a, b]);
    expect(hidden).toBe(4);
  });

  it("shows everything when the tree is within the limit", () => {
    const roots = [comment(), comment([comment()])];
    expect(firstThreads(roots, 100)).toEqual({ shown: roots, hidden: 0 });
    expect(firstThreads([], 100)).toEqual({ shown: [], hidden: 0 });
  });

  it("never cuts a thread larger than the limit", () => {
    const big = comment(Array.from({ length: 10 }, () => comment()));
    const next = comment();
    expect(firstThreads([big, next], 5)).toEqual({ shown: [big], hidden: 1 });
  });
});
