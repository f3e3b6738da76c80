import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { partialScript } from "./partial-script.js";

describe("partialScript", () => {
  test.each([
    ["a complete object", '{"script":"return 1"}', "return 1"],
    ["an unfinished string", '{"script":"const a = await tools.Re', "const a = await tools.Re"],
    ["escapes decoded", '{"script":"a\\n\\"b\\"\\t\\u00e9"}', 'a\n"b"\t\u00e9'],
    ["an escape cut after the backslash", '{"script":"ab\\', "ab"],
    ["a unicode escape cut short", '{"script":"ab\\u00', "ab"],
    ["whitespace around tokens", ' { "script" : "x" }', "x"],
    ["another key before script", '{"other":[1,{"a":"}"}],"n":-1.5e3,"script":"x', "x"],
    ["a string value before script", '{"note":"script","script":"y"}', "y"],
  ])("reads the script from %s", (_name, json, script) => {
    expect(partialScript(json)).toBe(script);
  });

  test.each([
    ["empty text", ""],
    ["text that is no object", '["script"]'],
    ["a key still being written", '{"scr'],
    ["a key with no value yet", '{"script":'],
    ["a script that is no string", '{"script":42}'],
    ["an object without script", '{"other":"x"}'],
    ["a value before script that is cut", '{"other":"x'],
  ])("finds no script in %s", (_name, json) => {
    expect(partialScript(json)).toBeUndefined();
  });

  test("every prefix of a JSON-encoded script reads as a prefix of that script", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.nat(), (script, cut) => {
        const json = JSON.stringify({ script });
        const prefix = json.slice(0, cut % (json.length + 1));
        const read = partialScript(prefix);
        if (read !== undefined) expect(script.startsWith(read)).toBe(true);
        if (prefix === json) expect(read).toBe(script);
      }),
    );
  });

  test("never throws on any text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        partialScript(text);
      }),
    );
  });
});
