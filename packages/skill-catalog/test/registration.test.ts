import { errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { access, catalogIn, pluginSkill, summary, TempTree } from "./support.js";

describe("line counts", () => {
  test("are read once at registration: a later edit keeps the announced length until the next reload", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const skill = pluginSkill(tree, "p/pdf", "pdf");
    await catalog.requestReload("p", [skill]);
    expect(catalog.visibleEntries({ invocation: "model", access: access() })[0]?.lineCount).toBe(8);
    tree.write("p/pdf/SKILL.md", "---\nname: pdf\ndescription: Use pdf.\n---\nshort\n");
    expect(catalog.visibleEntries({ invocation: "model", access: access() })[0]?.lineCount).toBe(8);
    const read = await catalog.readSkill("pdf", { access: access() });
    expect(read.ok && [read.lineCount, read.entry.lineCount]).toEqual([5, 8]);
    await catalog.requestReload("p", [skill]);
    expect(catalog.visibleEntries({ invocation: "model", access: access() })[0]?.lineCount).toBe(5);
  });

  test("a file unreadable at registration is listed without a length, with a diagnostic", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const report = await catalog.requestReload("p", [
      { name: "gone", description: "Use gone.", filePath: tree.path("p/gone/SKILL.md") },
      pluginSkill(tree, "p/here", "here"),
    ]);
    expect(summary(catalog.visibleEntries({ invocation: "model", access: access() }))).toEqual([
      "gone@p model user",
      "here@p model user",
    ]);
    expect(
      catalog.visibleEntries({ invocation: "model", access: access() })[0]?.lineCount,
    ).toBeNull();
    expect(catalog.availableSkillsBlock(access())).toContain(
      "- gone: Use gone.\n- here (8 lines): Use here.\n",
    );
    expect(report.diagnostics).toEqual([
      {
        code: "file-missing",
        outcome: "unmeasured",
        path: tree.path("p/gone/SKILL.md"),
        name: "gone",
        message: expect.stringMatching(/ENOENT.*; listed without a length$/),
      },
    ]);
  });

  test("a file linked out of its directory at registration is listed without a length", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    tree.write("outside.md", "---\nname: x\ndescription: y\n---\n");
    const filePath = tree.link("p/link/SKILL.md", tree.path("outside.md"));
    const report = await catalog.requestReload("p", [
      { name: "link", description: "Linked.", filePath },
    ]);
    expect(report.diagnostics.map((d) => [d.code, d.outcome])).toEqual([
      ["file-redirected", "unmeasured"],
    ]);
    expect(catalog.visibleSkills(access())[0]?.lineCount).toBeNull();
  });
});

