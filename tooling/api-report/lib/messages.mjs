// The words `check` and `update` share: what changed, what is needed, how to fix it.

/** @import { ApiChange } from "./api-diff.mjs" */
/** @import { Reported, Unbuilt } from "./inspect.mjs" */
/** @import { WorkspacePackage } from "./workspace.mjs" */

const SHOWN_CHARS = 240;

/**
 * One line per change, with the old and new text of a changed declaration.
 * @param {ApiChange[]} changes
 * @returns {string[]}
 */
export function describeChanges(changes) {
  return changes.flatMap((c) => {
    const entry = c.after ?? c.before;
    const what =
      c.name === ""
        ? `${c.subpath} (the subpath itself)`
        : `${c.subpath} ${c.name} (${entry?.kind ?? "?"}${c.exported ? "" : ", not exported but named by the API"})`;
    const line = `    ${c.change.padEnd(8)} ${what}`;
    if (c.change !== "changed" || !c.before || !c.after) return [line];
    return [
      line,
      `      was: ${excerpt(c.before.text, c.after.text)}`,
      `      now: ${excerpt(c.after.text, c.before.text)}`,
    ];
  });
}

/**
 * Why a package's API change is refused, and how to fix it.
 * @param {WorkspacePackage} pkg
 * @param {Reported} r
 * @returns {string[]}
 */
export function refusal(pkg, r) {
  const found =
    r.found.files.length === 0
      ? `none (no pending changeset names ${pkg.name})`
      : `${r.found.bump} (${r.found.files.join(", ")})`;
  const lines = [
    `✗ ${pkg.name}: the built API differs from ${r.relFile} (the API of ${r.recorded.version}):`,
    ...describeChanges(r.changes),
    `  bump needed: ${r.needed.bump} (${r.needed.reason})`,
    `  bump found:  ${found}`,
    r.found.files.length === 0
      ? `  fix: run \`pnpm changeset\` and give ${pkg.name} a ${r.needed.bump} bump`
      : `  fix: give ${pkg.name} ${r.needed.bump} in ${r.found.files.join(" or ")}, or run \`pnpm changeset\``,
  ];
  if (r.changes.some((c) => c.change !== "added")) {
    lines.push("       or restore what was removed or changed");
  }
  if (r.recorded.version !== pkg.version) {
    lines.push(
      `       or, if ${pkg.version} was released with these changes, record them: \`pnpm api:update --filter ${pkg.name}\``,
    );
  }
  return lines;
}

/**
 * @param {WorkspacePackage} pkg
 * @param {Unbuilt} r
 */
export function unbuilt(pkg, r) {
  return `✗ ${pkg.name}: ${r.missing.join(", ")} does not exist. Build first: \`pnpm build\` (or \`pnpm turbo run build --filter ${pkg.name}...\`).`;
}

/** How many characters before the first difference an excerpt keeps. */
const LEAD_CHARS = 60;

/**
 * `text` on one line, at most SHOWN_CHARS of it: from a little before where it first differs
 * from `other`, so that the member that changed is shown, not cut off after the declaration's
 * unchanged start.
 * @param {string} text
 * @param {string} other
 */
export function excerpt(text, other) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SHOWN_CHARS) return flat;
  const theirs = other.replace(/\s+/g, " ").trim();
  let first = 0;
  while (first < flat.length && flat[first] === theirs[first]) first++;
  const start = Math.max(0, Math.min(first - LEAD_CHARS, flat.length - SHOWN_CHARS));
  const end = start + SHOWN_CHARS;
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}
