import { describe, expect, test } from "vitest";
import { access, catalogIn, pluginSkill, summary, TempTree } from "./support.js";

describe("grants and ownership gate both projections", () => {
  test("a user-grantable plugin's skills show only to accounts granted it, or on all-access turns", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree, { grantable: ["lsp"] });
    await catalog.requestReload("lsp", [pluginSkill(tree, "lsp/refs", "refs")]);
    await catalog.requestReload("todo", [pluginSkill(tree, "todo/plan", "plan")]);
    const plain = access();
    const granted = access({ grants: ["lsp"] });
    const admin = access({ userId: 9, isAdmin: true, allAccess: true });
    for (const invocation of ["model", "user"] as const) {
      expect(summary(catalog.visibleEntries({ invocation, access: plain }))).toEqual([
        "plan@todo model user",
      ]);
      expect(summary(catalog.visibleEntries({ invocation, access: granted }))).toEqual([
        "plan@todo model user",
        "refs@lsp model user",
      ]);
      expect(summary(catalog.visibleEntries({ invocation, access: admin }))).toEqual([
        "plan@todo model user",
        "refs@lsp model user",
      ]);
    }
  });

  test("a skill with an owner shows only in that account's own sessions, never to an admin or an unlinked turn", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("skills", [
      pluginSkill(tree, "users/1/mine", "mine", { ownerUserId: 1, catalogSource: "personal" }),
      pluginSkill(tree, "users/2/theirs", "theirs", { ownerUserId: 2, catalogSource: "personal" }),
    ]);
    expect(summary(catalog.visibleSkills(access({ userId: 1 })))).toEqual([
      "mine@skills#1 model user",
    ]);
    expect(summary(catalog.visibleSkills(access({ userId: 2 })))).toEqual([
      "theirs@skills#2 model user",
    ]);
    expect(
      summary(catalog.visibleSkills(access({ userId: 3, isAdmin: true, allAccess: true }))),
    ).toEqual([]);
    expect(summary(catalog.visibleSkills(access({ userId: null })))).toEqual([]);
  });
});

