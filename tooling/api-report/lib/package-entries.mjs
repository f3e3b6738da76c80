// The declaration file behind each subpath of a package's `exports` map.
import { existsSync } from "node:fs";
import { join } from "node:path";

/** @import { WorkspacePackage } from "./workspace.mjs" */

/**
 * @typedef {object} TypedEntry
 * @property {string} subpath the exports key (".", "./errors")
 * @property {string} types the `types` target as written ("./dist/errors.d.ts")
 * @property {string} file absolute path of that declaration file
 */

/**
 * Reads the subpaths a package publishes types for: every `exports` entry with a `types`
 * condition (found at any depth of nested conditions, first one wins), or the top-level `types`
 * when there is no exports map. `./package.json` and entries without types are not API.
 * Throws when a typed entry uses a `*` pattern (the report cannot enumerate it) or when the
 * package publishes no types at all.
 * @param {WorkspacePackage} pkg
 * @returns {TypedEntry[]}
 */
export function typedEntries(pkg) {
  const { exports, types, typings } = pkg.manifest;
  /** @type {[string, unknown][]} */
  let entries;
  if (exports && typeof exports === "object" && !Array.isArray(exports)) {
    const keys = Object.keys(exports);
    entries = keys.every((k) => k.startsWith(".")) ? Object.entries(exports) : [[".", exports]]; // a bare conditions object applies to "."
  } else {
    entries = [[".", { types: types ?? typings }]];
  }
  /** @type {TypedEntry[]} */
  const result = [];
  for (const [subpath, target] of entries) {
    if (subpath === "./package.json") continue;
    const declaration = findTypes(target);
    if (declaration === undefined) continue;
    if (subpath.includes("*")) {
      throw new Error(
        `${pkg.relDir}/package.json: exports["${subpath}"] is a pattern; the API report needs one named subpath per declaration file`,
      );
    }
    result.push({ subpath, types: declaration, file: join(pkg.dir, declaration) });
  }
  if (result.length === 0) {
    throw new Error(
      `${pkg.relDir}/package.json: no exports entry has a "types" condition, so ${pkg.name} publishes no API to report (add "types" first in each entry, or mark the package "private": true)`,
    );
  }
  return result;
}

/**
 * @param {unknown} target
 * @returns {string | undefined}
 */
function findTypes(target) {
  if (!target || typeof target !== "object" || Array.isArray(target)) return undefined;
  for (const [condition, value] of Object.entries(target)) {
    if (condition === "types" && typeof value === "string") return value;
    const nested = findTypes(value);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/**
 * The entries whose declaration file is missing (the package has not been built).
 * @param {TypedEntry[]} entries
 */
export function missingDeclarations(entries) {
  return entries.filter((e) => !existsSync(e.file));
}
