import { access as exists, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startPlugin } from "../../test/start-plugin.js";
import { errnoError } from "../../test/temp-dir.js";
import { foreignEntry } from "../../test/test-catalog.js";
import { adminAccess, ownerAccess, userAccess } from "../../test/test-host.js";
import { OWNER_REQUIRED_MESSAGE } from "./owners.js";

const GUIDE = {
  name: "report-guide",
  description: "Use for reports.",
  content: "Check the source.",
};
const OWNER_REQUIRED = { status: 400, json: { error: OWNER_REQUIRED_MESSAGE } };

async function withGuide(owner = "me", access = userAccess(7)) {
  const started = await startPlugin();
  const created = await started.host.request("POST", "/plugins/skills", {
    query: { owner },
    body: GUIDE,
    access,
  });
  const revision = (created.json as { skill: { revision: number } }).skill.revision;
  return { ...started, revision };
}

describe("POST /plugins/skills", () => {
  test.each([undefined, "", "   "])(
    "answers 400 with the exact message for owner %j",
    async (owner) => {
      const { host } = await startPlugin();
      expect(
        await host.request("POST", "/plugins/skills", { query: { owner }, body: GUIDE }),
      ).toEqual(OWNER_REQUIRED);
      expect(JSON.stringify(OWNER_REQUIRED.json)).toBe(
        '{"error":"owner is required: \\"instance\\", \\"me\\" or an account id"}',
      );
    },
  );

  test("answers 400 for invalid owner syntax", async () => {
    const { host } = await startPlugin();
    const response = await host.request("POST", "/plugins/skills", {
      query: { owner: "07" },
      body: GUIDE,
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: expect.stringContaining('owner must be "instance", "me" or an account id'),
    });
  });

  test("creates a personal skill (201), reloads the catalog and lists it for its owner only", async () => {
    const { host, dataDir, revision } = await withGuide();
    expect(typeof revision).toBe("number");
    expect(
      await readFile(join(dataDir, "personal", "7", "report-guide", "SKILL.md"), "utf8"),
    ).toContain("Check the source.");
    const mine = await host.request("GET", "/plugins/skills/list", { access: userAccess(7) });
    const theirs = await host.request("GET", "/plugins/skills/list", { access: userAccess(8) });
    const names = (response: typeof mine) =>
      (response.json as { skills: { name: string }[] }).skills.map((s) => s.name);
    expect(names(mine)).toContain("report-guide");
    expect(names(theirs)).not.toContain("report-guide");
  });

  test("a 64-character name is accepted", async () => {
    const { host } = await startPlugin();
    const name = `a${"-b".repeat(31)}a`;
    expect(name).toHaveLength(64);
    expect(
      (
        await host.request("POST", "/plugins/skills", {
          query: { owner: "me" },
          body: { ...GUIDE, name },
        })
      ).status,
    ).toBe(201);
  });

  test("instance creation is instance-owner-only: 403 for an administrator, 201 for the owner", async () => {
    const { host } = await startPlugin();
    const request = (access = adminAccess()) =>
      host.request("POST", "/plugins/skills", {
        query: { owner: "instance" },
        body: GUIDE,
        access,
      });
    expect(await request()).toEqual({
      status: 403,
      json: { error: "creating instance skills is instance-owner-only" },
    });
    expect(await request(ownerAccess())).toMatchObject({
      status: 201,
      json: { skill: { catalogSource: "instance" } },
    });
  });

  test("another account is administrator-only, and a missing account is 404 without creating its folder", async () => {
    const { host, dataDir } = await startPlugin();
    const request = (owner: string, access = adminAccess()) =>
      host.request("POST", "/plugins/skills", { query: { owner }, body: GUIDE, access });
    expect(await request("8", userAccess(7))).toEqual({
      status: 403,
      json: { error: "managing another account's skills is administrator-only" },
    });
    expect(await request("404")).toEqual({
      status: 404,
      json: { error: "account 404 does not exist" },
    });
    await expect(exists(join(dataDir, "personal", "404"))).rejects.toMatchObject({
      code: "ENOENT",
    });
    expect(await request("8")).toMatchObject({ status: 201 });
  });

  test("an account's own id is the same as me; administrator status infers no target", async () => {
    const { host, dataDir } = await startPlugin();
    expect(
      (await host.request("POST", "/plugins/skills", { query: { owner: "7" }, body: GUIDE }))
        .status,
    ).toBe(201);
    expect(
      (
        await host.request("POST", "/plugins/skills", {
          query: { owner: "me" },
          body: GUIDE,
          access: adminAccess(),
        })
      ).status,
    ).toBe(201);
    await exists(join(dataDir, "personal", "1", "report-guide", "SKILL.md"));
  });

  test("an unlinked request has no personal target (403)", async () => {
    const { host } = await startPlugin();
    const response = await host.request("POST", "/plugins/skills", {
      query: { owner: "me" },
      body: GUIDE,
      access: userAccess(null),
    });
    expect(response).toMatchObject({
      status: 403,
      json: { error: expect.stringContaining("no personal skills") },
    });
  });

  test("a taken name is 409: the same account, a bundled skill, another plugin's skill", async () => {
    const { host, revision } = await withGuide();
    expect(revision).toBeGreaterThanOrEqual(0);
    const post = (body: object) =>
      host.request("POST", "/plugins/skills", { query: { owner: "me" }, body });
    expect(await post(GUIDE)).toMatchObject({ status: 409 });
    expect(await post({ ...GUIDE, name: "skill-authoring" })).toMatchObject({ status: 409 });
    host.catalog.foreign.push(
      foreignEntry({
        name: "lint-fix",
        description: "another plugin's skill",
        plugin: "acme-lint",
        lineCount: 3,
      }),
    );
    expect(await post({ ...GUIDE, name: "lint-fix" })).toEqual({
      status: 409,
      json: { error: 'a skill named "lint-fix" already exists in the catalog' },
    });
  });
});

