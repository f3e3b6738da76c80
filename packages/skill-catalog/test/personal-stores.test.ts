import { describe, expect, test } from "vitest";
import { grantedByAccess, SkillCatalog } from "../src/index.js";
import { access, TempTree } from "./support.js";

function hostCatalog() {
  // A host that knows no contributor's layout: no personalRoot of its own.
  return new SkillCatalog({ isGranted: grantedByAccess([]) });
}

describe("personal stores a contributor declares", () => {
  test("a personal skill inside the declared store of its account is read", async () => {
    const tree = new TempTree();
    const file = tree.skill("data/personal/1/guide", "guide", "Use the guide.");
    const catalog = hostCatalog();
    catalog.setPersonalRoot("skills", tree.path("data/personal"));
    await catalog.requestReload("skills", [
      {
        name: "guide",
        description: "Use the guide.",
        filePath: file,
        catalogSource: "personal",
        ownerUserId: 1,
      },
    ]);
    expect(await catalog.readSkill("guide", { access: access() })).toMatchObject({ ok: true });
  });

  test("one in another account's folder is refused as redirected", async () => {
    const tree = new TempTree();
    const file = tree.skill("data/personal/2/guide", "guide", "Use the guide.");
    const catalog = hostCatalog();
    catalog.setPersonalRoot("skills", tree.path("data/personal"));
    await catalog.requestReload("skills", [
      {
        name: "guide",
        description: "Use the guide.",
        filePath: file,
        catalogSource: "personal",
        ownerUserId: 1,
      },
    ]);
    expect(await catalog.readSkill("guide", { access: access() })).toMatchObject({
      ok: false,
      reason: "redirected",
    });
  });

  test("a contributor that declared no store has personal skills that cannot be read", async () => {
    const tree = new TempTree();
    const file = tree.skill("data/personal/1/guide", "guide", "Use the guide.");
    const catalog = hostCatalog();
    const report = await catalog.requestReload("other", [
      {
        name: "guide",
        description: "Use the guide.",
        filePath: file,
        catalogSource: "personal",
        ownerUserId: 1,
      },
    ]);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: "file-redirected", outcome: "unmeasured" }),
    ]);
    expect(await catalog.readSkill("guide", { access: access() })).toMatchObject({
      ok: false,
      reason: "redirected",
    });
  });
});
