import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Account, type SkillsDaemon, skillFile, startSkillsDaemon } from "./daemon.js";

const OWNER_REQUIRED_BODY =
  '{"error":"owner is required: \\"instance\\", \\"me\\" or an account id"}';
const guide = (name: string, content = "Check the source.") => ({
  name,
  description: `Use for ${name}.`,
  content,
});

let t: SkillsDaemon;
beforeAll(async () => {
  t = await startSkillsDaemon();
});
afterAll(() => t.close());

async function create(who: Account, owner: string, name: string, content?: string) {
  const answer = await t.request(
    who,
    "POST",
    `/plugins/skills?owner=${owner}`,
    guide(name, content),
  );
  if (answer.status !== 201) throw new Error(`create ${name}: ${answer.status} ${answer.text}`);
  return answer.json.skill as { name: string; catalogSource: string; revision: number };
}

/** Every file under the plugin's data directory, to prove a refusal touched nothing. */
function tree(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      out.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(t.dataDir);
  return out.sort();
}

describe("explicit owners", () => {
  test.each([
    ["POST", "/plugins/skills", guide("report-guide")],
    ["POST", "/plugins/skills?owner=", guide("report-guide")],
    ["POST", "/plugins/skills?owner=%20%20", guide("report-guide")],
    ["PATCH", "/plugins/skills/report-guide", { content: "x" }],
    ["DELETE", "/plugins/skills/report-guide?owner=%09", undefined],
    ["POST", "/plugins/skills/report-guide/owner", { owner: "me" }],
  ])(
    "%s %s without an owner answers 400 with exactly the owner-required body",
    async (method, path, body) => {
      const before = tree();
      const answer = await t.request(t.ada, method, path, body);
      expect(answer.status).toBe(400);
      expect(answer.text).toBe(OWNER_REQUIRED_BODY);
      expect(tree()).toEqual(before);
    },
  );

  test.each(["07", "-3", "+3", "1.5", "me2", "Instance", "99999999999999999"])(
    "invalid owner syntax %j answers 400 naming the rule",
    async (owner) => {
      const answer = await t.request(
        t.ada,
        "POST",
        `/plugins/skills?owner=${encodeURIComponent(owner)}`,
        guide("x"),
      );
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatch(/^owner must be "instance", "me" or an account id/);
    },
  );

  test("no target is inferred from administrator status: an administrator's ?owner=me is their own folder", async () => {
    await create(t.admin, "me", "admin-own");
    expect(skillFile(t, t.admin.id, "admin-own")).toContain("Check the source.");
    expect(skillFile(t, "instance", "admin-own")).toBeUndefined();
  });
});

