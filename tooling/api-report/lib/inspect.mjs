// One package's state: its built API, its committed report, and what lies between them.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { diffApi, requiredBump } from "./api-diff.mjs";
import { bumpFor } from "./changesets.mjs";
import { extractApi } from "./extract-api.mjs";
import { missingDeclarations, typedEntries } from "./package-entries.mjs";
import { parseReport, renderReport, reportPath } from "./report-file.mjs";

/** @import { ApiChange, Bump } from "./api-diff.mjs" */
/** @import { Changeset } from "./changesets.mjs" */
/** @import { ApiReport } from "./report-file.mjs" */
/** @import { WorkspacePackage } from "./workspace.mjs" */

/**
 * @typedef {{ file: string, relFile: string }} Where
 * @typedef {Where & { state: "invalid", message: string }} Invalid the exports map cannot be read
 * @typedef {Where & { state: "unbuilt", missing: string[] }} Unbuilt declarations are missing
 * @typedef {Where & { state: "unreported", rendered: string }} Unreported no committed report
 * @typedef {Where & { state: "unreadable", message: string, rendered: string }} Unreadable
 * @typedef {Where & {
 *   state: "reported",
 *   rendered: string,
 *   recorded: ApiReport,
 *   upToDate: boolean,
 *   changes: ApiChange[],
 *   needed: { bump: Bump, reason: string },
 *   found: { bump: Bump, files: string[] },
 * }} Reported a committed report, compared with the build
 * @typedef {Invalid | Unbuilt | Unreported | Unreadable | Reported} Inspection
 */

/**
 * Builds the package's report from `dist` in memory and compares it with the committed one.
 * Never writes.
 * @param {string} root
 * @param {WorkspacePackage} pkg
 * @param {Changeset[]} changesets
 * @returns {Inspection}
 */
export function inspect(root, pkg, changesets) {
  const file = reportPath(pkg);
  const where = { file, relFile: relative(root, file).split("\\").join("/") };
  /** @type {import("./package-entries.mjs").TypedEntry[]} */
  let entries;
  try {
    entries = typedEntries(pkg);
  } catch (error) {
    return { ...where, state: "invalid", message: messageOf(error) };
  }
  const missing = missingDeclarations(entries);
  if (missing.length > 0) {
    return {
      ...where,
      state: "unbuilt",
      missing: missing.map((e) => `${pkg.relDir}/${clean(e.types)}`),
    };
  }
  const sections = extractApi(entries);
  const rendered = renderReport({ name: pkg.name, version: pkg.version, sections });
  if (!existsSync(file)) return { ...where, state: "unreported", rendered };
  const text = readFileSync(file, "utf8");
  /** @type {ApiReport} */
  let recorded;
  try {
    recorded = parseReport(text, where.relFile);
  } catch (error) {
    return { ...where, state: "unreadable", message: messageOf(error), rendered };
  }
  const changes = diffApi(recorded.sections, sections);
  return {
    ...where,
    state: "reported",
    rendered,
    recorded,
    upToDate: text === rendered,
    changes,
    needed: requiredBump(changes, pkg.version),
    found: bumpFor(changesets, pkg.name),
  };
}

/** @param {string} path */
function clean(path) {
  return path.replace(/^\.\//, "");
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
