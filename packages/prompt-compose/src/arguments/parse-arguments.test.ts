import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { loadPiPromptTemplates, type PiPromptTemplates } from "../../test/pi-prompt-templates.js";
import { parseArguments } from "./parse-arguments.js";

let pi: PiPromptTemplates;
beforeAll(async () => {
  pi = await loadPiPromptTemplates();
});

describe("parseArguments", () => {
  test.each([
    ["", []],
    ["   \t  ", []],
    ["one", ["one"]],
    ["one two  three", ["one", "two", "three"]],
    ["  leading and trailing  ", ["leading", "and", "trailing"]],
    ["tab\tseparated\t\targs", ["tab", "separated", "args"]],
    ["line\nbreaks stay\ninside", ["line\nbreaks", "stay\ninside"]],
    ['"double quoted" arg', ["double quoted", "arg"]],
    ["'single quoted' arg", ["single quoted", "arg"]],
    [`"it's" 'say "hi"'`, ["it's", 'say "hi"']],
    ['a"b c"d', ["ab cd"]],
    ['"a""b"', ["ab"]],
    ['"" x', ["x"]],
    ["'' ''", []],
    ['"unterminated quote runs on', ["unterminated quote runs on"]],
    ["tail 'open", ["tail", "open"]],
    ["back\\ slash", ["back\\", "slash"]],
    ['\\"not escaped"', ["\\not escaped"]],
    ["\u00a0nbsp is text", ["\u00a0nbsp", "is", "text"]],
    ["emoji 🙂 two", ["emoji", "🙂", "two"]],
  ])("splits %j into %j, as pi does", (text, expected) => {
    expect(parseArguments(text)).toEqual(expected);
    expect(pi.parseCommandArgs(text)).toEqual(expected);
  });

  test("agrees with pi's parseCommandArgs on any text of quotes, blanks and letters", () => {
    const text = fc
      .array(fc.constantFrom("a", "b", " ", "\t", "\n", '"', "'", "\\", "$", "é", "🙂"), {
        maxLength: 40,
      })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(text, (t) => {
        expect(parseArguments(t)).toEqual(pi.parseCommandArgs(t));
      }),
      { numRuns: 2000 },
    );
  });

  test("agrees with pi's parseCommandArgs on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (t) => {
        expect(parseArguments(t)).toEqual(pi.parseCommandArgs(t));
      }),
      { numRuns: 1000 },
    );
  });
});
