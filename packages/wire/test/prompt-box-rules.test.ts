import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { withoutInvisible } from "../src/prompt-box/control-chars.js";
import {
  applyPromptEdit,
  normalizeDecorations,
  placeFill,
  shiftDecorations,
  spliceOf,
  tokenAt,
} from "../src/prompt-box/index.js";

describe("applyPromptEdit (the engine's own prompt.edit)", () => {
  test("applies the splice and puts the caret after what went in", () => {
    const origin = { kind: "composer" } as const;
    expect(
      applyPromptEdit({ origin, text: "helo", cursor: 3, start: 3, end: 3, inputText: "l" }),
    ).toEqual({
      text: "hello",
      cursor: 4,
    });
    expect(
      applyPromptEdit({ origin, text: "abc", cursor: 2, start: 1, end: 2, inputText: "" }),
    ).toEqual({
      text: "ac",
      cursor: 1,
    });
  });
});

describe("placeFill (seed 004, PromptFillMode)", () => {
  const box = { text: "one two", cursor: 3 };
  test.each([
    ["replace empties the box first", "replace", { text: "X", cursor: 1 }],
    ["append adds after the draft", "append", { text: "one twoX", cursor: 8 }],
    ["insert splices in at the caret", "insert", { text: "oneX two", cursor: 4 }],
  ] as const)("%s", (_name, mode, expected) => {
    expect(placeFill(box, { text: "X", mode }).box).toEqual(expected);
  });

  test("drops what a terminal draws as nothing and moves decorations to where the text landed", () => {
    const placed = placeFill(box, {
      text: "a\u200bb\u0007c",
      mode: "insert",
      decorations: [{ start: 0, end: 2, bold: true }],
    });
    expect(placed.box).toEqual({ text: "oneabc two", cursor: 6 });
    expect(placed.decorations).toEqual([{ start: 3, end: 5, bold: true }]);
    expect(withoutInvisible("tab\tand\nline\u00ad")).toBe("tab\tand\nline");
  });
});

describe("tokenAt (seed 004, PromptAutocompleteInput.token)", () => {
  test.each([
    ["fix #to", 7, { token: "#to", start: 4 }],
    ["#to", 3, { token: "#to", start: 0 }],
    ["a b", 1, { token: "a", start: 0 }],
    ["line\n@fi", 8, { token: "@fi", start: 5 }],
    ["a ", 2, undefined],
    ["", 0, undefined],
  ])("in %j at %i", (text, cursor, expected) => {
    expect(tokenAt(text, cursor)).toEqual(expected);
  });
});

describe("spliceOf", () => {
  test.each([
    [
      "typing at the caret between equal letters is read at the caret",
      { text: "aa", cursor: 0 },
      { text: "aaa", cursor: 1 },
      { start: 0, end: 0, inputText: "a" },
    ],
    [
      "typing at the end",
      { text: "ab", cursor: 2 },
      { text: "abc", cursor: 3 },
      { start: 2, end: 2, inputText: "c" },
    ],
    [
      "Backspace deletes before the caret",
      { text: "abc", cursor: 2 },
      { text: "ac", cursor: 1 },
      { start: 1, end: 2, inputText: "" },
    ],
    [
      "Backspace between equal letters",
      { text: "aaa", cursor: 1 },
      { text: "aa", cursor: 0 },
      { start: 0, end: 1, inputText: "" },
    ],
    [
      "a bare caret move is an empty splice where it lands",
      { text: "abc", cursor: 3 },
      { text: "abc", cursor: 1 },
      { start: 1, end: 1, inputText: "" },
    ],
    [
      "a replaced word (a kill and a yank) is the changed span",
      { text: "one two three", cursor: 7 },
      { text: "one 2 three", cursor: 5 },
      { start: 4, end: 7, inputText: "2" },
    ],
  ])("%s", (_name, before, after, expected) => {
    expect(spliceOf(before, after)).toEqual(expected);
  });

  test("applying the splice to the draft before gives the draft after, whatever the two drafts", () => {
    const box = fc
      .string()
      .chain((text) => fc.nat({ max: text.length }).map((cursor) => ({ text, cursor })));
    fc.assert(
      fc.property(box, box, (before, after) => {
        const { start, end, inputText } = spliceOf(before, after);
        expect(start).toBeLessThanOrEqual(end);
        expect(before.text.slice(0, start) + inputText + before.text.slice(end)).toBe(after.text);
      }),
    );
  });
});

describe("normalizeDecorations (seed 004, PromptDecoration)", () => {
  test("clamps a range outside the text into it", () => {
    expect(normalizeDecorations([{ start: -5, end: 99, bold: true }], "abc")).toEqual([
      { start: 0, end: 3, bold: true },
    ]);
  });
  test("drops an empty range with no virtualText, keeps one with it", () => {
    expect(
      normalizeDecorations(
        [
          { start: 2, end: 2, bold: true },
          { start: 1, end: 1, virtualText: "→" },
        ],
        "abc",
      ),
    ).toEqual([{ start: 1, end: 1, virtualText: "→" }]);
    expect(normalizeDecorations([{ start: 3, end: 1, italic: true }], "abc")).toEqual([]);
  });
  test("moves a boundary inside a grapheme back to its start", () => {
    const text = "a👍🏽b";
    expect(normalizeDecorations([{ start: 2, end: 6, bold: true }], text)).toEqual([
      { start: 1, end: 6, bold: true },
    ]);
    expect(normalizeDecorations([{ start: 2, end: 3, bold: true }], text)).toEqual([]);
  });
  test("snaps to graphemes in a draft of 200,000 characters without segmenting all of it", () => {
    const text = `${"x".repeat(100_000)}👍🏽${"y".repeat(100_000)}`;
    expect(normalizeDecorations([{ start: 100_002, end: 100_004, bold: true }], text)).toEqual([
      { start: 100_000, end: 100_004, bold: true },
    ]);
  });
  test("draws a tab in virtualText as four spaces and drops control characters other than a newline", () => {
    expect(
      normalizeDecorations([{ start: 0, end: 0, virtualText: "\tx\u0007y\nz" }], "abc"),
    ).toEqual([{ start: 0, end: 0, virtualText: "    xy\nz" }]);
  });
});

describe("shiftDecorations", () => {
  test("keeps decorations on the same characters across an insertion before them", () => {
    expect(shiftDecorations([{ start: 4, end: 8, bold: true }], 0, 0, 3)).toEqual([
      { start: 7, end: 11, bold: true },
    ]);
  });
  test("shrinks a decoration whose characters were deleted", () => {
    expect(shiftDecorations([{ start: 2, end: 6, bold: true }], 1, 4, 0)).toEqual([
      { start: 1, end: 3, bold: true },
    ]);
  });
});
