import { describe, expect, test } from "vitest";
import { splice } from "./splice.js";

describe("splice", () => {
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
    expect(splice(before, after)).toEqual(expected);
  });

  test("applying the splice to the draft before gives the draft after", () => {
    const cases = [
      [
        { text: "hello world", cursor: 5 },
        { text: "hello, world", cursor: 6 },
      ],
      [
        { text: "x", cursor: 1 },
        { text: "", cursor: 0 },
      ],
      [
        { text: "", cursor: 0 },
        { text: "pasted\ntext", cursor: 11 },
      ],
    ] as const;
    for (const [before, after] of cases) {
      const { start, end, inputText } = splice(before, after);
      expect(before.text.slice(0, start) + inputText + before.text.slice(end)).toBe(after.text);
    }
  });
});
