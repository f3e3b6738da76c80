// The committed report, etc/<unscoped name>.api.md: written from an API model and read back.
import { join } from "node:path";

/** @import { ApiEntry, ApiSection } from "./extract-api.mjs" */
/** @import { WorkspacePackage } from "./workspace.mjs" */

/**
 * @typedef {object} ApiReport
 * @property {string} name package name
 * @property {string} version the package version the report records
 * @property {ApiSection[]} sections one per typed subpath, in exports-map order
 */

const NOT_EXPORTED = "not exported: ";
const NO_EXPORTS = "// (no exports)";
const MARKER = /^\/\/ (not exported: )?([a-z][a-z+-]*) (.+)$/;

/**
 * Where a package's report lives: `etc/plugin-shared.api.md` for `@elowen/plugin-shared`.
 * @param {WorkspacePackage} pkg
 */
export function reportPath(pkg) {
  return join(pkg.dir, "etc", `${pkg.name.replace(/^@[^/]+\//, "")}.api.md`);
}

/**
 * The report's markdown: a header naming the package and version, then per subpath one `ts`
 * block with a `// <kind> <name>` line before each declaration.
 * @param {ApiReport} report
 */
export function renderReport(report) {
  const lines = [
    `# API report: ${report.name}`,
    "",
    `Version ${report.version}. Written by \`pnpm api:update\` from the built declarations; do not edit.`,
    "`pnpm api:check` holds the build against this file and the pending changesets (see",
    "`tooling/api-report/README.md`).",
  ];
  for (const section of report.sections) {
    lines.push("", `## Subpath \`${section.subpath}\``, "", "```ts");
    if (section.entries.length === 0) lines.push(NO_EXPORTS);
    section.entries.forEach((entry, i) => {
      if (i > 0) lines.push("");
      lines.push(`// ${entry.exported ? "" : NOT_EXPORTED}${entry.kind} ${entry.name}`);
      lines.push(...entry.text.split("\n").map((line) => line.trimEnd()));
    });
    lines.push("```");
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Reads a report back. Throws, naming the line, on anything renderReport would not have written.
 * @param {string} markdown
 * @param {string} file for messages
 * @returns {ApiReport}
 */
export function parseReport(markdown, file) {
  const lines = markdown.split(/\r?\n/);
  /** @param {number} index @param {string} expected */
  const fail = (index, expected) =>
    new Error(
      `${file}:${index + 1}: expected ${expected}, found ${JSON.stringify(lines[index] ?? "<end of file>")}. Restore the file from git, or rewrite it with \`pnpm api:update --force --filter <name>\``,
    );
  const name = /^# API report: (\S+)$/.exec(lines[0] ?? "")?.[1];
  if (!name) throw fail(0, '"# API report: <package name>"');
  const versionLine = lines.findIndex((l) => l.startsWith("Version "));
  const version = /^Version (\S+)\. /.exec(lines[versionLine] ?? "")?.[1];
  if (!version) throw fail(Math.max(versionLine, 2), '"Version <semver>. ..."');
  /** @type {ApiSection[]} */
  const sections = [];
  for (let i = versionLine + 1; i < lines.length; i++) {
    const subpath = /^## Subpath `(.+)`$/.exec(lines[i] ?? "")?.[1];
    if (!subpath) continue;
    let j = i + 1;
    while (lines[j] === "") j++;
    if (lines[j] !== "```ts") throw fail(j, '"```ts" opening the subpath\'s block');
    /** @type {ApiEntry[]} */
    const entries = [];
    for (j++; j < lines.length && lines[j] !== "```"; j++) {
      const line = lines[j] ?? "";
      const marker = MARKER.exec(line);
      const current = entries.at(-1);
      if (line === NO_EXPORTS) continue;
      if (marker) {
        const [, notExported, kind = "", entryName = ""] = marker;
        entries.push({ name: entryName, kind, text: "", exported: !notExported });
      } else if (current) {
        current.text = current.text === "" ? line : `${current.text}\n${line}`;
      } else {
        throw fail(j, '"// <kind> <name>" before the first declaration');
      }
    }
    if (j >= lines.length) throw fail(j, '"```" closing the subpath\'s block');
    for (const entry of entries) entry.text = entry.text.trimEnd();
    sections.push({ subpath, entries });
    i = j;
  }
  return { name, version, sections };
}