describe("file-system failures", () => {
  test("an errno refusal stays local: 503 with the reason, nothing reloaded", async () => {
    const { host } = await startPlugin({
      io: { writeText: async () => Promise.reject(errnoError("EROFS", -30, "open")) },
    });
    const reloads = host.catalog.reloads;
    const response = await host.request("POST", "/plugins/skills", {
      query: { owner: "me" },
      body: GUIDE,
    });
    expect(response).toEqual({
      status: 503,
      json: { error: expect.stringContaining("the file system is mounted read-only") },
    });
    expect(host.catalog.reloads).toBe(reloads);
  });

  test("a programming error is thrown to the host's reporter as skills.edit_failed", async () => {
    const { host } = await startPlugin({
      io: { writeText: async () => Promise.reject(new TypeError("bug")) },
    });
    await expect(
      host.request("POST", "/plugins/skills", { query: { owner: "me" }, body: GUIDE }),
    ).rejects.toMatchObject({
      code: "skills.edit_failed",
    });
  });
});

describe("PATCH /plugins/skills/:name", () => {
  test("edits with the current revision and answers the new one", async () => {
    const { host, revision, dataDir } = await withGuide();
    const response = await host.request("PATCH", "/plugins/skills/:name", {
      params: { name: "report-guide" },
      query: { owner: "me" },
      body: { expectedRevision: revision, content: "Verify every figure." },
    });
    expect(response).toMatchObject({
      status: 200,
      json: { skill: { name: "report-guide", catalogSource: "personal" } },
    });
    expect((response.json as { skill: { revision: number } }).skill.revision).not.toBe(revision);
    expect(
      await readFile(join(dataDir, "personal", "7", "report-guide", "SKILL.md"), "utf8"),
    ).toMatch(/Verify every figure\.$/);
  });

  test("a stale revision is 409 with { error } only, and the file is unchanged", async () => {
    const { host, revision, dataDir } = await withGuide();
    const path = join(dataDir, "personal", "7", "report-guide", "SKILL.md");
    await writeFile(path, `${await readFile(path, "utf8")}\nedited by hand\n`);
    const before = await readFile(path, "utf8");
    const response = await host.request("PATCH", "/plugins/skills/:name", {
      params: { name: "report-guide" },
      query: { owner: "me" },
      body: { expectedRevision: revision, description: "mine" },
    });
    expect(response.status).toBe(409);
    expect(Object.keys(response.json as object)).toEqual(["error"]);
    expect(await readFile(path, "utf8")).toBe(before);
  });

  test("answers 404 for a missing skill, and the owner-required body without an owner", async () => {
    const { host } = await withGuide();
    const patch = (name: string, body: object) =>
      host.request("PATCH", "/plugins/skills/:name", {
        params: { name },
        query: { owner: "me" },
        body,
      });
    expect(await patch("absent", { content: "x" })).toEqual({
      status: 404,
      json: { error: 'there is no skill "absent" here' },
    });
    expect(
      await host.request("PATCH", "/plugins/skills/:name", {
        params: { name: "report-guide" },
        body: { content: "x" },
      }),
    ).toEqual(OWNER_REQUIRED);
  });

  test("instance skills are administrator-only to edit", async () => {
    const { host } = await withGuide("instance", ownerAccess());
    const patch = (access = userAccess(7)) =>
      host.request("PATCH", "/plugins/skills/:name", {
        params: { name: "report-guide" },
        query: { owner: "instance" },
        body: { content: "x" },
        access,
      });
    expect(await patch()).toEqual({
      status: 403,
      json: { error: "instance skills are administrator-only" },
    });
    expect((await patch(adminAccess())).status).toBe(200);
  });
});

