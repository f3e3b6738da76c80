import { type Dirent, readdirSync } from "node:fs";
import { join, posix } from "node:path";
import { readContained } from "../files/contained-read.js";
import type { Contribution } from "../registry/contribution.js";
import type { Resolution } from "./resolve-skill.js";

/** How many support files a skill's listing names; past it the listing says it was cut. */
export const SKILL_RESOURCES_MAX_LISTED = 200;
/** The longest relative path a support file read accepts, in characters. */
export const SKILL_RESOURCE_PATH_MAX_CHARS = 1024;

/** A skill's support files, relative to its canonical folder, and whether the listing was cut. */
export type SkillResourceList =
  | { readonly ok: true; readonly files: readonly string[]; readonly cut: boolean }
  | { readonly ok: false; readonly reason: "missing" | "denied"; readonly message: string };

/** A support file read as text, or why it was refused. */
export type SkillResourceRead =
  | { readonly ok: true; readonly path: string; readonly text: string }
  | {
      readonly ok: false;
      readonly reason: "missing" | "denied" | "redirected" | "unreadable" | "invalid";
      readonly message: string;
    };

/**
 * Lists the files of a resolved skill's canonical folder besides `SKILL.md`, `/`-separated, in
 * name order, breadth first: hidden entries and links are passed over, at most six levels down
 * and SKILL_RESOURCES_MAX_LISTED files.
 */
export function listResources(resolution: Resolution): SkillResourceList {
  if (!resolution.ok) return resolution;
  const files: string[] = [];
  let level = [""];
  for (let depth = 0; depth < 6 && level.length > 0; depth++) {
    const next: string[] = [];
    for (const rel of level) {
      for (const entry of listed(join(resolution.contribution.baseDir, rel))) {
        const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
        if (entry.isDirectory()) next.push(path);
        else if (entry.isFile() && path !== "SKILL.md") {
          if (files.length === SKILL_RESOURCES_MAX_LISTED) return { ok: true, files, cut: true };
          files.push(path);
        }
      }
    }
    level = next;
  }
  return { ok: true, files, cut: false };
}

/**
 * Reads one support file of a resolved skill by its path relative to the skill's canonical
 * folder, through the contained reader: the path must be relative, without `..`, NUL or a
 * backslash, and the file it names (links resolved) must lie inside the folder (and, for a
 * personal skill, its account's store), be a regular file under the reader's size cap, and
 * hold text (no NUL byte). Anything else is refused with the reason.
 */
export function readResource(resolution: Resolution, path: string): SkillResourceRead {
  if (!resolution.ok) return resolution;
  const problem = pathProblem(path);
  if (problem !== undefined) {
    return { ok: false, reason: "invalid", message: `path ${JSON.stringify(path)} ${problem}` };
  }
  const contribution: Contribution = resolution.contribution;
  const read = readContained(join(contribution.baseDir, posix.normalize(path)), {
    baseDir: contribution.baseDir,
    storeDir: contribution.storeDir,
  });
  if (!read.ok) return { ok: false, reason: read.reason, message: read.message };
  if (read.bytes.includes(0)) {
    return {
      ok: false,
      reason: "unreadable",
      message: `${path} is not a text file; only text support files can be read`,
    };
  }
  return { ok: true, path: read.realPath, text: read.bytes.toString("utf8") };
}

function pathProblem(path: string): string | undefined {
  if (typeof path !== "string" || path === "") return "is empty";
  if (path.length > SKILL_RESOURCE_PATH_MAX_CHARS)
    return `is longer than ${SKILL_RESOURCE_PATH_MAX_CHARS} characters`;
  if (path.includes("\0") || path.includes("\\")) return "holds a NUL or a backslash";
  if (path.startsWith("/")) return "is absolute; give it relative to the skill's folder";
  if (path.split("/").includes("..")) return "leaves the skill's folder (..)";
  return undefined;
}

function listed(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith("."))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}
