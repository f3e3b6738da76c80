import { existsSync } from "node:fs";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { errnoError, tempDir } from "../../test/temp-dir.js";
import { SKILLS_EDIT_FAILED } from "./error-codes.js";
import { SKILL_SOURCE_MAX_BYTES } from "./limits.js";
import type { SkillOwner } from "./owners.js";
import { PROVENANCE_FILE } from "./provenance.js";
import { isRefusal } from "./refusal.js";
import { createSkillFiles, type SkillFilesOptions } from "./skill-files.js";
import { contentRevision } from "./skill-paths.js";

const ME: SkillOwner = { kind: "personal", userId: 7 };
const OTHER: SkillOwner = { kind: "personal", userId: 8 };
const INSTANCE: SkillOwner = { kind: "instance" };
const actorOf = (userId: number) => ({
  userId,
  isAdmin: false,
  isOwner: false,
  adminSession: false,
});
const GUIDE = {
  name: "report-guide",
  description: "Use for reports.",
  content: "Check the source.\n",
};

async function setup(options: Partial<SkillFilesOptions> = {}) {
  const dataDir = await tempDir();
  const bundledDir = join(dataDir, "bundled");
  await mkdir(join(bundledDir, "skill-authoring"), { recursive: true });
  await writeFile(
    join(bundledDir, "skill-authoring", "SKILL.md"),
    "---\nname: skill-authoring\ndescription: x\n---\nbody\n",
  );
  const files = createSkillFiles({
    dataDir,
    bundledDir,
    accountExists: async (id) => id === 7 || id === 8,
    ...options,
  });
  return { dataDir, files };
}

describe("creating a skill", () => {
  test("writes <dataDir>/personal/<id>/<name>/SKILL.md with frontmatter and the body as given", async () => {
    const { dataDir, files } = await setup();
    const written = await files.create(ME, GUIDE);
    const path = join(dataDir, "personal", "7", "report-guide", "SKILL.md");
    const bytes = await readFile(path);
    expect(bytes.toString()).toBe(
      "---\nname: report-guide\ndescription: Use for reports.\n---\nCheck the source.\n",
    );
    expect(written).toEqual({
      ok: true,
      name: "report-guide",
      owner: ME,
      revision: contentRevision(bytes),
    });
    const read = await files.read(ME, "report-guide");
    expect(isRefusal(read) ? read : read.source.body).toBe("Check the source.\n");
  });

  test("writes instance skills under <dataDir>/instance and quotes descriptions YAML would misread", async () => {
    const { dataDir, files } = await setup();
    await files.create(INSTANCE, {
      ...GUIDE,
      description: "key: value # not a comment",
      disableModelInvocation: true,
      userInvocable: false,
    });
    const text = await readFile(join(dataDir, "instance", "report-guide", "SKILL.md"), "utf8");
    const read = await files.read(INSTANCE, "report-guide");
    expect(isRefusal(read) ? read : read.source.frontmatter).toEqual({
      name: "report-guide",
      description: "key: value # not a comment",
      "disable-model-invocation": true,
      "user-invocable": false,
    });
    expect(text).toContain('description: "key: value # not a comment"');
  });

  test.each([
    ["the same name in the account's folder", ME, ME],
    ["an instance skill of that name", INSTANCE, ME],
  ])("refuses a name already taken by %s", async (_label, first, second) => {
    const { files } = await setup();
    await files.create(first, GUIDE);
    expect(await files.create(second, GUIDE)).toMatchObject({ ok: false, code: "exists" });
  });

  test("refuses a bundled skill's name and a name another plugin's visible skill uses", async () => {
    const { files } = await setup();
    expect(await files.create(ME, { ...GUIDE, name: "skill-authoring" })).toMatchObject({
      code: "exists",
    });
    expect(await files.create(ME, GUIDE, { reserved: new Set(["report-guide"]) })).toMatchObject({
      code: "exists",
    });
  });

  test("lets two accounts each own a personal skill of the same name", async () => {
    const { files } = await setup();
    expect(await files.create(ME, GUIDE)).toMatchObject({ ok: true });
    expect(await files.create(OTHER, GUIDE)).toMatchObject({ ok: true });
  });

  test("refuses an account removed after its owner was resolved, without making its folder", async () => {
    let exists = true;
    const { dataDir, files } = await setup({ accountExists: async () => exists });
    const owner = await files.resolveOwner({ kind: "me" }, actorOf(9), "create");
    expect(owner).toEqual({ kind: "personal", userId: 9 });
    exists = false;
    expect(await files.create(owner as SkillOwner, GUIDE)).toMatchObject({
      ok: false,
      code: "account-missing",
      message: "account 9 does not exist",
    });
    expect(existsSync(join(dataDir, "personal", "9"))).toBe(false);
  });

  test("keeps an errno refusal of the write local and leaves no staging directory behind", async () => {
    const { dataDir, files } = await setup({
      io: { writeText: async () => Promise.reject(errnoError("ENOSPC", -28, "write")) },
    });
    expect(await files.create(ME, GUIDE)).toMatchObject({
      ok: false,
      code: "fs-refusal",
      fsRefusal: "no-space",
    });
    expect(await readdirNames(join(dataDir, "personal", "7"))).toEqual([]);
  });

  test("throws a programming error of the write as a reportable skills.edit_failed", async () => {
    const { files } = await setup({
      io: { writeText: async () => Promise.reject(new TypeError("bad argument")) },
    });
    const failure = await files.create(ME, GUIDE).catch((error: unknown) => error);
    expect(isElowenError(failure, SKILLS_EDIT_FAILED)).toBe(true);
    expect((failure as { cause?: unknown }).cause).toBeInstanceOf(TypeError);
  });
});

