import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";

/** How deep below a source's root a scan looks for skill folders. */
export const SKILL_SCAN_MAX_DEPTH = 6;
/** How many folders one source's scan opens before it stops and says so. */
export const SKILL_SCAN_MAX_FOLDERS = 2000;

/** A folder the scan found under a root: where it is and whether it is a link. */
export interface ScannedFolder {
  /** Path relative to the root, `/`-separated (`pdf`, `skills/pdf`). */
  readonly entry: string;
  readonly linked: boolean;
}

/** What a scan found, and why it stopped early if it did. */
export interface FolderScan {
  readonly folders: ScannedFolder[];
  /** Set when the scan left folders unread: the depth or folder count bound it met. */
  readonly cut?: "depth" | "folders";
}

/** The bounds of one scan; the defaults are the constants above. */
export interface ScanBounds {
  readonly maxDepth?: number;
  readonly maxFolders?: number;
}

/**
 * Finds the skill folders under `realRoot` breadth first: a folder holding `SKILL.md` is a skill
 * (the scan does not look inside it), any other folder is searched, down to `maxDepth` levels and
 * over at most `maxFolders` folders. Hidden folders and `node_modules` are passed over; a link to
 * a folder is reported as a candidate (its target is checked by the loader) and never followed.
 * Folders come out in name order level by level. An unreadable folder holds nothing.
 */
export function scanSkillFolders(realRoot: string, bounds: ScanBounds = {}): FolderScan {
  const maxDepth = bounds.maxDepth ?? SKILL_SCAN_MAX_DEPTH;
  const maxFolders = bounds.maxFolders ?? SKILL_SCAN_MAX_FOLDERS;
  const folders: ScannedFolder[] = [];
  let level: string[] = [""];
  let opened = 0;
  let cut: FolderScan["cut"];
  for (let depth = 1; level.length > 0; depth++) {
    const next: string[] = [];
    for (const parent of level) {
      if (opened >= maxFolders) return { folders, cut: "folders" };
      opened++;
      for (const child of subfolders(join(realRoot, parent))) {
        const entry = parent === "" ? child.name : `${parent}/${child.name}`;
        if (child.isSymbolicLink()) folders.push({ entry, linked: true });
        else if (hasSkillFile(join(realRoot, entry))) folders.push({ entry, linked: false });
        else if (depth < maxDepth) next.push(entry);
        else if (cut === undefined && hasSubfolder(join(realRoot, entry))) cut = "depth";
      }
    }
    level = next;
  }
  return cut === undefined ? { folders } : { folders, cut };
}

function subfolders(dir: string): Dirent[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter(
      (entry) =>
        (entry.isDirectory() || entry.isSymbolicLink()) &&
        !entry.name.startsWith(".") &&
        entry.name !== "node_modules",
    )
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function hasSkillFile(dir: string): boolean {
  try {
    return readdirSync(dir).includes("SKILL.md");
  } catch {
    return false;
  }
}

function hasSubfolder(dir: string): boolean {
  return subfolders(dir).length > 0;
}
