import { describe, expect, test } from "vitest";
import { paintRow } from "./decorations.js";

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
