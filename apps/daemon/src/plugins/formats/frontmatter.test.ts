import { describe, expect, test } from "vitest";
import { parseMarkdownDocument } from "./frontmatter.js";
import { PLUGIN_FORMAT_ERRORS } from "./plugin-format-error.js";

describe("parseMarkdownDocument", () => {
  test.each([
    [
      "a YAML mapping is read as YAML",
      "---\nname: a\ntools: [Read]\n---\nbody",
      { name: "a", tools: ["Read"] },
    ],
    ["no frontmatter has no attributes", "just text", {}],
    [
      "an unquoted colon falls back to key: value lines",
      "---\nname: a\ndescription: Use it when: things break\nmodel: opus\n---\nbody",
      { name: "a", description: "Use it when: things break", model: "opus" },
    ],
    [
      "bare lines continue the value above",
      '---\ndescription: Use it for: errors,\n  fallbacks.\n  <example>\n  user: "hi"\n  </example>\ncolor: red\n---\nbody',
      {
        description: 'Use it for: errors,\nfallbacks.\n<example>\nuser: "hi"\n</example>',
        color: "red",
      },
    ],
    [
      "a quoted value loses its quotes",
      "---\ndescription: \"a: b\" and c: d\nname: 'x'\n---\n",
      { description: '"a: b" and c: d', name: "x" },
    ],
  ])("%s", (_, text, attributes) => {
    expect(parseMarkdownDocument(text).attributes).toEqual(attributes);
  });

  test("frontmatter that is neither YAML nor key lines throws naming the rule", () => {
    expect(() => parseMarkdownDocument("---\n- a: b: c\n---\n")).toThrow(
      /neither a YAML mapping nor `key: value` lines/,
    );
    expect(() => parseMarkdownDocument("---\n- a: b: c\n---\n")).toThrow(
      expect.objectContaining({ code: PLUGIN_FORMAT_ERRORS.frontmatter }),
    );
  });

  test("the body follows the frontmatter", () => {
    expect(parseMarkdownDocument("---\ndescription: a: b\n---\nHello\n").body).toBe("Hello\n");
  });
});
