import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  archiveSkillFolder,
  readSkillArchive,
  type SkillArchive,
  SkillArchiveError,
} from "@elowen/skill-catalog";
import { SKILLS_EDIT_FAILED } from "./error-codes.js";
import { ensureFolder, type FileOps, fsFailure, nameTaken } from "./file-ops.js";
import { frontmatterRefusal, readSkillSource } from "./frontmatter.js";
import type { SkillOwner } from "./owners.js";
import { isRefusal, refuse, type SkillRefusal } from "./refusal.js";
import type { WrittenSkill } from "./skill-move.js";
import {
  contentRevision,
  descriptionOf,
  isSkillName,
  ownerDir,
  readSkillFile,
} from "./skill-paths.js";

/** Reads an uploaded archive, refusing it (`invalid-input`, naming the entry and rule) if bad. */
export function parseArchive(bytes: Uint8Array): SkillArchive | SkillRefusal {
  try {
    return readSkillArchive(bytes);
  } catch (error) {
    if (error instanceof SkillArchiveError)
      return refuse("invalid-input", `archive: ${error.message}`);
    throw error;
  }
}

/**
 * Imports a whole skill folder from an archive into an owner's folder, keeping every file and
 * its bytes (SKILL.md as written, every frontmatter key included). The name is the frontmatter's
 * `name`, else the archive's folder; a skill the catalog would leave out (frontmatter past a
 * bound or unreadable, no description) or a taken name is refused before anything is written.
 * The files are written in a hidden staging folder and renamed into place in one step, so a
 * failed import leaves nothing behind.
 */
export async function importSkill(
  ops: FileOps,
  owner: SkillOwner,
  archive: SkillArchive,
  reserved: ReadonlySet<string> | undefined,
): Promise<WrittenSkill | SkillRefusal> {
  const skillFile = archive.entries.find(
    (entry) => entry.path === "SKILL.md" && entry.kind === "file",
  );
  if (skillFile === undefined) return refuse("invalid-input", "archive: SKILL.md is not a file");
  const source = readSkillSource(skillFile.data);
  const leftOut = frontmatterRefusal(source);
  if (leftOut !== undefined) return refuse("invalid-input", `archive: SKILL.md: ${leftOut}`);
  if (descriptionOf(source) === undefined)
    return refuse("invalid-input", "archive: SKILL.md: the frontmatter has no description");
  const name = nameOf(source.frontmatter.name, archive.folder);
  if (isRefusal(name)) return name;
  return ops.locks.run(ownerDir(ops.layout, owner), async () => {
    const taken = await nameTaken(ops, owner, name, reserved);
    if (taken) return taken;
    try {
      const folder = await ensureFolder(ops, owner);
      if (isRefusal(folder)) return folder;
      const staging = await mkdtemp(join(folder, ".staging-"));
      try {
        await writeEntries(staging, archive);
        await ops.io.rename(staging, join(folder, name));
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
    } catch (error) {
      return fsFailure(error, SKILLS_EDIT_FAILED, `could not import skill "${name}"`);
    }
    return { ok: true, name, owner, revision: contentRevision(skillFile.data) };
  });
}

/**
 * Exports an owner's skill as a deterministic tar archive of its whole folder (wrapped in a
 * folder of its name), read from its canonical folder without following links: a link inside
 * the skill refuses the export.
 */
export async function exportSkill(
  ops: FileOps,
  owner: SkillOwner,
  name: string,
): Promise<{ readonly ok: true; readonly archive: Uint8Array } | SkillRefusal> {
  const file = await readSkillFile(ownerDir(ops.layout, owner), name, true, ops.layout.root);
  if (isRefusal(file)) return file;
  try {
    return { ok: true, archive: archiveSkillFolder(file.dir, name) };
  } catch (error) {
    if (error instanceof SkillArchiveError)
      return refuse("redirected", `skill "${name}": ${error.message}`);
    return fsFailure(error, SKILLS_EDIT_FAILED, `could not export skill "${name}"`);
  }
}

function nameOf(claimed: unknown, folder: string | undefined): string | SkillRefusal {
  if (claimed !== undefined) {
    if (isSkillName(claimed)) return claimed;
    return refuse(
      "invalid-input",
      `archive: SKILL.md: name ${JSON.stringify(claimed)} must be 1 to 64 lowercase letters, digits and single dashes`,
    );
  }
  if (isSkillName(folder)) return folder;
  return refuse(
    "invalid-input",
    "archive: SKILL.md names no skill and the archive has no folder named as one",
  );
}

async function writeEntries(staging: string, archive: SkillArchive): Promise<void> {
  for (const entry of archive.entries) {
    const path = join(staging, entry.path);
    if (entry.kind === "dir") {
      await mkdir(path, { recursive: true, mode: 0o755 });
      continue;
    }
    await mkdir(dirname(path), { recursive: true, mode: 0o755 });
    // "wx": a file is created, never written through something already there.
    await writeFile(path, entry.data, { flag: "wx", mode: entry.executable ? 0o755 : 0o644 });
  }
}
