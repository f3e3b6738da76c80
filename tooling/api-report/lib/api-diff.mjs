// What changed between the recorded API and the built one, and the smallest bump that covers it.
import { declarationTokens } from "./declaration-text.mjs";

/** @import { ApiEntry, ApiSection } from "./extract-api.mjs" */

/** @typedef {"none" | "patch" | "minor" | "major"} Bump */

/**
 * @typedef {object} ApiChange
 * @property {"removed" | "changed" | "added"} change
 * @property {string} subpath
 * @property {string} name "" for the subpath itself (added or removed from the exports map)
 * @property {boolean} exported
 * @property {ApiEntry | undefined} before
 * @property {ApiEntry | undefined} after
 */

/** @type {Record<Bump, number>} */
export const BUMP_RANK = { none: 0, patch: 1, minor: 2, major: 3 };

/**
 * The changes from `before` (the report) to `after` (the build). Declarations are compared token
 * by token, so layout never counts. A subpath that disappears removes each of its exports; an
 * export that starts being exported under the name of a formerly unexported declaration is an
 * addition. Unexported declarations only count when their text changes: they enter or leave the
 * report because an exported declaration started or stopped naming them, and that exported
 * declaration's own change is what counts.
 * @param {ApiSection[]} before
 * @param {ApiSection[]} after
 * @returns {ApiChange[]}
 */
export function diffApi(before, after) {
  /** @type {ApiChange[]} */
  const changes = [];
  const subpaths = [...new Set([...before, ...after].map((s) => s.subpath))];
  for (const subpath of subpaths) {
    const oldSection = before.find((s) => s.subpath === subpath);
    const nowSection = after.find((s) => s.subpath === subpath);
    if (!oldSection || !nowSection) {
      const change = oldSection ? "removed" : "added";
      changes.push({
        change,
        subpath,
        name: "",
        exported: true,
        before: undefined,
        after: undefined,
      });
    }
    const old = byKey(oldSection);
    const now = byKey(nowSection);
    for (const [key, entry] of old) {
      const current = now.get(key);
      const base = { subpath, name: entry.name, exported: entry.exported, before: entry };
      if (!current) {
        if (entry.exported) changes.push({ ...base, change: "removed", after: undefined });
      } else if (!sameDeclaration(entry, current)) {
        changes.push({ ...base, change: "changed", after: current });
      }
    }
    for (const [key, entry] of now) {
      if (old.has(key) || !entry.exported) continue;
      changes.push({
        change: "added",
        subpath,
        name: entry.name,
        exported: true,
        before: undefined,
        after: entry,
      });
    }
  }
  return changes;
}

/**
 * The smallest changeset bump that covers `changes` for a package at `version`:
 * - a removed export, or any change to an existing declaration (treated as narrowing, since
 *   telling a widening from a narrowing needs type relations the report does not keep): major,
 *   or minor below 1.0.0, where caret ranges already treat a minor as breaking;
 * - added exports only: minor, or patch below 1.0.0;
 * - nothing: none.
 * @param {ApiChange[]} changes
 * @param {string} version
 * @returns {{ bump: Bump, reason: string }}
 */
export function requiredBump(changes, version) {
  const stable = Number.parseInt(version, 10) >= 1;
  const range = stable ? `${version} is 1.0.0 or above` : `${version} is below 1.0.0`;
  if (changes.some((c) => c.change !== "added")) {
    return {
      bump: stable ? "major" : "minor",
      reason: `an export was removed or a declaration changed, and ${range}`,
    };
  }
  if (changes.length > 0) {
    return { bump: stable ? "minor" : "patch", reason: `exports were only added, and ${range}` };
  }
  return { bump: "none", reason: "the API did not change" };
}

/**
 * @param {ApiEntry} a
 * @param {ApiEntry} b
 */
export function sameDeclaration(a, b) {
  if (a.kind !== b.kind) return false;
  const ta = declarationTokens(a.text);
  const tb = declarationTokens(b.text);
  return ta.length === tb.length && ta.every((t, i) => t === tb[i]);
}

/** @param {ApiSection | undefined} section */
function byKey(section) {
  /** @type {Map<string, ApiEntry>} */
  const map = new Map();
  for (const entry of section?.entries ?? []) {
    map.set(`${entry.exported ? "" : "-"}${entry.name}`, entry);
  }
  return map;
}
