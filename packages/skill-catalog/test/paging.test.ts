import { describe, expect, test } from "vitest";
import { SKILL_LOAD_DEFAULT_LIMIT } from "../src/index.js";
import { access, catalogIn, TempTree } from "./support.js";

async function catalogWith(source: string) {
  const tree = new TempTree();
  const catalog = catalogIn(tree);
  const filePath = tree.write("p/guide/SKILL.md", source);
  await catalog.requestReload("p", [{ name: "guide", description: "Guide.", filePath }]);
  return { tree, catalog };
}

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`).join("\n");

describe("SkillLoad paging", () => {
  test("pages the full source, frontmatter included, by line offset and limit", async () => {
    const { catalog } = await catalogWith(
      `---\nname: guide\ndescription: Guide.\n---\n${numbered(6)}\n`,
    );
    expect(
      await catalog.loadSkillPage({ name: "guide", access: access(), offset: 4, limit: 3 }),
    ).toMatchObject({
      ok: true,
      text: "---\nline 1\nline 2\n",
      offset: 4,
      lines: 3,
      totalLines: 10,
      nextOffset: 7,
    });
    expect(
      await catalog.loadSkillPage({ name: "guide", access: access(), offset: 7, limit: 10 }),
    ).toMatchObject({
      text: "line 3\nline 4\nline 5\nline 6\n",
      lines: 4,
      nextOffset: null,
    });
  });

  test("an offset past the end serves nothing and says so", async () => {
    const { catalog } = await catalogWith("---\nname: guide\ndescription: Guide.\n---\nbody\n");
    expect(
      await catalog.loadSkillPage({ name: "guide", access: access(), offset: 50 }),
    ).toMatchObject({
      ok: true,
      text: "",
      lines: 0,
      totalLines: 5,
      nextOffset: null,
    });
  });

  test(`serves ${SKILL_LOAD_DEFAULT_LIMIT} lines by default and the rest on the next page`, async () => {
    const { catalog } = await catalogWith(numbered(SKILL_LOAD_DEFAULT_LIMIT + 1));
    const first = await catalog.loadSkillPage({ name: "guide", access: access() });
    expect(first).toMatchObject({
      lines: SKILL_LOAD_DEFAULT_LIMIT,
      nextOffset: SKILL_LOAD_DEFAULT_LIMIT + 1,
    });
    const second = await catalog.loadSkillPage({
      name: "guide",
      access: access(),
      offset: SKILL_LOAD_DEFAULT_LIMIT + 1,
    });
    expect(second).toMatchObject({
      text: `line ${SKILL_LOAD_DEFAULT_LIMIT + 1}`,
      lines: 1,
      nextOffset: null,
    });
  });

  test("reports the actual length of what it serves, not the announced one", async () => {
    const { tree, catalog } = await catalogWith(numbered(3));
    tree.write("p/guide/SKILL.md", numbered(8));
    const page = await catalog.loadSkillPage({ name: "guide", access: access() });
    expect(page.ok && [page.entry.lineCount, page.totalLines]).toEqual([3, 8]);
  });

  test("substitutes arguments into the source when they are given", async () => {
    const { catalog } = await catalogWith(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the point
      "Report on $1 for ${2:-everyone}.\nAll: $ARGUMENTS\n",
    );
    const page = await catalog.loadSkillPage({
      name: "guide",
      access: access(),
      arguments: 'sales "Q3 team"',
    });
    expect(page).toMatchObject({
      text: "Report on sales for Q3 team.\nAll: sales Q3 team\n",
      totalLines: 2,
    });
    const listed = await catalog.loadSkillPage({
      name: "guide",
      access: access(),
      arguments: ["a\nb"],
    });
    expect(listed).toMatchObject({
      text: "Report on a\nb for everyone.\nAll: a\nb\n",
      totalLines: 4,
    });
  });

  test("without arguments the source is served as written, so shell snippets keep their $1", async () => {
    const { catalog } = await catalogWith("awk '{print $1}' data.txt\n");
    expect(await catalog.loadSkillPage({ name: "guide", access: access() })).toMatchObject({
      text: "awk '{print $1}' data.txt\n",
    });
  });

  test("a skill the reader cannot load passes its refusal through", async () => {
    const { catalog } = await catalogWith("x\n");
    expect(await catalog.loadSkillPage({ name: "other", access: access() })).toEqual({
      ok: false,
      reason: "missing",
      message: 'no skill is named "other"',
    });
  });

  test.each([
    ["offset", 0],
    ["offset", -1],
    ["offset", 1.5],
    ["limit", 0],
    ["limit", Number.NaN],
    ["limit", Number.POSITIVE_INFINITY],
  ])("refuses %s %d before reading anything", async (field, value) => {
    const { catalog } = await catalogWith("x\n");
    await expect(
      catalog.loadSkillPage({ name: "other", access: access(), [field]: value }),
    ).rejects.toMatchObject({
      code: "skill_catalog.invalid_page",
      message: `SkillLoad ${field} is invalid: expected a whole number of lines, 1 or more, received ${value}. Fix: leave ${field} out or pass a positive integer`,
    });
  });

  test("offset 1 and limit 1 are the smallest window", async () => {
    const { catalog } = await catalogWith("a\nb\n");
    expect(
      await catalog.loadSkillPage({ name: "guide", access: access(), offset: 1, limit: 1 }),
    ).toMatchObject({ text: "a\n", nextOffset: 2 });
  });
});
