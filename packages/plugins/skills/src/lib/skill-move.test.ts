import { realpathSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { errnoError, tempDir } from "../../test/temp-dir.js";
import { SKILLS_EDIT_FAILED, SKILLS_ROLLBACK_FAILED } from "./error-codes.js";
import type { TextWriter } from "./file-ops.js";
import type { SkillOwner } from "./owners.js";
import { PROVENANCE_FILE } from "./provenance.js";
import { createSkillFiles, type SkillFilesOptions } from "./skill-files.js";
import { contentRevision } from "./skill-paths.js";

const ME: SkillOwner = { kind: "personal", userId: 7 };
const INSTANCE: SkillOwner = { kind: "instance" };
const ORIGINAL = "---\nname: report-guide\ndescription: old\nx-team: ops\n---\n\nold body\n";
const REVISION = contentRevision(Buffer.from(ORIGINAL));

async function setup(options: Partial<SkillFilesOptions> = {}) {
  const dataDir = await tempDir();
  const files = createSkillFiles({ dataDir, accountExists: async () => true, ...options });
  const source = join(dataDir, "personal", "7", "report-guide");
  await mkdir(join(source, "templates"), { recursive: true });
  await writeFile(join(source, "SKILL.md"), ORIGINAL);
  await writeFile(join(source, "templates", "report.md"), "# Report\n");
  await writeFile(
    join(source, PROVENANCE_FILE),
    JSON.stringify({ author: "agent", revision: REVISION }),
  );
  return { dataDir, files, source, destination: join(dataDir, "instance", "report-guide") };
}

/** A writer that fails for SKILL.md files under the instance folder and writes everything else. */
function failingAtInstance(failure: unknown, real: TextWriter): TextWriter {
  return async (path, text) => {
    // The write names the folder through its held descriptor: where it lands is its real path.
    const where = realpathSync(dirname(path));
    if (where.endsWith(`${join("instance", "report-guide")}`)) throw failure;
    await real(path, text);
  };
}

describe("transferring a skill to another owner", () => {
  test("moves the directory with its support files and clears the reviewer's mark", async () => {
    const { files, source, destination } = await setup();
    const moved = await files.transfer(ME, "report-guide", INSTANCE, {
      edit: {},
      expectedRevision: REVISION,
    });
    expect(moved).toEqual({ ok: true, name: "report-guide", owner: INSTANCE, revision: REVISION });
    expect(await readFile(join(destination, "SKILL.md"), "utf8")).toBe(ORIGINAL);
    expect(await readFile(join(destination, "templates", "report.md"), "utf8")).toBe("# Report\n");
    expect((await readdir(destination)).sort()).toEqual(["SKILL.md", "templates"]);
    await expect(readdir(source)).rejects.toMatchObject({ code: "ENOENT" });
  });

  test("applies an edit at the destination, keeping unknown frontmatter keys", async () => {
    const { files, destination } = await setup();
    const moved = await files.transfer(ME, "report-guide", INSTANCE, {
      edit: { description: "new", content: "new body\n" },
    });
    const text = await readFile(join(destination, "SKILL.md"), "utf8");
    expect(text).toBe("---\nname: report-guide\ndescription: new\nx-team: ops\n---\nnew body\n");
    expect(moved).toMatchObject({ ok: true, revision: contentRevision(Buffer.from(text)) });
  });

  test("refuses a stale revision even without an edit, and moves nothing", async () => {
    const { files, source } = await setup();
    expect(
      await files.transfer(ME, "report-guide", INSTANCE, {
        edit: {},
        expectedRevision: REVISION + 1,
      }),
    ).toMatchObject({
      code: "stale-revision",
    });
    expect(await readFile(join(source, "SKILL.md"), "utf8")).toBe(ORIGINAL);
  });

  test("refuses a destination that already has the name, and a transfer to the same owner", async () => {
    const { dataDir, files } = await setup();
    await mkdir(join(dataDir, "instance", "report-guide"), { recursive: true });
    expect(await files.transfer(ME, "report-guide", INSTANCE, { edit: {} })).toMatchObject({
      code: "exists",
    });
    expect(await files.transfer(ME, "report-guide", ME, { edit: {} })).toMatchObject({
      code: "invalid-input",
    });
  });

  test("refuses a destination account removed since it was resolved, and moves nothing", async () => {
    const { dataDir, files, source } = await setup({ accountExists: async (id) => id === 7 });
    expect(
      await files.transfer(ME, "report-guide", { kind: "personal", userId: 8 }, { edit: {} }),
    ).toMatchObject({
      ok: false,
      code: "account-missing",
    });
    expect(await readFile(join(source, "SKILL.md"), "utf8")).toBe(ORIGINAL);
    expect(await readdir(join(dataDir, "personal"))).toEqual(["7"]);
  });

  test("refuses a name another plugin's visible skill uses at the destination", async () => {
    const { files } = await setup();
    const reserved = new Set(["report-guide"]);
    expect(
      await files.transfer(ME, "report-guide", INSTANCE, { edit: {}, reserved }),
    ).toMatchObject({ code: "exists" });
  });

  test("restores the original location when the destination write fails with an errno refusal", async () => {
    const { writeTextAtomic } = await import("@elowen/plugin-shared/atomicText");
    const { files, source, destination } = await setup({
      io: { writeText: failingAtInstance(errnoError("ENOSPC", -28, "write"), writeTextAtomic) },
    });
    const moved = await files.transfer(ME, "report-guide", INSTANCE, { edit: { content: "new" } });
    expect(moved).toMatchObject({ ok: false, code: "fs-refusal", fsRefusal: "no-space" });
    expect(await readFile(join(source, "SKILL.md"), "utf8")).toBe(ORIGINAL);
    expect(await readFile(join(source, "templates", "report.md"), "utf8")).toBe("# Report\n");
    expect(JSON.parse(await readFile(join(source, PROVENANCE_FILE), "utf8"))).toMatchObject({
      author: "agent",
    });
    await expect(readdir(destination)).rejects.toMatchObject({ code: "ENOENT" });
  });

  test("restores the original and reports a programming error of the destination write", async () => {
    const { writeTextAtomic } = await import("@elowen/plugin-shared/atomicText");
    const { files, source } = await setup({
      io: { writeText: failingAtInstance(new TypeError("bug"), writeTextAtomic) },
    });
    const failure = await files
      .transfer(ME, "report-guide", INSTANCE, { edit: { content: "new" } })
      .catch((e: unknown) => e);
    expect(isElowenError(failure, SKILLS_EDIT_FAILED)).toBe(true);
    expect(await readFile(join(source, "SKILL.md"), "utf8")).toBe(ORIGINAL);
  });

  test("reports a failed rollback as skills.rollback_failed, naming where the directory was left", async () => {
    const { rename } = await import("node:fs/promises");
    const { writeTextAtomic } = await import("@elowen/plugin-shared/atomicText");
    let renames = 0;
    const { files, destination } = await setup({
      io: {
        writeText: failingAtInstance(errnoError("EIO", -5, "write"), writeTextAtomic),
        rename: async (from, to) => {
          renames += 1;
          if (renames > 1) throw errnoError("EBUSY", -16, "rename");
          await rename(from, to);
        },
      },
    });
    const failure = await files
      .transfer(ME, "report-guide", INSTANCE, { edit: { content: "new" } })
      .catch((e: unknown) => e);
    expect(isElowenError(failure, SKILLS_ROLLBACK_FAILED)).toBe(true);
    expect(errorMessage(failure)).toContain(destination);
    expect(await readFile(join(destination, "SKILL.md"), "utf8")).toBe(ORIGINAL);
  });
});
