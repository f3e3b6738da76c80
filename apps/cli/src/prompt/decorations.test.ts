import { describe, expect, test } from "vitest";
import { normalizeDecorations, paintRow, shiftDecorations } from "./decorations.js";

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

describe("paintRow", () => {
  test("styles each run with the later entry winning per style key, and draws the caret in inverse video", () => {
    const row = paintRow(
      "abcd",
      0,
      [
        { start: 0, end: 3, color: "red", bold: true },
        { start: 1, end: 2, color: "green" },
      ],
      3,
      false,
      true,
    );
    expect(row).toBe("\x1b[1;31ma\x1b[0m\x1b[1;32mb\x1b[0m\x1b[1;31mc\x1b[0m\x1b[7md\x1b[0m");
  });
  test("draws virtualText before the character at its start, and at the end of the draft", () => {
    expect(
      paintRow(
        "ab",
        10,
        [
          { start: 11, end: 11, virtualText: "·", dimColor: true },
          { start: 12, end: 12, virtualText: "!" },
        ],
        undefined,
        false,
        true,
      ),
    ).toBe("a\x1b[2m·\x1b[0mb!");
  });
});
