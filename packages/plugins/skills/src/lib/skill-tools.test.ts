import { access as exists } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startPlugin } from "../../test/start-plugin.js";
import { adminAccess, ownerAccess, TestHost, userAccess } from "../../test/test-host.js";

const GUIDE = {
  name: "report-guide",
  description: "Use for reports.",
  content: "Check the source.",
};

describe("ListSkills", () => {
  test("lists the skills visible to the caller, with source and length", async () => {
    const { host } = await startPlugin();
    await host.callTool("CreateSkill", GUIDE);
    const text = TestHost.text(await host.callTool("ListSkills", {}));
    expect(text).toMatch(/^3 skills available to you:\n/);
    expect(text).toContain("- report-guide (personal, 5 lines): Use for reports.");
    expect(text).toContain("- skill-authoring (bundled, ");
    expect(TestHost.text(await host.callTool("ListSkills", {}, userAccess(8)))).not.toContain(
      "report-guide",
    );
  });

  test("keeps a catalog failure's cause in skills.catalog_failed", async () => {
    const { host } = await startPlugin();
    const cause = new Error("catalog down");
    host.catalog.failure = cause;
    await expect(host.callTool("ListSkills", {})).rejects.toMatchObject({
      code: "skills.catalog_failed",
      cause,
    });
  });
});

describe("CreateSkill", () => {
  test("creates a personal skill, reloads, and says how to use it", async () => {
    const { host, dataDir } = await startPlugin();
    const result = await host.callTool("CreateSkill", GUIDE);
    expect(result.isError).toBeUndefined();
    expect(TestHost.text(result)).toBe(
      'Created the personal skill "report-guide". Load it with SkillLoad when it applies.',
    );
    await exists(join(dataDir, "personal", "7", "report-guide", "SKILL.md"));
    expect(host.catalog.skills.map((s) => s.name)).toContain("report-guide");
  });

  test("writes a delegated run's skill into the inherited account", async () => {
    const { host, dataDir } = await startPlugin();
    host.inheritedAccount = 8;
    await host.callTool(
      "CreateSkill",
      GUIDE,
      userAccess(null, { surface: "delegated", delegatedFrom: 8 }),
    );
    await exists(join(dataDir, "personal", "8", "report-guide", "SKILL.md"));
  });

  test("an unlinked turn has no personal target", async () => {
    const { host } = await startPlugin();
    host.access = userAccess(null);
    const result = await host.callTool("CreateSkill", GUIDE);
    expect(result.isError).toBe(true);
    expect(TestHost.text(result)).toContain("no personal skills");
  });

  test("refuses a removed account without creating its folder", async () => {
    const { host, dataDir } = await startPlugin();
    host.accounts.delete(7);
    expect(TestHost.text(await host.callTool("CreateSkill", GUIDE))).toBe(
      "account 7 does not exist",
    );
    await expect(exists(join(dataDir, "personal", "7"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  test("instance creation is instance-owner-only", async () => {
    const { host } = await startPlugin();
    const instance = { ...GUIDE, scope: "instance" };
    expect(TestHost.text(await host.callTool("CreateSkill", instance, adminAccess()))).toBe(
      "creating instance skills is instance-owner-only",
    );
    host.access = ownerAccess();
    expect((await host.callTool("CreateSkill", instance)).isError).toBeUndefined();
  });

  test("refuses bad arguments naming the field", async () => {
    const { host } = await startPlugin();
    const result = await host.callTool("CreateSkill", { ...GUIDE, name: "Report Guide" });
    expect(TestHost.text(result)).toContain("arguments.name: must be 1 to 64 lowercase letters");
  });
});

describe("DeleteSkill", () => {
  test("removes the caller's personal skill and reloads", async () => {
    const { host } = await startPlugin();
    await host.callTool("CreateSkill", GUIDE);
    expect(TestHost.text(await host.callTool("DeleteSkill", { name: "report-guide" }))).toBe(
      'Deleted the personal skill "report-guide".',
    );
    expect(host.catalog.skills.map((s) => s.name)).not.toContain("report-guide");
    expect(TestHost.text(await host.callTool("DeleteSkill", { name: "report-guide" }))).toBe(
      'there is no skill "report-guide" here',
    );
  });

  test("instance deletion needs an administrator session, not just an administrator", async () => {
    const { host } = await startPlugin();
    await host.callTool("CreateSkill", { ...GUIDE, scope: "instance" }, ownerAccess());
    const args = { name: "report-guide", scope: "instance" };
    const notSession = adminAccess();
    expect(
      TestHost.text(await host.callTool("DeleteSkill", args, { ...notSession, allAccess: false })),
    ).toBe("removing instance skills needs an administrator session");
    expect((await host.callTool("DeleteSkill", args, notSession)).isError).toBeUndefined();
  });
});