describe("plugin sets", () => {
  test("registerSkill adds to the plugin's set; requestReload replaces the whole set", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.registerSkill("p", pluginSkill(tree, "p/a", "a"));
    const report = await catalog.registerSkill("p", pluginSkill(tree, "p/b", "b"));
    expect(report).toEqual({ plugin: "p", skills: 2, diagnostics: [] });
    await catalog.requestReload("p", [pluginSkill(tree, "p/c", "c")]);
    expect(summary(catalog.visibleSkills(access()))).toEqual(["c@p model user"]);
  });

  test("skills registered in one go all arrive, in call order", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const names = Array.from({ length: 20 }, (_, i) => `s${String(i).padStart(2, "0")}`);
    await Promise.all(
      names.map((name) => catalog.registerSkill("p", pluginSkill(tree, `p/${name}`, name))),
    );
    expect(catalog.visibleSkills(access()).map((e) => e.name)).toEqual(names);
  });

  test("names a person cannot tell apart count as one name: NFC and NFD spellings, Cyrillic look-alikes", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const nfc = "caf\u00e9";
    const nfd = "cafe\u0301";
    await catalog.registerSkill("skills", pluginSkill(tree, "s/nfc", nfc));
    await expect(
      catalog.registerSkill("skills", pluginSkill(tree, "s/nfd", nfd)),
    ).rejects.toMatchObject({
      code: "skill_catalog.invalid_skill",
      message: expect.stringContaining("names that look the same"),
    });
    await catalog.registerSkill("skills", pluginSkill(tree, "s/api", "api"));
    // U+0430 CYRILLIC SMALL LETTER A in place of the Latin a.
    await expect(
      catalog.registerSkill("skills", pluginSkill(tree, "s/cyr", "\u0430pi")),
    ).rejects.toMatchObject({ code: "skill_catalog.invalid_skill" });
    await expect(
      catalog.requestReload("x", [pluginSkill(tree, "x/a", nfc), pluginSkill(tree, "x/b", nfd)]),
    ).rejects.toMatchObject({
      code: "skill_catalog.invalid_skill",
      message: expect.stringContaining('skill 1 of plugin "x": name is invalid'),
    });
    expect(catalog.visibleSkills(access()).map((entry) => entry.name)).toEqual(["api", nfc]);
  });

  test("a plugin may register one name for different owners, but not twice for one owner", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.registerSkill(
      "skills",
      pluginSkill(tree, "users/1/n", "n", { ownerUserId: 1, catalogSource: "personal" }),
    );
    await catalog.registerSkill(
      "skills",
      pluginSkill(tree, "users/2/n", "n", { ownerUserId: 2, catalogSource: "personal" }),
    );
    await expect(
      catalog.registerSkill(
        "skills",
        pluginSkill(tree, "users/2/n2", "n", { ownerUserId: 2, catalogSource: "personal" }),
      ),
    ).rejects.toMatchObject({
      code: "skill_catalog.invalid_skill",
    });
    await expect(
      catalog.requestReload("x", [pluginSkill(tree, "x/a", "a"), pluginSkill(tree, "x/b", "a")]),
    ).rejects.toMatchObject({
      code: "skill_catalog.invalid_skill",
      message: expect.stringContaining('skill 1 of plugin "x": name is invalid'),
    });
  });

  test("reloads of one plugin apply in call order", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const big = Array.from({ length: 200 }, (_, i) => pluginSkill(tree, `p/big${i}`, `big${i}`));
    const first = catalog.requestReload("p", big);
    const second = catalog.requestReload("p", [pluginSkill(tree, "p/small", "small")]);
    expect((await first).skills).toBe(200);
    expect((await second).skills).toBe(1);
    expect(summary(catalog.visibleSkills(access()))).toEqual(["small@p model user"]);
  });

  test("a reader during a reload sees the whole old set or the whole new set, never a mix", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const oldSet = Array.from({ length: 100 }, (_, i) => pluginSkill(tree, `old/s${i}`, `old${i}`));
    const newSet = Array.from({ length: 100 }, (_, i) => pluginSkill(tree, `new/s${i}`, `new${i}`));
    await catalog.requestReload("p", oldSet);
    const seen = new Set<string>();
    let done = false;
    const reload = catalog.requestReload("p", newSet).then(() => {
      done = true;
    });
    while (!done) {
      const names = catalog
        .visibleEntries({ invocation: "user", access: access() })
        .map((e) => e.name);
      expect(names.length).toBe(100);
      const kinds = new Set(names.map((name) => name.replace(/\d+$/, "")));
      expect(kinds.size).toBe(1);
      seen.add([...kinds][0] as string);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await reload;
    expect(seen.has("old")).toBe(true);
    expect(catalog.visibleEntries({ invocation: "user", access: access() })[0]?.name).toMatch(
      /^new/,
    );
  });

  test("removePlugin withdraws its skills and diagnostics", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [pluginSkill(tree, "p/Upper", "Upper")]);
    expect(catalog.diagnostics("p").map((d) => d.code)).toEqual(["name-invalid"]);
    await catalog.removePlugin("p");
    expect(catalog.visibleSkills(access())).toEqual([]);
    expect(catalog.diagnostics()).toEqual([]);
  });

  test("names and descriptions that break Agent Skills rules load with diagnostics", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const filePath = tree.skill("p/dir", "Other", "x");
    const report = await catalog.requestReload("p", [
      { name: "Other", description: "d".repeat(1025), filePath },
    ]);
    expect(report.diagnostics.map((d) => [d.code, d.outcome])).toEqual([
      ["name-invalid", "loaded"],
      ["name-mismatch", "loaded"],
      ["description-too-long", "loaded"],
    ]);
    expect(summary(catalog.visibleSkills(access()))).toEqual(["Other@p model user"]);
  });
});

