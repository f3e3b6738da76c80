// `api:check`: every published package has a report, and its built API departs from that report
// only as far as the pending changesets allow.
import { BUMP_RANK } from "./api-diff.mjs";
import { pendingChangesets } from "./changesets.mjs";
import { inspect } from "./inspect.mjs";
import { describeChanges, refusal, unbuilt } from "./messages.mjs";

/** @import { Output } from "./update.mjs" */
/** @import { WorkspacePackage } from "./workspace.mjs" */

/**
 * Checks `packages` against their committed reports. Writes nothing. Returns false when any
 * package fails; each failure is printed with its fix.
 * @param {string} root
 * @param {WorkspacePackage[]} packages
 * @param {Output} out
 */
export function check(root, packages, out) {
  const changesets = pendingChangesets(root);
  let failures = 0;
  for (const pkg of packages) {
    const lines = checkPackage(root, pkg, changesets);
    const failed = lines[0]?.startsWith("✗") ?? false;
    if (failed) failures++;
    (failed ? out.error : out.log)(lines.join("\n"));
  }
  const summary = `${packages.length - failures} of ${packages.length} API reports pass.`;
  if (failures > 0) out.error(`\n${summary} See tooling/api-report/README.md.`);
  else out.log(`\n${summary}`);
  return failures === 0;
}

/**
 * @param {string} root
 * @param {WorkspacePackage} pkg
 * @param {import("./changesets.mjs").Changeset[]} changesets
 * @returns {string[]}
 */
function checkPackage(root, pkg, changesets) {
  const r = inspect(root, pkg, changesets);
  switch (r.state) {
    case "invalid":
      return [`✗ ${pkg.name}: ${r.message}`];
    case "unbuilt":
      return [unbuilt(pkg, r)];
    case "unreported":
      return [
        `✗ ${pkg.name}: no API report at ${r.relFile}. Run \`pnpm api:update --filter ${pkg.name}\` and commit the file.`,
      ];
    case "unreadable":
      return [`✗ ${pkg.name}: ${r.message}`];
    case "reported":
      break;
  }
  if (r.changes.length === 0) {
    if (r.recorded.name !== pkg.name || r.recorded.version !== pkg.version) {
      return [
        `✗ ${pkg.name}: ${r.relFile} records ${r.recorded.name}@${r.recorded.version}, package.json says ${pkg.name}@${pkg.version}. Run \`pnpm api:update --filter ${pkg.name}\` (the release runs it after \`changeset version\`).`,
      ];
    }
    if (!r.upToDate) {
      return [
        `✓ ${pkg.name}: API matches ${r.relFile}; only its layout differs from what this tool writes now (\`pnpm api:update --filter ${pkg.name}\` refreshes it).`,
      ];
    }
    return [`✓ ${pkg.name}: API matches ${r.relFile}`];
  }
  if (BUMP_RANK[r.found.bump] < BUMP_RANK[r.needed.bump]) return refusal(pkg, r);
  const contract = contractVersionRefusal(pkg, r);
  if (contract) return contract;
  return [
    `✓ ${pkg.name}: API differs from ${r.relFile} (the API of ${r.recorded.version}), covered by ${r.found.bump} in ${r.found.files.join(", ")} (needed: ${r.needed.bump}):`,
    ...describeChanges(r.changes),
    "  The report is rewritten at release: `changeset version`, then `pnpm api:update`.",
  ];
}

/** The plugin contract's package, and the constant a manifest's `sharedApi` is checked against. */
export const CONTRACT_PACKAGE = "@elowen/plugin-api";
export const CONTRACT_VERSION_CONSTANT = "SHARED_API_VERSION";

/**
 * A change that removes or narrows a member of the plugin contract must be visible to the
 * loader: SHARED_API_VERSION changes with it and the changeset is major. Undefined when the
 * package is another, the change only adds (exports, or optional members of an interface), or
 * both hold.
 * @param {WorkspacePackage} pkg
 * @param {import("./inspect.mjs").Reported} r
 * @returns {string[] | undefined}
 */
export function contractVersionRefusal(pkg, r) {
  if (pkg.name !== CONTRACT_PACKAGE) return undefined;
  const narrowed = r.changes.filter(narrows);
  if (narrowed.length === 0) return undefined;
  const constantChanged = r.changes.some((c) => c.name === CONTRACT_VERSION_CONSTANT);
  if (constantChanged && r.found.bump === "major") return undefined;
  return [
    `✗ ${pkg.name}: a member was removed or narrowed, so ${CONTRACT_VERSION_CONSTANT} must change with a major changeset (${constantChanged ? "it changed" : "it did not change"}; the changeset gives ${r.found.bump}):`,
    ...describeChanges(narrowed),
    `  fix: raise ${CONTRACT_VERSION_CONSTANT} in packages/plugin-api/src/versions.ts (and MIN_SHARED_API_VERSION when plugins of the old one can no longer load) and give ${pkg.name} major, or restore what was removed or changed`,
  ];
}

/**
 * True for a removal, or a changed declaration that is not the old one with optional members
 * added (`name?: T`, `name?(…)`), which is the one widening the report can tell.
 * @param {import("./api-diff.mjs").ApiChange} c
 */
export function narrows(c) {
  if (c.change === "added") return false;
  if (c.change === "removed" || !c.before || !c.after) return true;
  const before = members(c.before.text);
  const after = members(c.after.text);
  if (!before || !after || before.head !== after.head) return true;
  const kept = new Set(after.list);
  if (!before.list.every((m) => kept.has(m))) return true;
  const old = new Set(before.list);
  return !after.list
    .filter((m) => !old.has(m))
    .every((m) => /^(?:readonly )?[A-Za-z_$][\w$]*\?[:(]/.test(m));
}

/** @param {string} text */
function members(text) {
  const flat = text.replace(/\s+/g, " ").trim();
  const open = flat.indexOf("{");
  const close = flat.lastIndexOf("}");
  if (open < 0 || close < open) return undefined;
  const list = flat
    .slice(open + 1, close)
    .split(";")
    .map((m) => m.trim())
    .filter((m) => m !== "");
  return { head: flat.slice(0, open).trim(), list };
}
