import {
  SKILL_FRONTMATTER_MAX_CHARS,
  SKILL_FRONTMATTER_MAX_DEPTH,
  SKILL_FRONTMATTER_MAX_VALUES,
} from "@elowen/plugin-api";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseFrontmatter, parseSkillSource, renderSkillSource } from "./frontmatter.js";

/** A block of `maps` mappings nested in one another, the innermost holding `k: 1`. */
const nested = (maps: number) =>
  Array.from({ length: maps }, (_, i) => `${"  ".repeat(i)}k:${i === maps - 1 ? " 1" : ""}`).join(
    "\n",
  );

describe("parsing a SKILL.md", () => {
  test("splits frontmatter and body: the body is everything after the closing fence's line", () => {
    expect(parseSkillSource("---\nname: a\ndescription: b\n---\nbody\n")).toEqual({
      yaml: "name: a\ndescription: b",
      frontmatter: { name: "a", description: "b" },
      body: "body\n",
    });
    expect(parseSkillSource("---\nname: a\n---\n\nbody")).toMatchObject({ body: "\nbody" });
  });

  test("reads a byte order mark and CRLF line ends", () => {
    expect(parseSkillSource("\uFEFF---\r\nname: a\r\n---\r\nbody\r\n")).toMatchObject({
      frontmatter: { name: "a" },
      body: "body\n",
    });
  });

  test("treats a file without an opening fence as all body, and an unterminated block as a problem", () => {
    expect(parseSkillSource("just text")).toEqual({
      yaml: null,
      frontmatter: {},
      body: "just text",
    });
    expect(parseSkillSource("---\nname: a\nbody")).toMatchObject({
      frontmatter: {},
      problem: "the frontmatter has no closing ---",
    });
  });

  test("keeps dates as the text their author wrote and turns NaN, infinities and binary into null", () => {
    expect(
      parseFrontmatter("d: 2024-01-02\nn: .nan\ni: -.inf\nb: !!binary aGk=").frontmatter,
    ).toEqual({ d: "2024-01-02", n: null, i: null, b: null });
  });

  test("leaves prototype keys out, saying so", () => {
    const parsed = parseFrontmatter("__proto__: {polluted: true}\nconstructor: x\nok: 1");
    expect(parsed).toEqual({
      frontmatter: { ok: 1 },
      problem: "left out the key(s) __proto__, constructor",
    });
    expect(Object.getPrototypeOf(parsed.frontmatter)).toBe(Object.prototype);
  });

  test(`accepts ${SKILL_FRONTMATTER_MAX_DEPTH} levels and refuses one more`, () => {
    expect(parseFrontmatter(nested(SKILL_FRONTMATTER_MAX_DEPTH)).problem).toBeUndefined();
    expect(parseFrontmatter(nested(SKILL_FRONTMATTER_MAX_DEPTH + 1))).toMatchObject({
      frontmatter: {},
      problem: expect.stringContaining("levels"),
    });
  });

  test(`accepts ${SKILL_FRONTMATTER_MAX_VALUES} values and refuses one more`, () => {
    const list = (items: number) => `k: [${Array.from({ length: items }, () => "1").join(",")}]`;
    // The mapping and the list are values too.
    expect(parseFrontmatter(list(SKILL_FRONTMATTER_MAX_VALUES - 2)).problem).toBeUndefined();
    expect(parseFrontmatter(list(SKILL_FRONTMATTER_MAX_VALUES - 1)).frontmatter).toEqual({});
  });

  test(`refuses a block longer than ${SKILL_FRONTMATTER_MAX_CHARS} characters`, () => {
    const block = (length: number) => `k: ${"x".repeat(length - 3)}`;
    expect(parseFrontmatter(block(SKILL_FRONTMATTER_MAX_CHARS)).problem).toBeUndefined();
    expect(parseFrontmatter(block(SKILL_FRONTMATTER_MAX_CHARS + 1))).toMatchObject({
      frontmatter: {},
      problem: expect.stringContaining("longer"),
    });
  });

  test("stops an alias bomb instead of expanding it", () => {
    const bomb = [
      "a: &a [x,x,x,x,x,x,x,x,x,x]",
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(",")}]`,
      ),
    ].join("\n");
    expect(parseFrontmatter(bomb).frontmatter).toEqual({});
  });

  test("refuses invalid YAML and a block that is not a mapping", () => {
    expect(parseFrontmatter("a: [").problem).toMatch(/not valid YAML/);
    expect(parseFrontmatter("- a").problem).toBe(
      "the frontmatter is not a mapping of keys to values",
    );
  });

  test("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (yaml, body) => {
        parseSkillSource(`---\n${yaml}\n---\n${body}`);
      }),
    );
  });
});

describe("rendering a SKILL.md", () => {
  test("a new skill round-trips its description and body exactly", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (description, body) => {
        const text = renderSkillSource(null, "x", { description }, body) ?? "";
        const parsed = parseSkillSource(text);
        expect(parsed.frontmatter.description).toBe(description);
        expect(parsed.body).toBe(body.replace(/\r\n?/g, "\n"));
      }),
    );
  });

  test("writes name only where the block has none and keeps everything else", () => {
    expect(renderSkillSource("name: old-name\n# why\nx: 1", "x", { description: "d" }, "b")).toBe(
      "---\nname: old-name\n# why\nx: 1\ndescription: d\n---\nb",
    );
    expect(
      renderSkillSource("", "x", { userInvocable: false, disableModelInvocation: true }, "b"),
    ).toBe("---\nname: x\ndisable-model-invocation: true\nuser-invocable: false\n---\nb");
  });

  test("removes a flag set back to its default", () => {
    expect(
      renderSkillSource(
        "name: x\ndisable-model-invocation: true\nuser-invocable: false",
        "x",
        { disableModelInvocation: false, userInvocable: true },
        "",
      ),
    ).toBe("---\nname: x\n---\n");
  });

  test("refuses to edit a block that is not a mapping", () => {
    expect(renderSkillSource("- a", "x", {}, "")).toBeUndefined();
    expect(renderSkillSource("a: [", "x", {}, "")).toBeUndefined();
  });
});
