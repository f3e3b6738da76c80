import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writeTextAtomic } from "@elowen/plugin-shared/atomicText";
import { describe, expect, test } from "vitest";
import { tempDir } from "../../test/temp-dir.js";
import type { SkillFileIo } from "./file-ops.js";
import type { SkillOwner } from "./owners.js";
import { createSkillFiles } from "./skill-files.js";

const ME: SkillOwner = { kind: "personal", userId: 7 };
const INSTANCE: SkillOwner = { kind: "instance" };
const ORIGINAL = "---\nname: report-guide\ndescription: old\n---\nold body\n";
const OUTSIDE_TEXT = "---\nname: report-guide\ndescription: outside\n---\nnot yours\n";

/**
 * A data directory with personal skill `report-guide` of account 7, a folder outside it holding a
 * `report-guide/SKILL.md` of its own, and the file owner with `io` steps that a test uses to swap
 * a folder for a link to the outside exactly between the checks and the use.
 */
async function setup(io: (swap: Swap) => Partial<SkillFileIo>) {
  const dataDir = await tempDir();
  const outside = await tempDir("plugin-skills-outside-");
  const skillDir = join(dataDir, "personal", "7", "report-guide");
  await mkdir(skillDir, { recursive: true });
  await writeFile(join(skillDir, "SKILL.md"), ORIGINAL);
  await mkdir(join(outside, "report-guide"));
  await writeFile(join(outside, "report-guide", "SKILL.md"), OUTSIDE_TEXT);
  const swap: Swap = {
    // The attacker's move: the real folder goes (kept inside the data directory, so a write that
    // still lands in it stays inside), and a link to the outside takes its name.
    async skillFolder() {
      await rename(skillDir, join(dataDir, "personal", "7", ".away"));
      await symlink(join(outside, "report-guide"), skillDir);
    },
    async removedForLink() {
      await rm(skillDir, { recursive: true });
      await symlink(join(outside, "report-guide"), skillDir);
    },
    async ownerFolder() {
      await rename(join(dataDir, "personal", "7"), join(dataDir, "personal", ".away-7"));
      await symlink(outside, join(dataDir, "personal", "7"));
    },
    async trash() {
      await rename(join(dataDir, ".trash"), join(dataDir, ".away-trash"));
      await symlink(outside, join(dataDir, ".trash"));
    },
  };
  const files = createSkillFiles({ dataDir, accountExists: async () => true, io: io(swap) });
  const outsideUntouched = async () => {
    expect((await readdir(outside, { recursive: true })).sort()).toEqual([
      "report-guide",
      join("report-guide", "SKILL.md"),
    ]);
    expect(await readFile(join(outside, "report-guide", "SKILL.md"), "utf8")).toBe(OUTSIDE_TEXT);
  };
  return { dataDir, files, outsideUntouched, outside };
}

interface Swap {
  skillFolder(): Promise<void>;
  removedForLink(): Promise<void>;
  ownerFolder(): Promise<void>;
  trash(): Promise<void>;
}

/** The real step, run once after the swap: the swap lands between validation and write. */
function once<A extends unknown[]>(
  before: () => Promise<void>,
  real: (...args: A) => Promise<void>,
) {
  let swapped = false;
  return async (...args: A) => {
    if (!swapped) {
      swapped = true;
      await before();
    }
    await real(...args);
  };
}

