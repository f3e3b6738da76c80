import { describe, expect, test } from "vitest";
import { paintedRuns } from "./prompt-paint.js";

describe("paintedRuns", () => {
  test("cuts the draft at every decoration boundary, later entries winning per style key", () => {
    expect(
      paintedRuns("abcdef", [
        { start: 0, end: 4, color: "red", bold: true },
        { start: 2, end: 3, color: "green" },
        { start: 5, end: 99, underline: true },
      ]),
    ).toEqual([
      { text: "ab", style: { color: "red", bold: true } },
      { text: "c", style: { color: "green", bold: true } },
      { text: "d", style: { color: "red", bold: true } },
      { text: "e", style: {} },
      { text: "f", style: { underline: true } },
    ]);
  });

  test("is the whole draft in one plain run without decorations, and nothing for an empty draft", () => {
    expect(paintedRuns("plain", [])).toEqual([{ text: "plain", style: {} }]);
    expect(paintedRuns("", [{ start: 0, end: 3, bold: true }])).toEqual([]);
  });
});
