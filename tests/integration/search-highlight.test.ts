import { describe, expect, it } from "vitest";
import { FRAGMENT_LENGTH, fragment, markText } from "#workers/core/search/highlight";
import { queryWords } from "#workers/core/search/terms";

/** Plain words that match no query here, `length` characters of them. */
function filler(length: number): string {
  return "дорога через лес и поле ".repeat(Math.ceil(length / 24)).slice(0, length);
}

/** The marked pieces of a fragment's text. */
function marked(match: { text: string; marks: [number, number][] }): string[] {
  return match.marks.map(([start, end]) => match.text.slice(start, end));
}

describe("search: a result's fragment", () => {
  it("marks the matches it shows and knows the words found in the form typed anywhere in the text", () => {
    const words = queryWords("сон");
    // The form typed only far past what the fragment shows: the text is still read to find it (for the ranking).
    const late = fragment(`Во сне я видел ${filler(600)} а потом был сон`, words);
    expect(late && marked(late)).toEqual(["сне"]);
    expect(late?.exact).toEqual(new Set(["сон"]));
    // Never in the form typed: not exact, however long the text.
    const never = fragment(`Во сне я видел ${filler(600)} и снова во сне`, words);
    expect(never && marked(never)).toEqual(["сне"]);
    expect(never?.exact).toEqual(new Set());
    // Every match inside the fragment is marked, none outside it.
    const many = fragment(`${filler(120)} сон, сны и сна ${filler(200)} сон ${filler(600)} сон`, words);
    expect(many && marked(many)).toEqual(["сон", "сны", "сна"]);
    expect(many?.text.length).toBeLessThanOrEqual(FRAGMENT_LENGTH + 2);
    expect(fragment(filler(500), words)).toBeNull();
  });

  it("shows the same marks whether the text is read to its end or only as far as the fragment shows", () => {
    const words = queryWords("сон ведьмак");
    const text = `Ведьмак и его сон. ${filler(300)} ведьмака сны ${filler(300)} ведьмак сон`;
    const whole = markText(text, words);
    const windowed = markText(text, words, FRAGMENT_LENGTH);
    expect(windowed.exact).toEqual(whole.exact);
    expect(windowed.marks).toEqual(
      whole.marks.filter(([start]) => start < (whole.marks[0]?.[0] ?? 0) + FRAGMENT_LENGTH),
    );
  });
});