describe("POST /plugins/skills", () => {
  test("creates a personal skill (201) that only its account lists", async () => {
    expect(await create(t.ada, "me", "ada-notes")).toEqual({
      name: "ada-notes",
      catalogSource: "personal",
      revision: expect.any(Number),
    });
    const names = async (who: Account) =>
      (await t.request(who, "GET", "/plugins/skills/list")).json.skills.map(
        (s: { name: string }) => s.name,
      );
    expect(await names(t.ada)).toContain("ada-notes");
    expect(await names(t.bob)).not.toContain("ada-notes");
  });

  test.each([
    [
      "a blank description",
      { ...guide("ok-name"), description: " " },
      "body.description",
      "is required: a non-blank string",
    ],
    [
      "a 1,025-character description",
      { ...guide("ok-name"), description: "d".repeat(1025) },
      "body.description",
      "must be at most 1024 characters, received 1025",
    ],
    ["an uppercase name", guide("Report"), "body.name", "must be 1 to 64 lowercase letters"],
    ["a 65-character name", guide("r".repeat(65)), "body.name", "must be 1 to 64"],
    [
      "an unknown field",
      { ...guide("ok-name"), scope: "personal" },
      "body",
      "scope is not a field of this request",
    ],
    [
      "no content",
      { name: "x", description: "y" },
      "body.content",
      "is required: the skill's markdown",
    ],
    ["a body that is not an object", ["text"], "body", "must be a JSON object"],
    [
      "a flag that is not a boolean",
      { ...guide("ok-name"), userInvocable: "no" },
      "body.userInvocable",
      "must be true or false",
    ],
  ])(
    "%s answers the boundary's 400 naming the field and the rule, before any file operation",
    async (_label, body, path, rule) => {
      const before = tree();
      const answer = await t.request(t.ada, "POST", "/plugins/skills?owner=me", body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        error: expect.stringContaining(`${path}: `),
        path,
        issues: expect.arrayContaining([{ path, message: expect.stringContaining(rule) }]),
      });
      expect(answer.json.error.startsWith(`${path}: `)).toBe(true);
      expect(answer.json.error).toContain(rule);
      expect(tree()).toEqual(before);
    },
  );

  test("a 64-character name is accepted, a 65-character one is not", async () => {
    const name = `a${"-b".repeat(31)}a`;
    expect(await create(t.bob, "me", name)).toMatchObject({ name });
    const refused = await t.request(t.bob, "POST", "/plugins/skills?owner=me", guide(`${name}b`));
    expect(refused).toMatchObject({ status: 400, json: { path: "body.name" } });
  });

  test("instance creation is instance-owner-only: 403 for an administrator and a user, 201 for the owner", async () => {
    for (const who of [t.admin, t.ada]) {
      const answer = await t.request(
        who,
        "POST",
        "/plugins/skills?owner=instance",
        guide("shared-one"),
      );
      expect(answer.status).toBe(403);
    }
    expect(
      (await t.request(t.admin, "POST", "/plugins/skills?owner=instance", guide("shared-one")))
        .json,
    ).toEqual({ error: "creating instance skills is instance-owner-only" });
    expect(await create(t.owner, "instance", "shared-one")).toMatchObject({
      catalogSource: "instance",
    });
    expect(skillFile(t, "instance", "shared-one")).toBeDefined();
  });

  test("another account's folder is administrator-only", async () => {
    const refused = await t.request(
      t.bob,
      "POST",
      `/plugins/skills?owner=${t.ada.id}`,
      guide("for-ada"),
    );
    expect(refused).toMatchObject({
      status: 403,
      json: { error: "managing another account's skills is administrator-only" },
    });
    await create(t.admin, String(t.ada.id), "for-ada");
    expect(skillFile(t, t.ada.id, "for-ada")).toBeDefined();
  });

  test("a missing account is refused with 404, and its folder is never created", async () => {
    const answer = await t.request(t.admin, "POST", "/plugins/skills?owner=9999", guide("ghost"));
    expect(answer).toMatchObject({ status: 404, json: { error: "account 9999 does not exist" } });
    expect(existsSync(join(t.dataDir, "personal", "9999"))).toBe(false);
  });

  test("a name already taken answers 409", async () => {
    await create(t.bob, "me", "bob-taken");
    const answer = await t.request(t.bob, "POST", "/plugins/skills?owner=me", guide("bob-taken"));
    expect(answer.status).toBe(409);
    expect(Object.keys(answer.json)).toEqual(["error"]);
  });

  test("without a token the answer is 401", async () => {
    expect((await t.request(null, "POST", "/plugins/skills?owner=me", guide("x"))).status).toBe(
      401,
    );
  });
});

describe("GET /plugins/skills/list", () => {
  test("catalogSource and effective are the only scope and invocation-state fields", async () => {
    const { skills } = (await t.request(t.ada, "GET", "/plugins/skills/list")).json;
    const bundled = skills.find((s: { name: string }) => s.name === "skill-authoring");
    expect(bundled).toMatchObject({
      catalogSource: "bundled",
      effective: { model: true, user: true },
      plugin: "@elowen/plugin-skills",
    });
    for (const row of skills) {
      expect(row).not.toHaveProperty("scope");
      expect(row).not.toHaveProperty("active");
    }
    const own = skills.find((s: { name: string }) => s.name === "ada-notes");
    expect(Object.keys(own).sort()).toEqual(
      [
        "catalogSource",
        "content",
        "description",
        "effective",
        "lineCount",
        "name",
        "plugin",
        "revision",
      ].sort(),
    );
  });
});