describe("DELETE /plugins/skills/:name", () => {
  test("removes the skill and reloads; then 404", async () => {
    const { host, revision } = await withGuide();
    const remove = (body?: unknown) =>
      host.request("DELETE", "/plugins/skills/:name", {
        params: { name: "report-guide" },
        query: { owner: "me" },
        body,
      });
    expect(await remove({ expectedRevision: revision + 1 })).toMatchObject({ status: 409 });
    expect(await remove({ expectedRevision: revision })).toEqual({
      status: 200,
      json: { deleted: "report-guide" },
    });
    expect(host.catalog.skills.map((s) => s.name)).not.toContain("report-guide");
    expect(await remove()).toMatchObject({ status: 404 });
  });

  test("instance deletion needs an administrator; the query owner is required", async () => {
    const { host } = await withGuide("instance", ownerAccess());
    const remove = (query: Record<string, string>, access = userAccess(7)) =>
      host.request("DELETE", "/plugins/skills/:name", {
        params: { name: "report-guide" },
        query,
        access,
      });
    expect(await remove({})).toEqual(OWNER_REQUIRED);
    expect(await remove({ owner: "instance" })).toEqual({
      status: 403,
      json: { error: "removing instance skills needs an administrator session" },
    });
    expect((await remove({ owner: "instance" }, adminAccess())).status).toBe(200);
  });
});

describe("POST /plugins/skills/:name/owner", () => {
  const transfer = (
    host: Awaited<ReturnType<typeof startPlugin>>["host"],
    query: Record<string, string>,
    body: unknown,
    access = ownerAccess(7),
  ) =>
    host.request("POST", "/plugins/skills/:name/owner", {
      params: { name: "report-guide" },
      query,
      body,
      access,
    });

  test("moves a personal skill to the instance with an edit, keeping unknown frontmatter and support files", async () => {
    const { host, dataDir } = await startPlugin();
    const dir = join(dataDir, "personal", "7", "report-guide");
    await mkdir(join(dir, "templates"), { recursive: true });
    await writeFile(
      join(dir, "SKILL.md"),
      "---\nname: report-guide\ndescription: old\nlicense: MIT\n---\nbody\n",
    );
    await writeFile(join(dir, "templates", "t.md"), "t");
    const response = await transfer(
      host,
      { owner: "me" },
      { owner: "instance", description: "shared now" },
    );
    expect(response).toMatchObject({
      status: 200,
      json: { skill: { name: "report-guide", catalogSource: "instance" } },
    });
    const moved = join(dataDir, "instance", "report-guide");
    expect(await readFile(join(moved, "SKILL.md"), "utf8")).toBe(
      "---\nname: report-guide\ndescription: shared now\nlicense: MIT\n---\nbody\n",
    );
    expect(await readFile(join(moved, "templates", "t.md"), "utf8")).toBe("t");
    expect(host.catalog.skills.find((s) => s.name === "report-guide")?.catalogSource).toBe(
      "instance",
    );
  });

  test("a stale revision is 409 even without an edit", async () => {
    const { host, revision } = await withGuide("me", ownerAccess(7));
    expect(
      (await transfer(host, { owner: "me" }, { owner: "instance", expectedRevision: revision + 1 }))
        .status,
    ).toBe(409);
    expect(
      (await transfer(host, { owner: "me" }, { owner: "instance", expectedRevision: revision }))
        .status,
    ).toBe(200);
  });

  test("requires both owners and applies the role rules to each", async () => {
    const { host } = await withGuide("me", userAccess(7));
    expect(await transfer(host, {}, { owner: "instance" })).toEqual(OWNER_REQUIRED);
    expect(await transfer(host, { owner: "me" }, {})).toEqual({
      status: 400,
      json: { error: 'body.owner is required: "instance", "me" or an account id' },
    });
    expect(
      await transfer(host, { owner: "me" }, { owner: "instance" }, userAccess(7)),
    ).toMatchObject({ status: 403 });
    expect(await transfer(host, { owner: "me" }, { owner: 404 }, adminAccess(7))).toEqual({
      status: 404,
      json: { error: "account 404 does not exist" },
    });
    expect(await transfer(host, { owner: "me" }, { owner: "me" }, userAccess(7))).toMatchObject({
      status: 400,
    });
    expect(await transfer(host, { owner: "7" }, { owner: 8 }, adminAccess(7))).toMatchObject({
      status: 200,
    });
  });
});

describe("GET /plugins/skills/list", () => {
  test("has catalogSource and effective as the only scope and state fields, and revision and content for own files", async () => {
    const { host, revision } = await withGuide();
    const response = await host.request("GET", "/plugins/skills/list");
    const skills = (response.json as { skills: Record<string, unknown>[] }).skills;
    const bundled = skills.find((s) => s.name === "skill-authoring");
    const mine = skills.find((s) => s.name === "report-guide");
    expect(Object.keys(bundled ?? {}).sort()).toEqual([
      "catalogSource",
      "description",
      "effective",
      "lineCount",
      "name",
      "plugin",
    ]);
    expect(mine).toEqual({
      name: "report-guide",
      description: "Use for reports.",
      plugin: "@elowen/plugin-skills",
      catalogSource: "personal",
      effective: { model: true, user: true },
      lineCount: 5,
      revision,
      content: "Check the source.",
    });
  });
});
