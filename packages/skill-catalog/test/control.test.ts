import type { Access } from "@elowen/plugin-api/access";
import { describe, expect, test } from "vitest";
import { createSkillCatalogControl } from "../src/index.js";
import { access, catalogIn, pluginSkill, summary, TempTree } from "./support.js";

describe("the per-plugin SkillCatalogControl", () => {
  test("answers for the current access when a call leaves access out, and for the given one otherwise", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    let current: Access = access({ userId: 1 });
    const control = createSkillCatalogControl(catalog, "skills", { currentAccess: () => current });
    await control.requestReload([
      pluginSkill(tree, "users/1/one", "one", { ownerUserId: 1, catalogSource: "personal" }),
      pluginSkill(tree, "users/2/two", "two", { ownerUserId: 2, catalogSource: "personal" }),
    ]);
    expect(summary(await control.visibleSkills())).toEqual(["one@skills#1 model user"]);
    expect(
      summary(await control.visibleEntries({ invocation: "user", access: access({ userId: 2 }) })),
    ).toEqual(["two@skills#2 model user"]);
    expect((await control.readSkill("one")).ok).toBe(true);
    expect((await control.readSkill("one", { access: access({ userId: 2 }) })).ok).toBe(false);
    expect(control.canonicalBaseDir({ name: "one", plugin: "skills", ownerUserId: 1 })).toBe(
      tree.path("users/1/one"),
    );
    current = access({ userId: 2 });
    expect(
      control.canonicalBaseDir({ name: "one", plugin: "skills", ownerUserId: 1 }),
    ).toBeUndefined();
    expect(summary(await control.visibleEntries({ invocation: "model" }))).toEqual([
      "two@skills#2 model user",
    ]);
  });

  test("requestReload replaces only the calling plugin's set", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("other", [pluginSkill(tree, "o/keep", "keep")]);
    const control = createSkillCatalogControl(catalog, "skills", { currentAccess: () => access() });
    await control.requestReload([pluginSkill(tree, "s/a", "a")]);
    await control.requestReload([pluginSkill(tree, "s/b", "b")]);
    expect(summary(catalog.visibleSkills(access()))).toEqual([
      "b@skills model user",
      "keep@other model user",
    ]);
  });

  test("readSkill with args substitutes them into the body and the source, and counts the substituted lines", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const filePath = tree.write(
      "s/greet/SKILL.md",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a skill placeholder, not a template
      "---\nname: greet\ndescription: Greet someone.\n---\nHello $1,\nall of: $ARGUMENTS\n${2:-nobody}\n",
    );
    const control = createSkillCatalogControl(catalog, "skills", { currentAccess: () => access() });
    await control.requestReload([{ name: "greet", description: "Greet someone.", filePath }]);
    const plain = await control.readSkill("greet");
    const read = await control.readSkill("greet", { args: 'Ada "and Bob"' });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a skill placeholder, not a template
    expect(plain.ok && plain.body).toBe("Hello $1,\nall of: $ARGUMENTS\n${2:-nobody}\n");
    expect(read.ok && read.body).toBe("Hello Ada,\nall of: Ada and Bob\nand Bob\n");
    expect(read.ok && read.source).toContain("Hello Ada,");
    expect(read.ok && read.lineCount).toBe(plain.ok && plain.lineCount);
  });
});
