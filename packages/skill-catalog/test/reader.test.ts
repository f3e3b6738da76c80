import { renameSync, symlinkSync } from "node:fs";
import type { CatalogSource } from "@elowen/plugin-api/skills";
import { isElowenError, reportingAudience } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { access, catalogIn, pluginSkill, TempTree } from "./support.js";

describe("the canonical reader", () => {
  test("serves the body, the bounded frontmatter, the actual length, the real path and the source", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const source =
      "---\nname: pdf\ndescription: Use pdf.\n__proto__: {x: 1}\nlicense: MIT\n---\n# PDF\n";
    tree.write("p/pdf/SKILL.md", source);
    await catalog.requestReload("p", [
      { name: "pdf", description: "Use pdf.", filePath: tree.path("p/pdf/SKILL.md") },
    ]);
    const read = await catalog.readSkill("pdf", { access: access() });
    expect(read).toEqual({
      ok: true,
      entry: catalog.visibleEntries({ invocation: "model", access: access() })[0],
      body: "# PDF\n",
      frontmatter: { name: "pdf", description: "Use pdf.", license: "MIT" },
      frontmatterProblem: expect.stringContaining('left out key "__proto__"'),
      lineCount: 7,
      path: tree.path("p/pdf/SKILL.md"),
      source,
    });
  });

  test("a name no one registered is missing; one of an ungranted plugin is denied", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree, { grantable: ["p"] });
    await catalog.requestReload("p", [pluginSkill(tree, "p/pdf", "pdf")]);
    expect(await catalog.readSkill("nope", { access: access() })).toEqual({
      ok: false,
      reason: "missing",
      message: 'no skill is named "nope"',
    });
    expect(await catalog.readSkill("pdf", { access: access() })).toEqual({
      ok: false,
      reason: "denied",
      message: 'skill "pdf" belongs to a plugin this account is not granted',
    });
  });

  test("another account's personal skill reads as missing, so its name does not leak", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("skills", [
      pluginSkill(tree, "users/2/diary", "diary", { ownerUserId: 2, catalogSource: "personal" }),
    ]);
    expect(await catalog.readSkill("diary", { access: access({ userId: 1 }) })).toMatchObject({
      ok: false,
      reason: "missing",
    });
    expect((await catalog.readSkill("diary", { access: access({ userId: 2 }) })).ok).toBe(true);
  });

  test("an invocation names the projection the skill must be effective in", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [
      pluginSkill(tree, "p/manual", "manual", { disableModelInvocation: true }),
      pluginSkill(tree, "p/auto", "auto", { userInvocable: false }),
    ]);
    expect(
      await catalog.readSkill("manual", { access: access(), invocation: "model" }),
    ).toMatchObject({ ok: false, reason: "denied" });
    expect((await catalog.readSkill("manual", { access: access(), invocation: "user" })).ok).toBe(
      true,
    );
    expect(await catalog.readSkill("auto", { access: access(), invocation: "user" })).toMatchObject(
      { ok: false, reason: "denied" },
    );
    expect((await catalog.readSkill("auto", { access: access(), invocation: "model" })).ok).toBe(
      true,
    );
  });

  test.each([
    ["personal", "instance"],
    ["instance", "instance"],
    ["plugin", "software"],
    ["bundled", "software"],
  ] as const)(
    "a missing %s file is refused with a typed %s cause",
    async (catalogSource: CatalogSource, audience) => {
      const tree = new TempTree();
      const catalog = catalogIn(tree);
      const dir = catalogSource === "personal" ? "users/1/gone" : "p/gone";
      const skill = pluginSkill(
        tree,
        dir,
        "gone",
        catalogSource === "personal" ? { catalogSource, ownerUserId: 1 } : { catalogSource },
      );
      await catalog.requestReload("p", [skill]);
      tree.remove(`${dir}/SKILL.md`);
      const read = await catalog.readSkill("gone", { access: access() });
      expect(read).toMatchObject({
        ok: false,
        reason: "missing",
        message: expect.stringContaining('skill "gone" of p could not be read'),
      });
      const error = !read.ok ? read.error : undefined;
      expect(isElowenError(error, "skills.file_read_failed")).toBe(true);
      expect(reportingAudience(error)).toBe(audience);
    },
  );

  test.each([
    ["personal", "redirected", "instance"],
    ["instance", "redirected", "instance"],
    ["plugin", "redirected", "software"],
    ["bundled", "redirected", "software"],
    ["personal", "unreadable", "instance"],
    ["instance", "unreadable", "instance"],
    ["plugin", "unreadable", "software"],
    ["bundled", "unreadable", "software"],
  ] as const)(
    "a %s file that became %s is refused with a typed %s cause",
    async (catalogSource: CatalogSource, reason, audience) => {
      const tree = new TempTree();
      const catalog = catalogIn(tree);
      const dir = catalogSource === "personal" ? "users/1/bad" : "p/bad";
      const skill = pluginSkill(
        tree,
        dir,
        "bad",
        catalogSource === "personal" ? { catalogSource, ownerUserId: 1 } : { catalogSource },
      );
      await catalog.requestReload("p", [skill]);
      tree.remove(`${dir}/SKILL.md`);
      if (reason === "redirected") {
        tree.link(`${dir}/SKILL.md`, tree.write("elsewhere.md", "---\nname: bad\n---\nX\n"));
      } else {
        tree.mkdir(`${dir}/SKILL.md`);
      }
      const read = await catalog.readSkill("bad", { access: access() });
      expect(read).toMatchObject({ ok: false, reason });
      const error = !read.ok ? read.error : undefined;
      expect(isElowenError(error, "skills.file_read_failed")).toBe(true);
      expect(reportingAudience(error)).toBe(audience);
    },
  );

  test("a file replaced by a link out of its directory is refused as redirected", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [
      pluginSkill(tree, "p/pdf", "pdf", { catalogSource: "instance" }),
    ]);
    tree.write("secret.txt", "TOP SECRET");
    tree.remove("p/pdf/SKILL.md");
    tree.link("p/pdf/SKILL.md", tree.path("secret.txt"));
    const read = await catalog.readSkill("pdf", { access: access() });
    expect(read).toMatchObject({ ok: false, reason: "redirected" });
    expect(JSON.stringify(read)).not.toContain("TOP SECRET");
    expect(reportingAudience(!read.ok && read.error)).toBe("instance");
  });

  test("a skill directory swapped for a link after registration is refused", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [pluginSkill(tree, "p/pdf", "pdf")]);
    tree.write("evil/SKILL.md", "---\nname: pdf\ndescription: evil\n---\nTOP SECRET\n");
    renameSync(tree.path("p/pdf"), tree.path("p/pdf-old"));
    symlinkSync(tree.path("evil"), tree.path("p/pdf"));
    const read = await catalog.readSkill("pdf", { access: access() });
    expect(read).toMatchObject({ ok: false, reason: "redirected" });
    expect(JSON.stringify(read)).not.toContain("TOP SECRET");
  });

  test("a personal store swapped for a link to another account's store is refused", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("skills", [
      pluginSkill(tree, "users/1/notes", "notes", { ownerUserId: 1, catalogSource: "personal" }),
    ]);
    tree.skill("users/2/notes", "notes", "Account 2's notes.", "\nACCOUNT TWO\n");
    renameSync(tree.path("users/1"), tree.path("users/1-old"));
    symlinkSync(tree.path("users/2"), tree.path("users/1"));
    const read = await catalog.readSkill("notes", { access: access({ userId: 1 }) });
    expect(read).toMatchObject({ ok: false, reason: "redirected" });
    expect(JSON.stringify(read)).not.toContain("ACCOUNT TWO");
  });

  test("a personal skill registered in another account's store is listed without a length and never read", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    const filePath = tree.skill("users/2/notes", "notes", "Account 2's notes.", "\nACCOUNT TWO\n");
    const report = await catalog.requestReload("skills", [
      { name: "notes", description: "Notes.", filePath, ownerUserId: 1, catalogSource: "personal" },
    ]);
    expect(report.diagnostics.map((d) => [d.code, d.outcome])).toEqual([
      ["file-redirected", "unmeasured"],
    ]);
    expect(catalog.visibleSkills(access({ userId: 1 }))[0]?.lineCount).toBeNull();
    const read = await catalog.readSkill("notes", { access: access({ userId: 1 }) });
    expect(read).toMatchObject({ ok: false, reason: "redirected" });
    expect(JSON.stringify(read)).not.toContain("ACCOUNT TWO");
    expect(reportingAudience(!read.ok && read.error)).toBe("instance");
    expect(await catalog.expandInvocation("/skill:notes", access({ userId: 1 }))).toMatchObject({
      kind: "unavailable",
      reason: "redirected",
    });
  });

  test("a file whose frontmatter broke after registration is still served, its problem stated", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.requestReload("p", [pluginSkill(tree, "p/pdf", "pdf")]);
    tree.write("p/pdf/SKILL.md", "---\nname: [pdf\n---\nStill useful.\n");
    const read = await catalog.readSkill("pdf", { access: access() });
    expect(read).toMatchObject({
      ok: true,
      frontmatter: {},
      body: "Still useful.\n",
      frontmatterProblem: expect.stringMatching(/^frontmatter is not valid YAML/),
    });
  });
});
