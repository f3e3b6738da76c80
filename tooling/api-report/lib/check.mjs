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
  return [
    `✓ ${pkg.name}: API differs from ${r.relFile} (the API of ${r.recorded.version}), covered by ${r.found.bump} in ${r.found.files.join(", ")} (needed: ${r.needed.bump}):`,
    ...describeChanges(r.changes),
    "  The report is rewritten at release: `changeset version`, then `pnpm api:update`.",
  ];
}
