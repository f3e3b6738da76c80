import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { BoundedText } from "./bounded-text.js";

describe("BoundedText", () => {
  test("holds text up to its limit unchanged", () => {
    const text = new BoundedText(10);
    text.append("12345");
    text.append("67890");
    expect(text.take()).toEqual({ text: "1234567890", omitted: 0 });
  });

  test("keeps the first and the latest half of longer text and counts the rest", () => {
    const text = new BoundedText(10);
    text.append("12345");
    text.append("67890X");
    expect(text.take()).toEqual({ text: "123457890X", omitted: 1 });
  });

  test("marks where text was omitted", () => {
    const text = new BoundedText(4);
    text.append("abcdefgh");
    expect(text.takeMarked("output")).toBe("ab\n[… 4 characters of output omitted …]\ngh");
  });

  test("counts characters dropped before they arrived", () => {
    const text = new BoundedText(10);
    text.append("a");
    text.addOmitted(3);
    expect(text.take()).toEqual({ text: "a", omitted: 3 });
  });

  test("is empty again after a take", () => {
    const text = new BoundedText(4);
    text.append("abcdef");
    text.take();
    expect(text.isEmpty).toBe(true);
    expect(text.take()).toEqual({ text: "", omitted: 0 });
  });

  test("never holds more than its limit and accounts for every character", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.array(fc.string()), (max, pieces) => {
        const text = new BoundedText(max);
        for (const piece of pieces) text.append(piece);
        const { text: held, omitted } = text.take();
        const all = pieces.join("");
        expect(held.length).toBeLessThanOrEqual(max);
        expect(held.length + omitted).toBe(all.length);
        expect(all.startsWith(held.slice(0, Math.min(held.length, Math.ceil(max / 2))))).toBe(true);
        expect(all.endsWith(held.slice(Math.ceil(max / 2)))).toBe(true);
      }),
    );
  });
});