describe("PATCH /plugins/skills/:name", () => {
  test("a stale expectedRevision answers 409 with { error } only; the current one writes", async () => {
    const { revision } = await create(t.ada, "me", "patch-me");
    const stale = await t.request(t.ada, "PATCH", "/plugins/skills/patch-me?owner=me", {
      expectedRevision: revision + 1,
      content: "Lost update.",
    });
    expect(stale.status).toBe(409);
    expect(Object.keys(stale.json)).toEqual(["error"]);
    expect(skillFile(t, t.ada.id, "patch-me")).not.toContain("Lost update.");
    const fresh = await t.request(t.ada, "PATCH", "/plugins/skills/patch-me?owner=me", {
      expectedRevision: revision,
      content: "Applied.",
    });
    expect(fresh.status).toBe(200);
    expect(fresh.json.skill.revision).not.toBe(revision);
    expect(skillFile(t, t.ada.id, "patch-me")).toContain("Applied.");
  });

  test.each([-1, 1.5, "3", null])("expectedRevision %j answers 400", async (expectedRevision) => {
    const answer = await t.request(t.ada, "PATCH", "/plugins/skills/patch-me?owner=me", {
      expectedRevision,
      content: "x",
    });
    expect(answer).toMatchObject({
      status: 400,
      json: {
        error: "body.expectedRevision: must be a non-negative integer",
        path: "body.expectedRevision",
      },
    });
  });

  test("an invalid :name, an edit that changes nothing and an unknown field answer the boundary's 400", async () => {
    const patch = (path: string, body: unknown) => t.request(t.ada, "PATCH", path, body);
    expect(await patch("/plugins/skills/Bad_Name?owner=me", { content: "x" })).toMatchObject({
      status: 400,
      json: { path: "params.name", error: expect.stringMatching(/^params\.name: must be 1 to 64/) },
    });
    expect(await patch("/plugins/skills/patch-me?owner=me", { expectedRevision: 1 })).toMatchObject(
      {
        status: 400,
        json: { path: "body", error: expect.stringContaining("changes nothing") },
      },
    );
    expect(
      await t.request(t.ada, "DELETE", "/plugins/skills/patch-me?owner=me", { force: true }),
    ).toMatchObject({
      status: 400,
      json: { path: "body", error: expect.stringContaining("force is not a field") },
    });
    expect(skillFile(t, t.ada.id, "patch-me")).toBeDefined();
  });

  test("a skill that is not there answers 404; another user's folder answers 403", async () => {
    expect(
      (await t.request(t.ada, "PATCH", "/plugins/skills/nope?owner=me", { content: "x" })).status,
    ).toBe(404);
    const answer = await t.request(t.bob, "PATCH", `/plugins/skills/patch-me?owner=${t.ada.id}`, {
      content: "x",
    });
    expect(answer.status).toBe(403);
  });
});

describe("DELETE /plugins/skills/:name", () => {
  test("a stale revision answers 409 and keeps the skill; the current one removes it", async () => {
    const { revision } = await create(t.bob, "me", "delete-me");
    const stale = await t.request(t.bob, "DELETE", "/plugins/skills/delete-me?owner=me", {
      expectedRevision: revision + 1,
    });
    expect(stale.status).toBe(409);
    expect(skillFile(t, t.bob.id, "delete-me")).toBeDefined();
    const removed = await t.request(t.bob, "DELETE", "/plugins/skills/delete-me?owner=me", {
      expectedRevision: revision,
    });
    expect(removed).toMatchObject({ status: 200, json: { deleted: "delete-me" } });
    expect(skillFile(t, t.bob.id, "delete-me")).toBeUndefined();
  });

  test("instance deletion needs an administrator: 403 for a user, 200 for an administrator", async () => {
    await create(t.owner, "instance", "shared-two");
    expect(
      (await t.request(t.ada, "DELETE", "/plugins/skills/shared-two?owner=instance")).status,
    ).toBe(403);
    expect(
      (await t.request(t.admin, "DELETE", "/plugins/skills/shared-two?owner=instance")).status,
    ).toBe(200);
  });

  test("a skill that is not there answers 404", async () => {
    expect((await t.request(t.bob, "DELETE", "/plugins/skills/never-was?owner=me")).status).toBe(
      404,
    );
  });
});

