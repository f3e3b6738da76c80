import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { frontmatterRefusal, readSkillSource, renderSkillSource } from "./frontmatter.js";

const bytes = (text: string) => new TextEncoder().encode(text);

// The parsing rules themselves are @elowen/skill-catalog's (its parse-frontmatter tests).
describe("reading a SKILL.md with the catalog's one frontmatter reader", () => {
  test("reads a byte order mark and CRLF line ends, and keeps the raw block for editing", () => {
    const source = readSkillSource(
      bytes("\uFEFF---\r\nname: a\r\ndescription: d\r\n---\r\nBody\r\n"),
    );
    expect(source).toMatchObject({
      status: "ok",
      frontmatter: { name: "a", description: "d" },
      yaml: "name: a\ndescription: d\n",
      body: "Body\n",
    });
    expect(frontmatterRefusal(source)).toBeUndefined();
  });

  test("about 100 KB of nested [ is left out before any YAML parser sees it, with the reason", () => {
    const source = readSkillSource(bytes(`---\ndescription: ${"[".repeat(99_000)}\n---\nBody\n`));
    expect(source.status).toBe("bounds");
    expect(frontmatterRefusal(source)).toBe("frontmatter nests more than 32 levels deep");
  });

  test("a file without frontmatter has nothing left out; an unterminated block has", () => {
    expect(frontmatterRefusal(readSkillSource(bytes("# Just markdown\n")))).toBeUndefined();
    expect(frontmatterRefusal(readSkillSource(bytes("---\nname: a\n")))).toMatch(/never closed/);
  });
});

describe("rendering a SKILL.md", () => {
  test("a new skill round-trips its description and body exactly", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (description, body) => {
        const text = renderSkillSource(null, "x", { description }, body) ?? "";
        const parsed = readSkillSource(bytes(text));
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