describe("the model and user projections", () => {
  test("disable-model-invocation hides a skill from the model but not from the user", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [
      pluginSkill(tree, "p/deploy", "deploy", { disableModelInvocation: true }),
    ]);
    expect(summary(catalog.visibleEntries({ invocation: "model", access: access() }))).toEqual([]);
    expect(summary(catalog.visibleEntries({ invocation: "user", access: access() }))).toEqual([
      "deploy@p user",
    ]);
    expect((await catalog.readSkill("deploy", { access: access() })).ok).toBe(true);
  });

  test("the per-account plugin-skill switch hides a skill from the model for that account only", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree, {
      pluginSkillSwitch: (reader) =>
        reader.userId === 1
          ? (skill) => !(skill.plugin === "p" && skill.name === "noisy")
          : undefined,
    });
    await catalog.requestReload("p", [
      pluginSkill(tree, "p/noisy", "noisy"),
      pluginSkill(tree, "p/quiet", "quiet"),
    ]);
    expect(
      summary(catalog.visibleEntries({ invocation: "model", access: access({ userId: 1 }) })),
    ).toEqual(["quiet@p model user"]);
    expect(
      summary(catalog.visibleEntries({ invocation: "user", access: access({ userId: 1 }) })),
    ).toEqual(["noisy@p user", "quiet@p model user"]);
    expect(
      summary(catalog.visibleEntries({ invocation: "model", access: access({ userId: 2 }) })),
    ).toEqual(["noisy@p model user", "quiet@p model user"]);
    expect(
      (await catalog.readSkill("noisy", { access: access({ userId: 1 }), invocation: "user" })).ok,
    ).toBe(true);
  });

  test("a skill that is not user-invocable is in the model projection only", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [pluginSkill(tree, "p/bg", "bg", { userInvocable: false })]);
    expect(summary(catalog.visibleEntries({ invocation: "model", access: access() }))).toEqual([
      "bg@p model",
    ]);
    expect(summary(catalog.visibleEntries({ invocation: "user", access: access() }))).toEqual([]);
  });

  test("an enabled same-name contribution wins over a disabled one in the user projection", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("a", [
      pluginSkill(tree, "a/report", "report", { enabled: false, catalogSource: "instance" }),
    ]);
    await catalog.requestReload("b", [pluginSkill(tree, "b/report", "report")]);
    expect(summary(catalog.visibleEntries({ invocation: "user", access: access() }))).toEqual([
      "report@b model user",
    ]);
    expect(summary(catalog.visibleSkills(access()))).toEqual(["report@a", "report@b model user"]);
  });

  test("a disabled contribution stays the user selection when no enabled one exists, and never reaches the model", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("a", [pluginSkill(tree, "a/report", "report", { enabled: false })]);
    expect(summary(catalog.visibleEntries({ invocation: "user", access: access() }))).toEqual([
      "report@a user",
    ]);
    expect(summary(catalog.visibleEntries({ invocation: "model", access: access() }))).toEqual([]);
    const read = await catalog.readSkill("report", { access: access(), invocation: "user" });
    expect(read.ok && read.entry.enabled).toBe(false);
  });

  test("a contribution the reader is not granted never shadows one it is", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree, { grantable: ["private"] });
    await catalog.requestReload("private", [
      pluginSkill(tree, "x/report", "report", { catalogSource: "instance" }),
    ]);
    await catalog.requestReload("public", [pluginSkill(tree, "y/report", "report")]);
    expect(summary(catalog.visibleEntries({ invocation: "model", access: access() }))).toEqual([
      "report@public model user",
    ]);
    expect(
      summary(
        catalog.visibleEntries({ invocation: "model", access: access({ grants: ["private"] }) }),
      ),
    ).toEqual(["report@private model user"]);
  });

  test("same-name enabled contributions select by source: personal, instance, plugin, bundled", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("bundled", [
      pluginSkill(tree, "b/guide", "guide", { catalogSource: "bundled" }),
    ]);
    await catalog.requestReload("plugin", [pluginSkill(tree, "p/guide", "guide")]);
    await catalog.requestReload("skills", [
      pluginSkill(tree, "i/guide", "guide", { catalogSource: "instance" }),
      pluginSkill(tree, "users/1/guide", "guide", { catalogSource: "personal", ownerUserId: 1 }),
    ]);
    const winner = (userId: number) =>
      summary(catalog.visibleEntries({ invocation: "model", access: access({ userId }) }));
    expect(winner(1)).toEqual(["guide@skills#1 model user"]);
    expect(winner(2)).toEqual(["guide@skills model user"]);
    expect(summary(catalog.visibleSkills(access({ userId: 1 })))).toEqual([
      "guide@skills#1 model user",
      "guide@skills",
      "guide@plugin",
      "guide@bundled",
    ]);
  });

  test("entries come in name order, shared and personal merged", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload(
      "p",
      ["delta", "alpha", "charlie"].map((name) => pluginSkill(tree, `p/${name}`, name)),
    );
    await catalog.requestReload("skills", [
      pluginSkill(tree, "users/1/bravo", "bravo", { catalogSource: "personal", ownerUserId: 1 }),
      pluginSkill(tree, "users/1/echo", "echo", { catalogSource: "personal", ownerUserId: 1 }),
    ]);
    expect(
      catalog.visibleEntries({ invocation: "user", access: access() }).map((e) => e.name),
    ).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
  });

  test("the entries a projection returns are frozen and shared between calls", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [pluginSkill(tree, "p/a", "a")]);
    const [first] = catalog.visibleEntries({ invocation: "model", access: access() });
    const [again] = catalog.visibleEntries({ invocation: "model", access: access({ userId: 5 }) });
    expect(Object.isFrozen(first)).toBe(true);
    expect(again).toBe(first);
  });
});

describe("the <available_skills> block and command aliases", () => {
  test("the block lists the model projection with line counts and no file paths", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [
      pluginSkill(tree, "p/pdf", "pdf"),
      pluginSkill(tree, "p/hidden", "hidden", { disableModelInvocation: true }),
    ]);
    const block = catalog.availableSkillsBlock(access());
    expect(block).toContain("- pdf (8 lines): Use pdf.\n");
    expect(block).not.toContain("hidden");
    expect(block).not.toContain(tree.root);
    expect(catalogIn(tree).availableSkillsBlock(access())).toBe("");
  });

  test("aliases cover user-invocable skills with valid command names, core and static names excluded", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [
      pluginSkill(tree, "p/a32", "a".repeat(32)),
      pluginSkill(tree, "p/a33", "a".repeat(33)),
      pluginSkill(tree, "p/Upper", "Upper"),
      pluginSkill(tree, "p/help", "help"),
      pluginSkill(tree, "p/bg", "bg", { userInvocable: false }),
      pluginSkill(tree, "p/deploy", "deploy", { disableModelInvocation: true }),
      pluginSkill(tree, "p/x", "x"),
    ]);
    await catalog.requestReload("skills", [
      pluginSkill(tree, "users/1/mine", "mine", { catalogSource: "personal", ownerUserId: 1 }),
    ]);
    expect(catalog.commandAliases(access(), ["help", "skills"])).toEqual([
      {
        name: "a".repeat(32),
        description: `Use ${"a".repeat(32)}.`,
        target: `/skill:${"a".repeat(32)}`,
      },
      { name: "deploy", description: "Use deploy.", target: "/skill:deploy" },
      { name: "mine", description: "Use mine.", target: "/skill:mine" },
      { name: "x", description: "Use x.", target: "/skill:x" },
    ]);
    expect(
      catalog.commandAliases(access({ userId: 2 }), new Set(["help"])).map((a) => a.name),
    ).not.toContain("mine");
  });
});