describe("POST /plugins/skills/:name/owner", () => {
  test("a transfer with an edit keeps unknown frontmatter and support files and moves the folder", async () => {
    await create(t.ada, "me", "move-me", "Step one.");
    const dir = join(t.dataDir, "personal", String(t.ada.id), "move-me");
    const file = join(dir, "SKILL.md");
    writeFileSync(
      file,
      `---\nname: move-me\ndescription: Use for move-me.\nx-team: infra # kept\n---\nStep one.\n`,
    );
    mkdirSync(join(dir, "templates"));
    writeFileSync(join(dir, "templates", "report.md"), "# Report\n");
    const { json: list } = await t.request(t.ada, "GET", "/plugins/skills/list");
    const revision = list.skills.find((s: { name: string }) => s.name === "move-me").revision;
    const answer = await t.request(
      t.admin,
      "POST",
      `/plugins/skills/move-me/owner?owner=${t.ada.id}`,
      {
        owner: t.bob.id,
        expectedRevision: revision,
        description: "Use when moving things.",
      },
    );
    expect(answer).toMatchObject({
      status: 200,
      json: { skill: { name: "move-me", catalogSource: "personal" } },
    });
    expect(existsSync(dir)).toBe(false);
    const moved = skillFile(t, t.bob.id, "move-me");
    expect(moved).toContain("x-team: infra # kept");
    expect(moved).toContain("description: Use when moving things.");
    expect(
      existsSync(
        join(t.dataDir, "personal", String(t.bob.id), "move-me", "templates", "report.md"),
      ),
    ).toBe(true);
  });

  test("a transfer without an edit still checks its expectedRevision: 409 when stale", async () => {
    const { revision } = await create(t.ada, "me", "stay-put");
    const answer = await t.request(t.ada, "POST", "/plugins/skills/stay-put/owner?owner=me", {
      owner: "instance",
      expectedRevision: revision + 1,
    });
    expect(answer.status).toBe(403);
    const own = await t.request(
      t.owner,
      "POST",
      `/plugins/skills/stay-put/owner?owner=${t.ada.id}`,
      {
        owner: "instance",
        expectedRevision: revision + 1,
      },
    );
    expect(own.status).toBe(409);
    expect(Object.keys(own.json)).toEqual(["error"]);
    expect(skillFile(t, t.ada.id, "stay-put")).toBeDefined();
  });

  test("the destination comes from the body: a missing one answers 400 naming body.owner", async () => {
    const answer = await t.request(t.ada, "POST", "/plugins/skills/stay-put/owner?owner=me", {});
    expect(answer).toMatchObject({
      status: 400,
      json: { error: expect.stringContaining("body.owner is required") },
    });
  });
});

describe("the dispatcher", () => {
  test.each([
    ["GET", "/plugins/skills/list/extra"],
    ["GET", "/plugins/skills"],
    ["POST", "/plugins/skills/patch-me/owner/extra?owner=me"],
    ["PATCH", "/plugins/skills?owner=me"],
    ["DELETE", "/plugins/skills/a/b?owner=me"],
    ["PUT", "/plugins/skills/patch-me?owner=me"],
  ])("an undeclared %s %s answers 404 before any file operation", async (method, path) => {
    const before = tree();
    const body = method === "GET" ? undefined : { content: "x", owner: "me" };
    const answer = await t.request(t.ada, method, path, body);
    expect(answer.status).toBe(404);
    expect(tree()).toEqual(before);
  });

  test("a :name is decoded once: %2D is a dash, %252D stays a percent sign", async () => {
    await create(t.bob, "me", "dash-name");
    expect((await t.request(t.bob, "DELETE", "/plugins/skills/dash%2Dname?owner=me")).status).toBe(
      200,
    );
    const twice = await t.request(t.bob, "DELETE", "/plugins/skills/dash%252Dname?owner=me");
    expect(twice.status).toBe(400);
  });

  test("a :name that decodes to a path is refused by the dispatcher", async () => {
    const answer = await t.request(t.ada, "DELETE", "/plugins/skills/..%2F..%2Fetc?owner=me");
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/one path segment/);
  });
});

describe("the OpenAPI document", () => {
  test("lists the skills routes under their paths, tagged with the plugin, with their schemas", async () => {
    const doc = (await t.request(t.ada, "GET", "/openapi.json")).json;
    const create = doc.paths["/plugins/skills"].post;
    expect(create).toMatchObject({
      tags: ["@elowen/plugin-skills"],
      summary: "Creates a skill in the owner's folder",
      parameters: [{ name: "owner", in: "query", required: false }],
      requestBody: {
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["name", "description", "content"],
              additionalProperties: false,
              properties: {
                name: { type: "string", maxLength: 64 },
                description: { type: "string", maxLength: 1024 },
              },
            },
          },
        },
      },
      responses: { 201: { content: { "application/json": { schema: { type: "object" } } } } },
    });
    const patch = doc.paths["/plugins/skills/{name}"].patch;
    expect(patch.parameters[0]).toMatchObject({ name: "name", in: "path", required: true });
    expect(doc.paths["/plugins/skills/{name}"].delete.tags).toEqual(["@elowen/plugin-skills"]);
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith("/plugins/skills"))
        .sort(),
    ).toEqual([
      "/plugins/skills",
      "/plugins/skills/import",
      "/plugins/skills/list",
      "/plugins/skills/{name}",
      "/plugins/skills/{name}/export",
      "/plugins/skills/{name}/owner",
    ]);
  });
});
