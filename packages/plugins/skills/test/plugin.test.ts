import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { HOST_VERSIONS } from "@elowen/plugin-api";
import { SKILL_DESCRIPTION_MAX_CHARS } from "@elowen/plugin-api/limits";
import { checkPluginCompatibility } from "@elowen/plugin-api/versions";
import { describe, expect, test } from "vitest";
import plugin from "../src/index.js";
import { parseSkillSource } from "../src/lib/frontmatter.js";
import { BUNDLED_SKILLS_DIR } from "../src/skills-plugin.js";
import { startPlugin } from "./start-plugin.js";
import { tempDir } from "./temp-dir.js";
import { packageManifest, TestHost } from "./test-host.js";

describe("the manifest", () => {
  test("declares core ^0.30.7, shared API 17 (route schemas validated by the host) and the turnContext capability, and this host accepts it", () => {
    const manifest = packageManifest();
    expect(manifest).toMatchObject({
      core: "^0.30.7",
      sharedApi: 17,
      capabilities: { mutates: ["turnContext"] },
    });
    expect(manifest.browser).toBeUndefined();
    expect(checkPluginCompatibility(manifest, HOST_VERSIONS)).toEqual({ ok: true });
  });

  test("declares exactly the routes the plugin registers", async () => {
    const { host } = await startPlugin();
    const declared = packageManifest().routes.map((r) => `${r.method} ${r.path}`);
    expect(host.routes.map((r) => `${r.method} ${r.path}`)).toEqual(declared);
    expect(declared).toEqual([
      "GET /plugins/skills/list",
      "POST /plugins/skills",
      "PATCH /plugins/skills/:name",
      "DELETE /plugins/skills/:name",
      "POST /plugins/skills/:name/owner",
      "POST /plugins/skills/import",
      "GET /plugins/skills/:name/export",
    ]);
  });
});

describe("registering", () => {
  test("the default export registers the tools, transform, aliases, picker, reviewer and cleanup, then loads the skills", async () => {
    const host = new TestHost(await tempDir());
    await plugin.register(host.ctx);
    expect([...host.tools.keys()].sort()).toEqual([
      "CreateSkill",
      "DeleteSkill",
      "ListSkills",
      "SkillLoad",
    ]);
    expect(host.transforms).toHaveLength(1);
    expect(host.providers).toHaveLength(1);
    expect(host.commands.map((c) => `${c.kind} ${c.name}`)).toEqual(["picker skills"]);
    expect(host.reviewers.map((r) => r.contractVersion)).toEqual([2]);
    expect(host.userRemoved).toHaveLength(1);
    expect(host.catalog.reloads).toBe(1);
    expect(host.catalog.skills.map((s) => `${s.catalogSource} ${s.name}`)).toEqual([
      "bundled skill-authoring",
      "bundled systematic-debugging",
    ]);
  });

  test("loads instance and personal skills already on disk at start", async () => {
    const { host, dataDir } = await startPlugin();
    await host.request("POST", "/plugins/skills", {
      query: { owner: "me" },
      body: { name: "mine", description: "d", content: "x" },
    });
    const again = new TestHost(dataDir);
    await plugin.register(again.ctx);
    expect(again.catalog.skills.find((s) => s.name === "mine")).toMatchObject({
      catalogSource: "personal",
      ownerUserId: 7,
    });
  });
});

describe("the bundled skills", () => {
  test("are valid Agent Skills whose names match their folders", async () => {
    const names = await readdir(BUNDLED_SKILLS_DIR);
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) {
      const source = parseSkillSource(
        await readFile(join(BUNDLED_SKILLS_DIR, name, "SKILL.md"), "utf8"),
      );
      expect(source.problem).toBeUndefined();
      expect(source.frontmatter.name).toBe(name);
      expect(String(source.frontmatter.description).length).toBeLessThanOrEqual(
        SKILL_DESCRIPTION_MAX_CHARS,
      );
      expect(source.body.length).toBeGreaterThan(200);
    }
  });
});
