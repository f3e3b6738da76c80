import { renameSync, symlinkSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { SKILL_RESOURCE_PATH_MAX_CHARS } from "../src/index.js";
import { access, catalogIn, TempTree } from "./support.js";

async function catalogWithGuide() {
  const tree = new TempTree();
  tree.skill("skills/guide", "guide", "Use the guide.");
  tree.write("skills/guide/references/deep/notes.md", "one\ntwo\n");
  tree.write("skills/guide/scripts/run.py", "print('hi')\n");
  tree.write("skills/guide/assets/logo.png", Buffer.from([0x89, 0x50, 0x00, 0x01]));
  tree.write("skills/guide/.hidden", "no");
  tree.write("outside.txt", "SECRET");
  const catalog = catalogIn(tree);
  await catalog.reloadFromDirectories("p", [{ root: tree.path("skills") }]);
  return { tree, catalog };
}

describe("a skill's support files", () => {
  test("are listed relative to the skill's folder, hidden files and SKILL.md left out", async () => {
    const { catalog } = await catalogWithGuide();
    expect(catalog.skillResources("guide", { access: access() })).toEqual({
      ok: true,
      files: ["assets/logo.png", "scripts/run.py", "references/deep/notes.md"],
      cut: false,
    });
  });

  test("read as text by relative path", async () => {
    const { catalog } = await catalogWithGuide();
    expect(
      catalog.readSkillResource("guide", "references/deep/notes.md", { access: access() }),
    ).toMatchObject({ ok: true, text: "one\ntwo\n" });
  });

  test.each([
    ["../outside.txt", "invalid", /leaves the skill's folder/],
    ["/etc/passwd", "invalid", /is absolute/],
    ["a\\b", "invalid", /backslash/],
    ["", "invalid", /is empty/],
    ["x".repeat(SKILL_RESOURCE_PATH_MAX_CHARS + 1), "invalid", /longer than 1024/],
    ["assets/logo.png", "unreadable", /not a text file/],
    ["missing.md", "missing", /./],
  ])("refuses %j as %s", async (path, reason, message) => {
    const { catalog } = await catalogWithGuide();
    const read = catalog.readSkillResource("guide", path, { access: access() });
    expect(read).toMatchObject({ ok: false, reason });
    expect(read.ok ? "" : read.message).toMatch(message);
  });

  test("a path of exactly the longest length is checked as a path, not refused for its length", async () => {
    const { catalog } = await catalogWithGuide();
    const path = `${"a/".repeat(SKILL_RESOURCE_PATH_MAX_CHARS / 2 - 1)}bb`;
    expect(path).toHaveLength(SKILL_RESOURCE_PATH_MAX_CHARS);
    const read = catalog.readSkillResource("guide", path, { access: access() });
    expect(read).toMatchObject({ ok: false, reason: "missing" });
  });

  test("a link out of the folder, or a folder swapped for one after registration, is refused as redirected", async () => {
    const { tree, catalog } = await catalogWithGuide();
    symlinkSync(tree.path("outside.txt"), tree.path("skills/guide/leak.md"));
    const leak = catalog.readSkillResource("guide", "leak.md", { access: access() });
    expect(leak).toMatchObject({ ok: false, reason: "redirected" });
    expect(JSON.stringify(leak)).not.toContain("SECRET");

    tree.write("elsewhere/notes.md", "SECRET");
    renameSync(tree.path("skills/guide/references"), tree.path("skills/guide/moved"));
    symlinkSync(tree.path("elsewhere"), tree.path("skills/guide/references"));
    const swapped = catalog.readSkillResource("guide", "references/notes.md", { access: access() });
    expect(swapped).toMatchObject({ ok: false, reason: "redirected" });
  });

  test("a skill the reader does not see has no files to read", async () => {
    const { catalog } = await catalogWithGuide();
    expect(catalog.readSkillResource("nope", "x.md", { access: access() })).toMatchObject({
      ok: false,
      reason: "missing",
    });
  });
});
