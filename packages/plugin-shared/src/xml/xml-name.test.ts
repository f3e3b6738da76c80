import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseXml } from "../../test/parse-xml.js";
import { isXmlName, XML_NAME_MAX_LENGTH } from "./xml-name.js";

describe("isXmlName", () => {
  test.each([
    ["a lower-case word", "skill"],
    ["a leading underscore", "_private"],
    ["a leading colon", ":x"],
    ["a prefixed name", "elowen:skill"],
    ["digits, dots, dashes after the first character", "a1.b-c_d"],
    ["a non-ASCII letter", "ñame"],
    ["a middle dot after the start", "a·b"],
    ["a CJK name", "技能"],
    ["a name from the supplementary planes", "\u{10000}x"],
    ["the longest accepted name", "a".repeat(XML_NAME_MAX_LENGTH)],
  ])("accepts %s", (_label, name) => {
    expect(isXmlName(name)).toBe(true);
  });

  test.each([
    ["the empty string", ""],
    ["a leading digit", "1skill"],
    ["a leading dash", "-skill"],
    ["a leading dot", ".skill"],
    ["a space", "a b"],
    ["a quote", 'a"b'],
    ["an angle bracket", "a>b"],
    ["an equals sign", "a=b"],
    ["a lone surrogate", "a\uD800"],
    ["U+FFFE", "a\uFFFE"],
    ["one character past the longest name", "a".repeat(XML_NAME_MAX_LENGTH + 1)],
  ])("rejects %s", (_label, name) => {
    expect(isXmlName(name)).toBe(false);
  });

  test("agrees with a conformant parser on short names", () => {
    const nameish = fc.string({
      unit: fc.oneof(
        fc.constantFrom(":", "_", "-", ".", "a", "Z", "0", "9", "·", "\u0300", "\u203F", "\u00D7"),
        fc.integer({ min: 0x21, max: 0x2fff }).map((unit) => String.fromCharCode(unit)),
      ),
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(nameish, (name) => {
        const accepted = parseXml(`<${name}/>`).errors.length === 0;
        expect(isXmlName(name)).toBe(accepted);
      }),
      { numRuns: 3000 },
    );
  });
});