describe("malformed registrations are refused, naming the field and the rule", () => {
  const tree = new TempTree();
  const file = "/srv/skills/pdf/SKILL.md";
  test.each([
    [{ name: "", description: "d", filePath: file }, "name", "a skill name (it is empty)"],
    [{ name: "a b", description: "d", filePath: file }, "name", "whitespace"],
    [{ name: "../x", description: "d", filePath: file }, "name", "path separator"],
    [{ name: "a\0", description: "d", filePath: file }, "name", "control character"],
    [{ name: 7, description: "d", filePath: file }, "name", "is not a string"],
    [{ name: "pdf", description: " ", filePath: file }, "description", "a non-empty string"],
    [{ name: "pdf", description: "d", filePath: "pdf/SKILL.md" }, "filePath", "an absolute path"],
    [
      { name: "pdf", description: "d", filePath: file, baseDir: "/srv/other" },
      "filePath",
      "a file inside baseDir /srv/other",
    ],
    [
      { name: "pdf", description: "d", filePath: file, baseDir: "/srv/skills/pdf/SKILL.md" },
      "filePath",
      "a file inside baseDir",
    ],
    [
      { name: "pdf", description: "d", filePath: file, ownerUserId: 1.5 },
      "ownerUserId",
      "a non-negative integer",
    ],
    [
      { name: "pdf", description: "d", filePath: file, catalogSource: "global" },
      "catalogSource",
      "one of bundled, plugin, instance, personal",
    ],
    [
      { name: "pdf", description: "d", filePath: file, catalogSource: "personal" },
      "ownerUserId",
      "an owner for a personal skill",
    ],
    [
      { name: "pdf", description: "d", filePath: file, enabled: "yes" },
      "enabled",
      "a boolean or undefined",
    ],
  ])("%j: %s", async (skill, field, rule) => {
    const catalog = catalogIn(tree);
    const refusal = await catalog
      .requestReload("p", [skill as never])
      .catch((error: unknown) => error);
    expect(isElowenError(refusal, "skill_catalog.invalid_skill")).toBe(true);
    expect(errorMessage(refusal)).toContain(`skill 0 of plugin "p": ${field} is invalid: expected`);
    expect(errorMessage(refusal)).toContain(rule);
    expect(catalog.visibleSkills(access())).toEqual([]);
  });

  test("a refused reload leaves the previous set in place", async () => {
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [pluginSkill(tree, "p/keep", "keep")]);
    await expect(
      catalog.requestReload("p", [
        pluginSkill(tree, "p/new", "new"),
        { name: "", description: "x", filePath: file },
      ]),
    ).rejects.toThrow();
    expect(summary(catalog.visibleSkills(access()))).toEqual(["keep@p model user"]);
  });

  test("an empty plugin name is refused", async () => {
    await expect(async () => catalogIn(tree).requestReload("", [])).rejects.toThrow(
      'skill registration: plugin is invalid: expected the registering plugin\'s name, received the string ""',
    );
  });
});

describe("canonical base directories", () => {
  test("is the registered directory with links resolved, for a reader that sees the skill", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree, { grantable: ["p"] });
    tree.skill("real/pdf", "pdf", "x");
    tree.link("linked", tree.path("real"));
    await catalog.requestReload("p", [
      { name: "pdf", description: "x", filePath: tree.path("linked/pdf/SKILL.md") },
    ]);
    const ref = { name: "pdf", plugin: "p", ownerUserId: null };
    expect(catalog.canonicalBaseDir(ref)).toBe(tree.path("real/pdf"));
    expect(catalog.canonicalBaseDir(ref, access({ grants: ["p"] }))).toBe(tree.path("real/pdf"));
    expect(catalog.canonicalBaseDir(ref, access())).toBeUndefined();
    expect(catalog.canonicalBaseDir({ ...ref, plugin: "q" })).toBeUndefined();
  });
});

describe("directory sources", () => {
  test("reloadFromDirectories replaces the set with the skills of Agent Skills directories, personal ones owned", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    tree.skill("shared/report", "report", "Reports.");
    tree.skill("users/1/notes", "notes", "Notes.");
    tree.skill("users/2/todo", "todo", "Todos.");
    const report = await catalog.reloadFromDirectories("skills", [
      { root: tree.path("shared"), catalogSource: "instance" },
      { root: tree.path("users/1"), catalogSource: "personal", ownerUserId: 1 },
      { root: tree.path("users/2"), catalogSource: "personal", ownerUserId: 2 },
    ]);
    expect(report).toEqual({ plugin: "skills", skills: 3, diagnostics: [] });
    expect(summary(catalog.visibleSkills(access({ userId: 1 })))).toEqual([
      "notes@skills#1 model user",
      "report@skills model user",
    ]);
    const read = await catalog.readSkill("notes", { access: access({ userId: 1 }) });
    expect(read.ok && read.entry.catalogSource).toBe("personal");
  });

  test("a personal source whose skill links into another account's store is skipped", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    tree.skill("users/2/secret", "secret", "Someone else's.");
    tree.link("users/1/secret", tree.path("users/2/secret"));
    const report = await catalog.reloadFromDirectories("skills", [
      { root: tree.path("users/1"), catalogSource: "personal", ownerUserId: 1 },
    ]);
    expect(report.skills).toBe(0);
    expect(report.diagnostics.map((d) => [d.code, d.outcome])).toEqual([
      ["file-redirected", "skipped"],
    ]);
  });
});
