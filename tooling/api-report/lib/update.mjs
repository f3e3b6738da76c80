// `api:update`: writes each package's report from its build. A report records the API of the
// last released version, so an API change is only written once it has been released (the package
// version moved past the report's), or with --force; otherwise running update would be a way
// around the changeset that `check` asks for.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { BUMP_RANK } from "./api-diff.mjs";
import { pendingChangesets } from "./changesets.mjs";
import { inspect } from "./inspect.mjs";
import { refusal, unbuilt } from "./messages.mjs";

/** @import { Reported } from "./inspect.mjs" */
/** @import { WorkspacePackage } from "./workspace.mjs" */

/**
 * @typedef {object} Output
 * @property {(text: string) => void} log
 * @property {(text: string) => void} error
 */

/**
 * Writes the reports of `packages`. Returns false when any package could not be written or an
 * API change was refused; the others are still written.
 * @param {string} root
 * @param {WorkspacePackage[]} packages
 * @param {{ force: boolean }} options
 * @param {Output} out
 */
export function update(root, packages, options, out) {
  const changesets = pendingChangesets(root);
  let failures = 0;
  for (const pkg of packages) {
    const r = inspect(root, pkg, changesets);
    /** @type {(text: string) => void} */
    const fail = (text) => {
      failures++;
      out.error(text);
    };
    /** @type {(note: string) => void} */
    const write = (note) => {
      if (!("rendered" in r)) return;
      mkdirSync(dirname(r.file), { recursive: true });
      writeFileSync(r.file, r.rendered);
      out.log(`✓ ${pkg.name}: wrote ${r.relFile} (${note})`);
    };
    if (r.state === "invalid") fail(`✗ ${pkg.name}: ${r.message}`);
    else if (r.state === "unbuilt") fail(unbuilt(pkg, r));
    else if (r.state === "unreported") write("new report");
    else if (r.state === "unreadable" && options.force)
      write("--force: replaced an unreadable report");
    else if (r.state === "unreadable") fail(`✗ ${pkg.name}: ${r.message}`);
    else updateReported(pkg, r, options, { write, fail, log: out.log });
  }
  return failures === 0;
}

/**
 * @param {WorkspacePackage} pkg
 * @param {Reported} r
 * @param {{ force: boolean }} options
 * @param {{ write: (note: string) => void, fail: (text: string) => void, log: (text: string) => void }} act
 */
function updateReported(pkg, r, options, act) {
  const released = r.recorded.version !== pkg.version;
  if (r.changes.length === 0) {
    if (r.upToDate) act.log(`✓ ${pkg.name}: ${r.relFile} is up to date`);
    else
      act.write(released ? `version ${r.recorded.version} → ${pkg.version}` : "layout refreshed");
  } else if (released) {
    act.write(`API of ${pkg.version}, released after ${r.recorded.version}`);
  } else if (options.force) {
    act.write(`--force: API changed at ${pkg.version} without a release`);
  } else if (BUMP_RANK[r.found.bump] >= BUMP_RANK[r.needed.bump]) {
    act.log(
      `✓ ${pkg.name}: ${r.relFile} kept: it records the API of ${pkg.version}, and the change is covered by ${r.found.bump} in ${r.found.files.join(", ")}; it is rewritten after \`changeset version\`.`,
    );
  } else {
    act.fail(
      [
        ...refusal(pkg, r),
        `  ${r.relFile} records the API of the last release, so it is not rewritten before the change has a changeset and is released.`,
        `  If ${pkg.name}@${pkg.version} was never released, \`pnpm api:update --force --filter ${pkg.name}\` records the current API.`,
      ].join("\n"),
    );
  }
}