describe("a folder swapped for a link between the check and the use", () => {
  test("PATCH writes nothing outside when the skill folder becomes a link before the write", async () => {
    const { files, outsideUntouched } = await setup((swap) => ({
      writeText: once(swap.skillFolder, writeTextAtomic),
    }));
    const patched = await files.patch(ME, "report-guide", { content: "new body\n" });
    expect(patched).toMatchObject({ ok: false, code: "redirected" });
    await outsideUntouched();
  });

  test("PATCH writes nothing outside when the owner folder becomes a link before the write", async () => {
    const { files, outsideUntouched } = await setup((swap) => ({
      writeText: once(swap.ownerFolder, writeTextAtomic),
    }));
    const patched = await files.patch(ME, "report-guide", { description: "new" });
    expect(patched).toMatchObject({ ok: false, code: "redirected" });
    await outsideUntouched();
  });

  test("PATCH refuses when the skill folder is removed and replaced by a link before the write", async () => {
    const { files, outsideUntouched } = await setup((swap) => ({
      writeText: once(swap.removedForLink, writeTextAtomic),
    }));
    const patched = await files.patch(ME, "report-guide", { content: "new body\n" });
    expect(patched).toMatchObject({ ok: false, code: "not-found" });
    await outsideUntouched();
  });

  test("a move with an edit writes nothing outside when the skill folder becomes a link before the rename", async () => {
    const { dataDir, files, outsideUntouched } = await setup((swap) => ({
      rename: once(swap.skillFolder, rename),
    }));
    const moved = await files.transfer(ME, "report-guide", INSTANCE, {
      edit: { content: "moved body\n" },
    });
    expect(moved).toMatchObject({ ok: false, code: "redirected" });
    await outsideUntouched();
    // The link was moved back to where it was found; nothing of it stays in the instance folder.
    expect(await readdir(join(dataDir, "instance"))).toEqual([]);
    expect(await readFile(join(dataDir, "personal", "7", ".away", "SKILL.md"), "utf8")).toBe(
      ORIGINAL,
    );
  });

  test("a move takes the checked folder, not the outside one, when the owner folder becomes a link", async () => {
    const { dataDir, files, outsideUntouched } = await setup((swap) => ({
      rename: once(swap.ownerFolder, rename),
    }));
    const moved = await files.transfer(ME, "report-guide", INSTANCE, {
      edit: { content: "moved body\n" },
    });
    expect(moved).toMatchObject({ ok: true });
    await outsideUntouched();
    expect(await readFile(join(dataDir, "instance", "report-guide", "SKILL.md"), "utf8")).toBe(
      "---\nname: report-guide\ndescription: old\n---\nmoved body\n",
    );
  });

  test("a delete removes the checked folder, never the outside one, when the owner folder becomes a link", async () => {
    const { dataDir, files, outsideUntouched } = await setup((swap) => ({
      rename: once(swap.ownerFolder, rename),
    }));
    expect(await files.remove(ME, "report-guide")).toEqual({ ok: true, name: "report-guide" });
    await outsideUntouched();
    expect(await readdir(join(dataDir, "personal", ".away-7"))).toEqual([]);
  });

  test("a delete never moves a skill out when the trash folder becomes a link", async () => {
    // What the outside folder holds right after the rename, before the trash is emptied.
    let outsideAfterRename: string[] = [];
    const { dataDir, files, outsideUntouched, outside } = await setup((swap) => ({
      rename: once(swap.trash, async (from: string, to: string) => {
        await rename(from, to);
        outsideAfterRename = (await readdir(outside)).sort();
      }),
    }));
    expect(await files.remove(ME, "report-guide")).toEqual({ ok: true, name: "report-guide" });
    expect(outsideAfterRename).toEqual(["report-guide"]);
    await outsideUntouched();
    expect(await readdir(join(dataDir, "personal", "7"))).toEqual([]);
    expect(await readdir(join(dataDir, ".away-trash"))).toEqual([]);
  });

  test("a delete refuses when the trash folder is a link before it starts", async () => {
    const { dataDir, files, outsideUntouched } = await setup(() => ({}));
    const elsewhere = await tempDir("plugin-skills-elsewhere-");
    await symlink(elsewhere, join(dataDir, ".trash"));
    expect(await files.remove(ME, "report-guide")).toMatchObject({
      ok: false,
      code: "redirected",
    });
    await outsideUntouched();
    expect(await readdir(join(dataDir, "personal", "7"))).toEqual(["report-guide"]);
    expect(await readdir(elsewhere)).toEqual([]);
  });
});
