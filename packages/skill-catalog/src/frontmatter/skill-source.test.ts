import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { countLines, decodeSkillSource, splitFrontmatter } from "./skill-source.js";

describe("decodeSkillSource", () => {
  test("removes a UTF-8 byte order mark", () => {
    expect(decodeSkillSource(Buffer.from("\uFEFF---\nname: a\n---\n"))).toEqual({
      text: "---\nname: a\n---\n",
      invalidUtf8: false,
    });
  });

  test("reads CRLF and lone CR line endings as LF", () => {
    expect(decodeSkillSource(Buffer.from("a\r\nb\rc\n")).text).toBe("a\nb\nc\n");
  });

  test("reads invalid UTF-8 with replacement characters and says so", () => {
    const decoded = decodeSkillSource(Uint8Array.from([0x61, 0xff, 0xfe, 0x62]));
    expect(decoded).toEqual({ text: "a\uFFFD\uFFFDb", invalidUtf8: true });
  });
});

describe("countLines", () => {
  test.each([
    ["", 0],
    ["one", 1],
    ["one\n", 1],
    ["one\ntwo", 2],
    ["one\ntwo\n", 2],
    ["\n", 1],
    ["\n\n", 2],
  ])("counts %j as %i lines", (text, lines) => {
    expect(countLines(text)).toBe(lines);
  });

  test("agrees with splitting on line breaks for any text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const expected = text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
        expect(countLines(text)).toBe(expected);
      }),
    );
  });
});

describe("splitFrontmatter", () => {
  test("splits a fenced block from the body after the closing fence", () => {
    expect(splitFrontmatter("---\nname: a\n---\n# Body\n")).toEqual({
      kind: "block",
      yaml: "name: a\n",
      body: "# Body\n",
    });
  });

  test("accepts trailing spaces and tabs on both fences", () => {
    expect(splitFrontmatter("--- \t\nname: a\n---  \nbody")).toEqual({
      kind: "block",
      yaml: "name: a\n",
      body: "body",
    });
  });

  test("an empty block and a file that ends at the closing fence", () => {
    expect(splitFrontmatter("---\n---")).toEqual({ kind: "block", yaml: "", body: "" });
  });

  test("a later --- line in the body belongs to the body", () => {
    expect(splitFrontmatter("---\na: 1\n---\nx\n---\ny")).toEqual({
      kind: "block",
      yaml: "a: 1\n",
      body: "x\n---\ny",
    });
  });

  test("a line that merely starts with --- does not close the block", () => {
    expect(splitFrontmatter("---\na: ---x\n----\n---\nbody")).toEqual({
      kind: "block",
      yaml: "a: ---x\n----\n",
      body: "body",
    });
  });

  test("text without an opening fence is all body", () => {
    expect(splitFrontmatter("# Title\n---\n")).toEqual({ kind: "none", body: "# Title\n---\n" });
    expect(splitFrontmatter(" ---\na: 1\n---\n")).toEqual({
      kind: "none",
      body: " ---\na: 1\n---\n",
    });
  });

  test("an opening fence with no closing one is unterminated and the whole text is body", () => {
    expect(splitFrontmatter("---\nname: a\ndescription: b\n")).toEqual({
      kind: "unterminated",
      body: "---\nname: a\ndescription: b\n",
    });
    expect(splitFrontmatter("---")).toEqual({ kind: "unterminated", body: "---" });
  });
});
