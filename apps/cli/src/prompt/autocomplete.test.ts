import { describe, expect, test } from "vitest";
import { tokenAt } from "./autocomplete.js";

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
