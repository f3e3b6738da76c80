import { SkillPromptInputSchema } from "@elowen/plugin-api/events";
import type { CatalogSource } from "@elowen/plugin-api/skills";
import { describe, expect, test } from "vitest";
import { SKILL_SOURCE_OF_CATALOG_SOURCE, skillPromptInputOf, skillSourceOf } from "../src/index.js";
import { access, catalogIn, pluginSkill, TempTree } from "./support.js";

describe("skill.prompt's input from a skill the canonical reader served", () => {
  test.each([
    ["personal", "userSettings", false],
    ["instance", "policySettings", false],
    ["plugin", "plugin", true],
    ["bundled", "built-in", true],
  ] as const)(
    "a %s skill is %s's words, with the plugin's name only when a plugin's",
    async (catalogSource: CatalogSource, source, named) => {
      const tree = new TempTree();
      const catalog = catalogIn(tree);
      const dir = catalogSource === "personal" ? "users/1/guide" : "p/guide";
      await catalog.requestReload("skills", [
        pluginSkill(
          tree,
          dir,
          "guide",
          catalogSource === "personal" ? { catalogSource, ownerUserId: 1 } : { catalogSource },
        ),
      ]);
      const read = await catalog.readSkill("guide", { access: access() });
      if (!read.ok) throw new Error(read.message);
      const input = skillPromptInputOf(read);
      expect(input).toEqual({
        skill: "guide",
        text: "\n# Instructions\n\nDo the task.\n",
        frontmatter: { name: "guide", description: "Use guide." },
        source,
        ...(named ? { pluginName: "skills" } : {}),
        path: tree.path(`${dir}/SKILL.md`),
      });
      expect(skillSourceOf(read.entry)).toBe(source);
      expect(SkillPromptInputSchema.parse(input)).toEqual(input);
    },
  );

  test("carries the frontmatter problem and the text it is given, such as an expansion", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [pluginSkill(tree, "p/pdf", "pdf")]);
    tree.write("p/pdf/SKILL.md", "---\nname: pdf\ndescription: x\n__proto__: 1\n---\nBody.\n");
    const read = await catalog.readSkill("pdf", { access: access() });
    if (!read.ok) throw new Error(read.message);
    expect(skillPromptInputOf(read, "expanded text")).toMatchObject({
      text: "expanded text",
      frontmatter: { name: "pdf", description: "x" },
      frontmatterProblem: expect.stringContaining('left out key "__proto__"'),
    });
  });

  test("every catalog source has a word, and the table cannot be changed", () => {
    expect(Object.keys(SKILL_SOURCE_OF_CATALOG_SOURCE).sort()).toEqual(
      ["bundled", "instance", "personal", "plugin"].sort(),
    );
    expect(Object.isFrozen(SKILL_SOURCE_OF_CATALOG_SOURCE)).toBe(true);
  });
});
