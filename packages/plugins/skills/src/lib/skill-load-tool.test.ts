import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isElowenError, reportingAudience } from "@elowen/plugin-shared/errors";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { startPlugin } from "../../test/start-plugin.js";
import { TestHost, userAccess } from "../../test/test-host.js";
import { SKILL_LOAD_PAGE_LINES } from "./limits.js";
import { pageLines } from "./skill-load-tool.js";

describe("paging lines", () => {
  test("serves a page and reports the real length", () => {
    expect(pageLines("a\nb\nc\n", 2, 1)).toEqual({ from: 2, to: 2, totalLines: 3, text: "b" });
    expect(pageLines("a\nb\nc", 2, 5)).toEqual({ from: 2, to: 3, totalLines: 3, text: "b\nc" });
  });

  test("the last line is the last offset; one past it is refused", () => {
    expect(pageLines("a\nb", 2, 10)).toMatchObject({ from: 2, to: 2 });
    expect(pageLines("a\nb", 3, 10)).toBeUndefined();
  });

  test("an empty text has one empty page", () => {
    expect(pageLines("", 1, 10)).toEqual({ from: 0, to: 0, totalLines: 0, text: "" });
    expect(pageLines("", 2, 10)).toBeUndefined();
  });

  test("pages joined in order give back every line", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().map((s) => s.replaceAll("\n", "")),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 7 }),
        (lines, limit) => {
          const text = lines.join("\n");
          const served: string[] = [];
          for (let offset = 1; ; ) {
            const page = pageLines(text, offset, limit);
            if (!page || page.totalLines === 0) break;
            served.push(page.text);
            offset = page.to + 1;
          }
          // A final LF ends the last line rather than starting another.
          expect(served.join("\n")).toBe(text.endsWith("\n") ? text.slice(0, -1) : text);
        },
      ),
    );
  });
});

describe("SkillLoad", () => {
  async function withLongSkill(lines: number) {
    const started = await startPlugin();
    const content = Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join("\n");
    await started.host.callTool("CreateSkill", {
      name: "long",
      description: "Use for long work.",
      content,
    });
    return started;
  }

  test("serves a short skill's full source in a <skill> element", async () => {
    const { host } = await withLongSkill(3);
    const result = await host.callTool("SkillLoad", { name: "long" });
    expect(TestHost.text(result)).toBe(
      '<skill name="long" lines="1-7" total="7">\n---\nname: long\ndescription: Use for long work.\n---\nline 1\nline 2\nline 3\n</skill>',
    );
    expect(result.details).toEqual({ skill: "long", from: 1, to: 7, totalLines: 7 });
  });

  test(`pages a long skill ${SKILL_LOAD_PAGE_LINES} lines at a time and names the next offset`, async () => {
    // 4 lines of frontmatter, then the body: the source has PAGE + 1 lines.
    const { host } = await withLongSkill(SKILL_LOAD_PAGE_LINES - 3);
    const total = SKILL_LOAD_PAGE_LINES + 1;
    const first = await host.callTool("SkillLoad", { name: "long" });
    expect(first.details).toEqual({
      skill: "long",
      from: 1,
      to: SKILL_LOAD_PAGE_LINES,
      totalLines: total,
      nextOffset: total,
    });
    expect(TestHost.text(first)).toMatch(/Call SkillLoad with offset 2001 for the rest\.\)$/);
    const second = await host.callTool("SkillLoad", { name: "long", offset: total });
    expect(TestHost.text(second)).toBe(
      `<skill name="long" lines="2001-2001" total="2001">\nline 1997\n</skill>`,
    );
    expect(second.details).toEqual({ skill: "long", from: total, to: total, totalLines: total });
  });

  test("refuses a limit past the page size and an offset past the end", async () => {
    const { host } = await withLongSkill(3);
    expect(() =>
      host.tools
        .get("SkillLoad")
        ?.parameters.parse({ name: "long", limit: SKILL_LOAD_PAGE_LINES + 1 }),
    ).toThrow();
    expect((await host.callTool("SkillLoad", { name: "long", offset: 7 })).isError).toBeUndefined();
    const result = await host.callTool("SkillLoad", { name: "long", offset: 8 });
    expect(result).toMatchObject({ isError: true });
    expect(TestHost.text(result)).toBe('offset 8 is past the end: skill "long" has 7 lines');
  });

  test("reports the length it serves, not the one announced at registration", async () => {
    const { host, dataDir } = await withLongSkill(3);
    await writeFile(
      join(dataDir, "personal", "7", "long", "SKILL.md"),
      "---\nname: long\ndescription: d\n---\none\ntwo\nthree\nfour\nfive\n",
    );
    const result = await host.callTool("SkillLoad", { name: "long" });
    expect(result.details).toMatchObject({ totalLines: 9 });
    const listed = await host.catalog.visibleSkills();
    expect(listed.find((e) => e.name === "long")?.lineCount).toBe(7);
  });

  test("passes arguments to the host's reader for substitution", async () => {
    const { host } = await startPlugin();
    await host.callTool("CreateSkill", {
      name: "greet",
      description: "Use to greet.",
      content: "Say hello to $ARGUMENTS.",
    });
    expect(
      TestHost.text(await host.callTool("SkillLoad", { name: "greet", args: "Ada Lovelace" })),
    ).toContain("Say hello to Ada Lovelace.");
  });

  test("a skill outside the caller's catalog is not loaded", async () => {
    const { host } = await withLongSkill(3);
    const result = await host.callTool("SkillLoad", { name: "long" }, userAccess(8));
    expect(result.isError).toBe(true);
    expect(TestHost.text(result)).toContain('No skill named "long" is available to you.');
  });

  test("a file the reader could not read throws its typed error; a reader failure keeps its cause", async () => {
    const { host, dataDir } = await withLongSkill(3);
    await rm(join(dataDir, "personal", "7", "long", "SKILL.md"));
    const failure = await host
      .callTool("SkillLoad", { name: "long" })
      .catch((error: unknown) => error);
    expect(isElowenError(failure, "skills.file_read_failed")).toBe(true);
    expect(reportingAudience(failure)).toBe("instance");
    const cause = new Error("reader down");
    host.catalog.readSkill = async () => Promise.reject(cause);
    await expect(host.callTool("SkillLoad", { name: "skill-authoring" })).rejects.toMatchObject({
      code: "skills.file_read_failed",
      cause,
    });
  });
});
