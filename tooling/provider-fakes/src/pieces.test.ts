import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { splitText } from "./pieces.js";

describe("splitText", () => {
  test("splits into the asked number of nearly equal pieces", () => {
    expect(splitText("abcdefg", 3)).toEqual(["ab", "cd", "efg"]);
  });

  test("gives one piece per code point when asked for more pieces than there are", () => {
    expect(splitText("a👋b", 10)).toEqual(["a", "👋", "b"]);
  });

  test("gives no piece for empty text", () => {
    expect(splitText("", 3)).toEqual([]);
  });

  test("pieces join back to the text, are never empty and never split a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.integer({ min: 1, max: 64 }), (text, n) => {
        const pieces = splitText(text, n);
        expect(pieces.join("")).toBe(text);
        expect(pieces).toHaveLength(Math.min(n, Array.from(text).length));
        for (const piece of pieces) {
          expect(piece.length).toBeGreaterThan(0);
          expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
        }
      }),
    );
  });
});