describe("editing a skill", () => {
  test("keeps unknown frontmatter keys, comments and support files, and changes the revision", async () => {
    const { dataDir, files } = await setup();
    const dir = join(dataDir, "personal", "7", "report-guide");
    await mkdir(join(dir, "scripts"), { recursive: true });
    await writeFile(join(dir, "scripts", "check.sh"), "echo ok\n");
    const original =
      "---\nname: report-guide\n# keep me\ndescription: old\nlicense: MIT\nmetadata:\n  owner: ops\n---\nold body\n";
    await writeFile(join(dir, "SKILL.md"), original);
    const before = contentRevision(Buffer.from(original));
    const written = await files.patch(
      ME,
      "report-guide",
      { description: "new" },
      { expectedRevision: before },
    );
    const text = await readFile(join(dir, "SKILL.md"), "utf8");
    expect(text).toBe(
      "---\nname: report-guide\n# keep me\ndescription: new\nlicense: MIT\nmetadata:\n  owner: ops\n---\nold body\n",
    );
    expect(written).toEqual({
      ok: true,
      name: "report-guide",
      owner: ME,
      revision: contentRevision(Buffer.from(text)),
    });
    expect(await readFile(join(dir, "scripts", "check.sh"), "utf8")).toBe("echo ok\n");
  });

  test("refuses a stale expectedRevision and writes nothing", async () => {
    const { dataDir, files } = await setup();
    const created = await files.create(ME, GUIDE);
    const revision = isRefusal(created) ? -1 : created.revision;
    const path = join(dataDir, "personal", "7", "report-guide", "SKILL.md");
    const edited = (await readFile(path, "utf8")).replace("Check", "Verify");
    await writeFile(path, edited);
    expect(
      await files.patch(ME, "report-guide", { content: "mine" }, { expectedRevision: revision }),
    ).toMatchObject({
      ok: false,
      code: "stale-revision",
    });
    expect(await readFile(path, "utf8")).toBe(edited);
  });

  test("accepts revision 0 only when it is the file's revision", async () => {
    const { files } = await setup();
    await files.create(ME, GUIDE);
    expect(
      await files.patch(ME, "report-guide", { content: "x" }, { expectedRevision: 0 }),
    ).toMatchObject({ code: "stale-revision" });
  });

  test("refuses to edit frontmatter that is not a YAML mapping instead of losing it", async () => {
    const { dataDir, files } = await setup();
    const dir = join(dataDir, "instance", "broken");
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "SKILL.md"), "---\ndescription: [unclosed\n---\nbody\n");
    expect(await files.patch(INSTANCE, "broken", { content: "x" })).toMatchObject({
      code: "invalid-input",
    });
  });

  test("refuses to edit a skill the catalog leaves out, saying why, and writes nothing", async () => {
    const { dataDir, files } = await setup();
    const dir = join(dataDir, "instance", "costly");
    await mkdir(dir, { recursive: true });
    const text = `---\ndescription: ${"[".repeat(99_000)}\n---\nbody\n`;
    await writeFile(join(dir, "SKILL.md"), text);
    const refused = await files.patch(INSTANCE, "costly", { description: "fixed" });
    expect(refused).toMatchObject({ ok: false, code: "invalid-input" });
    expect(isRefusal(refused) ? refused.message : "").toBe(
      'skill "costly" is left out of the catalog: frontmatter nests more than 32 levels deep; fix its SKILL.md by hand before editing it here',
    );
    expect(await readFile(join(dir, "SKILL.md"), "utf8")).toBe(text);
  });

  test("answers not-found for a skill that does not exist", async () => {
    const { files } = await setup();
    expect(await files.patch(ME, "absent", { content: "x" })).toMatchObject({ code: "not-found" });
  });

  test("a human edit clears the reviewer's mark", async () => {
    const { dataDir, files } = await setup();
    await files.create(ME, GUIDE, { asAgent: true });
    const mark = join(dataDir, "personal", "7", "report-guide", PROVENANCE_FILE);
    expect(JSON.parse(await readFile(mark, "utf8"))).toMatchObject({ author: "agent" });
    await files.patch(ME, "report-guide", { content: "by hand" });
    await expect(readFile(mark)).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("reading from the canonical folder", () => {
  test("a personal/ folder that is a link is refused for list reads and edits, and nothing is written through it", async () => {
    const { dataDir, files } = await setup();
    const outside = await tempDir();
    await mkdir(join(outside, "7", "guide"), { recursive: true });
    const text = "---\nname: guide\ndescription: x\n---\nsecret body\n";
    await writeFile(join(outside, "7", "guide", "SKILL.md"), text);
    await symlink(outside, join(dataDir, "personal"));
    const read = await files.read(ME, "guide");
    expect(read).toMatchObject({ ok: false, code: "redirected" });
    expect(JSON.stringify(read)).not.toContain("secret body");
    expect(await files.patch(ME, "guide", { content: "changed" })).toMatchObject({
      ok: false,
      code: "redirected",
    });
    expect(await readFile(join(outside, "7", "guide", "SKILL.md"), "utf8")).toBe(text);
    const scan = await files.scan();
    expect(scan.skills.map((skill) => skill.name)).toEqual(["skill-authoring"]);
    expect(scan.problems).toEqual([
      `${join(dataDir, "personal")}: is a link out of the plugin's data directory; every personal skill is left out`,
    ]);
  });

  test("refuses a skill directory that is a link out of the folder as redirected", async () => {
    const { dataDir, files } = await setup();
    const outside = await tempDir();
    await writeFile(join(outside, "SKILL.md"), "---\nname: leak\ndescription: x\n---\n");
    await mkdir(join(dataDir, "instance"), { recursive: true });
    await symlink(outside, join(dataDir, "instance", "leak"));
    expect(await files.read(INSTANCE, "leak")).toMatchObject({ code: "redirected" });
  });

  test(`reads a SKILL.md of ${SKILL_SOURCE_MAX_BYTES} bytes and refuses one byte more`, async () => {
    const { dataDir, files } = await setup();
    const dir = join(dataDir, "personal", "7", "big");
    await mkdir(dir, { recursive: true });
    const head = "---\nname: big\ndescription: d\n---\n";
    await writeFile(join(dir, "SKILL.md"), head + "x".repeat(SKILL_SOURCE_MAX_BYTES - head.length));
    const read = await files.read(ME, "big");
    expect(isRefusal(read) ? read.message : read.source.body.length).toBe(
      SKILL_SOURCE_MAX_BYTES - head.length,
    );
    await writeFile(
      join(dir, "SKILL.md"),
      head + "x".repeat(SKILL_SOURCE_MAX_BYTES - head.length + 1),
    );
    expect(await files.read(ME, "big")).toMatchObject({
      ok: false,
      code: "fs-refusal",
      message: `skill "big" has a SKILL.md larger than ${SKILL_SOURCE_MAX_BYTES} bytes`,
    });
  });

  test("refuses a SKILL.md that is a link as redirected", async () => {
    const { dataDir, files } = await setup();
    const outside = await tempDir();
    await writeFile(join(outside, "target.md"), "---\nname: leak\ndescription: x\n---\n");
    await mkdir(join(dataDir, "instance", "leak"), { recursive: true });
    await symlink(join(outside, "target.md"), join(dataDir, "instance", "leak", "SKILL.md"));
    expect(await files.read(INSTANCE, "leak")).toMatchObject({ code: "redirected" });
  });
});

describe("removing", () => {
  test("deletes the directory with its support files after the revision check", async () => {
    const { dataDir, files } = await setup();
    const created = await files.create(INSTANCE, GUIDE);
    await writeFile(join(dataDir, "instance", "report-guide", "notes.txt"), "x");
    expect(await files.remove(INSTANCE, "report-guide", { expectedRevision: 1 })).toMatchObject({
      code: "stale-revision",
    });
    const revision = isRefusal(created) ? -1 : created.revision;
    expect(await files.remove(INSTANCE, "report-guide", { expectedRevision: revision })).toEqual({
      ok: true,
      name: "report-guide",
    });
    expect(await readdirNames(join(dataDir, "instance"))).toEqual([]);
    expect(await files.remove(INSTANCE, "report-guide")).toMatchObject({ code: "not-found" });
  });

  test("removes an account's whole personal folder, and an absent one without complaint", async () => {
    const { dataDir, files } = await setup();
    await files.create(ME, GUIDE);
    await files.removeAccount(7);
    await files.removeAccount(9);
    expect(await readdirNames(join(dataDir, "personal"))).toEqual([]);
  });
});

async function readdirNames(dir: string): Promise<string[]> {
  const { readdir } = await import("node:fs/promises");
  return (await readdir(dir).catch(() => [] as string[])).sort();
}
