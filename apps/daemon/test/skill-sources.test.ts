import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  ownerSkillNames,
  startTestDaemon,
  type TestDaemon,
  tempHome,
} from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function writeSkill(dir: string, name: string): void {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(
    join(dir, name, "SKILL.md"),
    `---\nname: ${name}\ndescription: Use ${name}.\n---\nDo it.\n`,
  );
}

describe("skill folders read in place", () => {
  test("a workspace folder loads after the owner approves it as it is now; others may not approve", async () => {
    const repo = join(tempHome(), "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    writeSkill(join(repo, ".agents", "skills"), "lint-rules");
    t = await startTestDaemon({ config: { skills: { workspace: repo } } });
    expect(ownerSkillNames(t)).toEqual([]);

    const before = (await (await t.request("/skills/sources")).json()) as {
      sources: { root: string; fingerprint: string }[];
      diagnostics: unknown[];
    };
    const root = join(repo, ".agents", "skills");
    const pending = before.sources.find((source) => source.root === root);
    expect(pending).toMatchObject({ needsApproval: true, trust: "unapproved" });
    expect(before.diagnostics).toContainEqual(
      expect.objectContaining({ code: "source-withheld", path: root }),
    );

    const ada = await t.account("ada");
    const refused = await t.request("/skills/sources/approve", {
      method: "POST",
      token: ada.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ root, fingerprint: pending?.fingerprint }),
    });
    expect(refused.status).toBe(403);
    const stale = await t.request("/skills/sources/approve", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ root, fingerprint: "0".repeat(64) }),
    });
    expect(stale.status).toBe(409);
    const badBody = await t.request("/skills/sources/approve", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ root, fingerprint: "nope" }),
    });
    expect(badBody.status).toBe(400);
    expect(((await badBody.json()) as { path: string }).path).toBe("body.fingerprint");

    const approved = await t.request("/skills/sources/approve", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ root, fingerprint: pending?.fingerprint }),
    });
    expect(approved.status).toBe(200);
    expect(ownerSkillNames(t)).toEqual(["lint-rules"]);

    // The approval is recorded: a restart on the same data loads the folder at once.
    const again = await t.restart({ config: { skills: { workspace: repo } } });
    t = undefined;
    try {
      expect(ownerSkillNames(again as TestDaemon)).toEqual(["lint-rules"]);
    } finally {
      await again.close();
    }
  });

  test("skills: in elowen.yaml is read, and a wrong setting is named by its path", async () => {
    const home = tempHome();
    const extra = join(home, "team-skills");
    writeSkill(extra, "release-notes");
    writeFileSync(
      join(home, "elowen.yaml"),
      "skills:\n  dirs: [team-skills]\n  sources:\n    user-claude: false\n",
    );
    t = await startTestDaemon({ home });
    expect(ownerSkillNames(t)).toEqual(["release-notes"]);
    await t.close();
    t = undefined;
    writeFileSync(join(home, "elowen.yaml"), "skills:\n  sources:\n    cloud: true\n");
    await expect(startTestDaemon({ home })).rejects.toThrow(/skills\.sources\.cloud/);
  });
});
