import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseXml } from "../../test/parse-xml.js";
import { isElowenError } from "../errors/elowen-error.js";
import { errorMessage } from "../errors/error-message.js";
import {
  XML_INVALID_NAME,
  XML_INVALID_VALUE,
  type XmlAttributes,
  xmlElement,
} from "./xml-element.js";

function failureOf(build: () => string): unknown {
  try {
    build();
  } catch (error) {
    return error;
  }
  throw new Error("xmlElement was expected to throw");
}

describe("xmlElement", () => {
  test("builds an element with escaped, double-quoted attributes and the body as it is", () => {
    expect(xmlElement("skill", { name: 'a"b', location: "/s/x" }, "Use <b>bold</b> & more")).toBe(
      '<skill name="a&quot;b" location="/s/x">Use <b>bold</b> & more</skill>',
    );
  });

  test("writes a self-closing element when the body is undefined and an empty one for ''", () => {
    expect(xmlElement("skill", { name: "x" })).toBe('<skill name="x"/>');
    expect(xmlElement("skill", {}, "")).toBe("<skill></skill>");
    expect(xmlElement("skill")).toBe("<skill/>");
  });

  test("leaves out attributes whose value is undefined and writes numbers as text", () => {
    expect(xmlElement("skill", { name: "x", args: undefined, revision: 3, ratio: -0.5 })).toBe(
      '<skill name="x" revision="3" ratio="-0.5"/>',
    );
  });

  test("keeps the attribute order of the object", () => {
    expect(xmlElement("a", { z: "1", b: "2", m: "3" })).toBe('<a z="1" b="2" m="3"/>');
  });

  test("does not escape the body, so body text reaches the model byte for byte", () => {
    const body = "line 1\n\t&amp; <tag> \u0001 ]]> 'quoted'";
    expect(xmlElement("skill", {}, body)).toBe(`<skill>${body}</skill>`);
  });

  test("a conformant parser reads back every attribute value it was given", () => {
    const printable = fc.string({ unit: "grapheme", maxLength: 40 });
    fc.assert(
      fc.property(printable, printable, (name, args) => {
        const parsed = parseXml(xmlElement("skill", { name, arguments: args }, "body"));
        expect(parsed).toEqual({
          name: "skill",
          attributes: { name, arguments: args },
          text: "body",
          errors: [],
        });
      }),
    );
  });

  test.each<[string, () => string, string, string]>([
    [
      "an element name with a space",
      () => xmlElement("my skill"),
      XML_INVALID_NAME,
      "element name is not an XML name: expected a letter",
    ],
    [
      "an empty element name",
      () => xmlElement(""),
      XML_INVALID_NAME,
      "element name is not an XML name: expected a letter",
    ],
    [
      "an attribute name with a quote",
      () => xmlElement("a", { 'x"': "1" }),
      XML_INVALID_NAME,
      'received the string "x\\"". Fix:',
    ],
    [
      "an attribute name starting with a digit",
      () => xmlElement("a", { "1x": "1" }),
      XML_INVALID_NAME,
      'received the string "1x". Fix:',
    ],
    [
      "a NaN attribute",
      () => xmlElement("a", { n: Number.NaN }),
      XML_INVALID_VALUE,
      "attribute n of <a> has a value XML cannot hold: expected a string, a finite number or undefined, received the number NaN",
    ],
    [
      "an object attribute",
      () => xmlElement("a", { o: {} } as unknown as XmlAttributes),
      XML_INVALID_VALUE,
      "attribute o of <a> has a value XML cannot hold: expected a string, a finite number or undefined, received an object",
    ],
    [
      "attributes given as an array",
      () => xmlElement("a", [] as unknown as XmlAttributes),
      XML_INVALID_VALUE,
      "attributes of <a> are not an object: expected an object of attribute names to values, received an array",
    ],
    [
      "a body that is not a string",
      () => xmlElement("a", {}, 5 as unknown as string),
      XML_INVALID_VALUE,
      "body of <a> is not a string: expected a string or undefined, received the number 5",
    ],
  ])("refuses %s naming the field and the rule", (_label, build, code, message) => {
    const error = failureOf(build);
    expect(isElowenError(error, code)).toBe(true);
    expect(errorMessage(error)).toContain(message);
  });

  test("checks names even of attributes that are left out", () => {
    expect(
      isElowenError(
        failureOf(() => xmlElement("a", { "bad name": undefined })),
        XML_INVALID_NAME,
      ),
    ).toBe(true);
  });
});
