// Runs dependency-cruiser with the rules in ../dependency-cruiser.cjs over the given directories.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const CONFIG = join(here, "..", "dependency-cruiser.cjs");
export const FOLDER_CONFIG = join(here, "..", "folder-cycles.cjs");

/**
 * The areas whose folders must not import each other in a cycle (the folder-level check), relative
 * to the repository root. Add an area once its folders layer one way.
 */
export const FOLDER_AREAS = ["apps/daemon/src/brain"];
const DEPCRUISE = join(
  dirname(fileURLToPath(import.meta.resolve("dependency-cruiser"))),
  "..",
  "..",
  "bin",
  "dependency-cruise.mjs",
);

/**
 * Every workspace package's `src/` under root: apps/*, packages/* and packages/plugins/*
 * (the folders pnpm-workspace.yaml lists, less tooling/, which holds no package sources).
 * @param {string} root
 * @returns {string[]} paths relative to root, sorted
 */
export function sourceRoots(root) {
  /** @type {string[]} */
  const roots = [];
  for (const parent of ["apps", "packages", "packages/plugins"]) {
    const dir = join(root, parent);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(join(dir, entry.name, "src"))) {
        roots.push(`${parent}/${entry.name}/src`);
      }
    }
  }
  return roots.sort();
}

/**
 * Cruises dirs (relative to cwd) and reports every rule violation.
 * @param {{ cwd: string, dirs: string[] }} input
 * @returns {{ ok: boolean, report: string }} ok is false when any module is in a cycle or a
 *   relative import does not resolve; report is dependency-cruiser's text for people.
 */
export function checkModuleCycles({ cwd, dirs }) {
  if (dirs.length === 0)
    throw new Error("checkModuleCycles: dirs is empty; name at least one directory to cruise");
  const run = spawnSync(
    process.execPath,
    [DEPCRUISE, "--config", CONFIG, "--output-type", "err-long", "--", ...dirs],
    { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error) throw run.error;
  return { ok: run.status === 0, report: `${run.stdout}${run.stderr}`.trim() };
}

/**
 * Cruises one area (a directory relative to cwd) with the folder-level rule in
 * ../folder-cycles.cjs: only the area's own non-test modules count.
 * @param {{ cwd: string, area: string }} input
 * @returns {{ ok: boolean, report: string }} ok is false when two of its folders import each
 *   other, directly or through other folders of the area; report is dependency-cruiser's text.
 */
export function checkFolderCycles({ cwd, area }) {
  if (area === "" || area.startsWith("/") || area.includes(".."))
    throw new Error(
      `checkFolderCycles: area is "${area}"; name a folder relative to cwd, such as apps/daemon/src/brain`,
    );
  const includeOnly = `^${area.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/`;
  const run = spawnSync(
    process.execPath,
    [
      DEPCRUISE,
      "--config",
      FOLDER_CONFIG,
      "--include-only",
      includeOnly,
      "--output-type",
      "err-long",
      "--",
      area,
    ],
    { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error) throw run.error;
  return { ok: run.status === 0, report: `${run.stdout}${run.stderr}`.trim() };
}
