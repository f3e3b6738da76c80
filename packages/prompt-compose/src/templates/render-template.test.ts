import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { PromptComposeError } from "../prompt-compose-error.js";
import { renderTemplateText } from "./render-template.js";

describe("renderTemplateText", () => {
  test.each([
    ["a variable", "Hello {{name}}.", { name: "Ada" }, "Hello Ada."],
    ["spaces inside the braces", "Hello {{ name }}.", { name: "Ada" }, "Hello Ada."],
    ["numbers and booleans as text", "{{n}} {{ok}}", { n: 3, ok: false }, "3 false"],
    ["the same variable twice", "{{a}}{{a}}", { a: "x" }, "xx"],
    ["an escaped opening", "\\{{name}}", { name: "Ada" }, "{{name}}"],
    ["a {{ that is no placeholder", "{{ }} {{a-b}} {{1}}", {}, "{{ }} {{a-b}} {{1}}"],
    ["a $ as text", "$1 $ARGUMENTS", {}, "$1 $ARGUMENTS"],
    ["no second pass over values", "{{a}}", { a: "{{b}}", b: "no" }, "{{b}}"],
    ["unused variables", "plain", { unused: "x" }, "plain"],
  ])("renders %s", (_name, template, variables, expected) => {
    expect(renderTemplateText(template, variables)).toBe(expected);
  });

  test("refuses a missing variable, naming every missing one", () => {
    const error = (() => {
      try {
        renderTemplateText("{{a}} {{b}} {{a}} {{c}}", { b: "x" });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PromptComposeError);
    expect(error).toMatchObject({
      code: "template-variable-missing",
      field: "variables.a",
      message: 'the template uses "a", "c" but no variable by those names were given',
    });
  });

  test("refuses a value that is not text, a number or a boolean", () => {
    expect(() => renderTemplateText("{{a}}", { a: { x: 1 } as never })).toThrow(
      expect.objectContaining({ code: "invalid-input", field: "variables.a" }),
    );
  });

  test("does not read inherited properties as variables", () => {
    expect(() => renderTemplateText("{{toString}}", {})).toThrow(/"toString"/);
  });

  test("inserts any value verbatim", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(renderTemplateText("<{{v}}>", { v: value })).toBe(`<${value}>`);
      }),
    );
  });
});
