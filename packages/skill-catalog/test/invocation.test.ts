import { reportingAudience } from "@elowen/plugin-shared/errors";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseInvocation } from "../src/index.js";
import { access, catalogIn, pluginSkill, TempTree } from "./support.js";

describe("splitting an explicit invocation", () => {
  test.each([
    ["/skill:pdf", { name: "pdf", separator: "", rest: "" }],
    ["/skill:pdf summarize it", { name: "pdf", separator: " ", rest: "summarize it" }],
    ["/skill:pdf\tsummarize", { name: "pdf", separator: "\t", rest: "summarize" }],
    ["/skill:pdf\nline two\n", { name: "pdf", separator: "\n", rest: "line two\n" }],
    ["/skill:pdf\r\nCRLF", { name: "pdf", separator: "\r", rest: "\nCRLF" }],
    ["/skill:pdf   spaced  out ", { name: "pdf", separator: " ", rest: "  spaced  out " }],
  ])("%j", (text, parts) => {
    expect(parseInvocation(text)).toEqual(parts);
  });

  test.each([
    "hello /skill:pdf",
    " /skill:pdf",
    "/skills",
    "/Skill:pdf",
    "/skill",
    "/skill:",
    "/skill: pdf",
    "/skill:\tpdf",
    "/skill:\n",
  ])("%j is not an invocation (no skill is named)", (text) => {
    expect(parseInvocation(text)).toBeUndefined();
  });

  test("name, separator and rest always rebuild the input byte for byte", () => {
    fc.assert(
      fc.property(fc.string(), (tail) => {
        const parts = parseInvocation(`/skill:${tail}`);
        expect(parts === undefined).toBe(tail === "" || /^\s/.test(tail));
        if (parts === undefined) return;
        expect(`/skill:${parts.name}${parts.separator}${parts.rest}`).toBe(`/skill:${tail}`);
        expect(/\s/.test(parts.name)).toBe(false);
      }),
    );
  });
});

describe("expanding an explicit invocation", () => {
  test("wraps the markdown body in a skill element and keeps the separator and arguments as typed", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [pluginSkill(tree, "p/pdf", "pdf")]);
    const result = await catalog.expandInvocation("/skill:pdf\tsplit  pages 1-3\n", access());
    expect(result).toMatchObject({
      kind: "expanded",
      text: '<skill name="pdf">\n# Instructions\n\nDo the task.\n</skill>\tsplit  pages 1-3\n',
      parts: { name: "pdf", separator: "\t", rest: "split  pages 1-3\n" },
    });
  });

  test("escapes the name attribute and leaves the body unescaped", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const filePath = tree.write(
      "p/q/SKILL.md",
      '---\nname: a"b<c>&\ndescription: d\n---\nUse <b>bold</b> & "quotes".\n',
    );
    await catalog.requestReload("p", [{ name: 'a"b<c>&', description: "d", filePath }]);
    const result = await catalog.expandInvocation('/skill:a"b<c>&', access());
    expect(result).toMatchObject({
      kind: "expanded",
      text: '<skill name="a&quot;b&lt;c&gt;&amp;">\nUse <b>bold</b> & "quotes".\n</skill>',
    });
  });

  test("input that is not an explicit invocation is unchanged", async () => {
    const catalog = catalogIn(new TempTree());
    expect(await catalog.expandInvocation("please /skill:pdf", access())).toEqual({
      kind: "none",
      text: "please /skill:pdf",
    });
    expect(await catalog.expandInvocation("/skill: pdf", access())).toEqual({
      kind: "none",
      text: "/skill: pdf",
    });
  });

  test("a missing or denied skill is unavailable and the input is kept", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree, { grantable: ["p"] });
    await catalog.requestReload("p", [pluginSkill(tree, "p/pdf", "pdf")]);
    await catalog.requestReload("q", [
      pluginSkill(tree, "q/auto", "auto", { userInvocable: false }),
    ]);
    expect(await catalog.expandInvocation("/skill:nope go", access())).toEqual({
      kind: "unavailable",
      text: "/skill:nope go",
      parts: { name: "nope", separator: " ", rest: "go" },
      reason: "missing",
      message: 'skill "nope" is not available: no skill is named "nope"',
    });
    expect(await catalog.expandInvocation("/skill:pdf", access())).toMatchObject({
      kind: "unavailable",
      reason: "denied",
    });
    expect(await catalog.expandInvocation("/skill:auto", access())).toMatchObject({
      kind: "unavailable",
      reason: "denied",
    });
    expect(await catalog.expandInvocation("/skill:pdf", access({ grants: ["p"] }))).toMatchObject({
      kind: "expanded",
    });
  });

  test("an unreadable personal skill is unavailable with its instance-condition cause", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("skills", [
      pluginSkill(tree, "users/1/mine", "mine", { ownerUserId: 1, catalogSource: "personal" }),
    ]);
    tree.remove("users/1/mine/SKILL.md");
    const result = await catalog.expandInvocation("/skill:mine", access());
    expect(result).toMatchObject({ kind: "unavailable", reason: "missing" });
    expect(reportingAudience(result.kind === "unavailable" ? result.error : undefined)).toBe(
      "instance",
    );
  });
});
