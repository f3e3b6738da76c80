// The pending changesets: `.changeset/*.md` that `changeset version` has not consumed yet.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import parseChangeset from "@changesets/parse";
import { BUMP_RANK } from "./api-diff.mjs";

/** @import { Bump } from "./api-diff.mjs" */

/**
 * @typedef {object} Changeset
 * @property {string} file path relative to the root (".changeset/brave-cats.md")
 * @property {{ name: string, type: Bump }[]} releases
 */

/**
 * Reads every pending changeset with changesets' own parser. In pre mode, the changesets listed
 * in `.changeset/pre.json` were already versioned into a prerelease and no longer count.
 * Throws, naming the file, when one does not parse.
 * @param {string} root
 * @returns {Changeset[]}
 */
export function pendingChangesets(root) {
  const dir = join(root, ".changeset");
  if (!existsSync(dir)) return [];
  const consumed = preModeChangesets(dir);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "README.md" && !consumed.has(f.slice(0, -3)))
    .sort()
    .map((f) => {
      const file = `.changeset/${f}`;
      try {
        const { releases } = parseChangeset(readFileSync(join(dir, f), "utf8"));
        return { file, releases };
      } catch (error) {
        throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
}

/**
 * The largest bump the changesets give `name`, and the files that name it.
 * @param {Changeset[]} changesets
 * @param {string} name
 * @returns {{ bump: Bump, files: string[] }}
 */
export function bumpFor(changesets, name) {
  /** @type {Bump} */
  let bump = "none";
  /** @type {string[]} */
  const files = [];
  for (const changeset of changesets) {
    for (const release of changeset.releases) {
      if (release.name !== name) continue;
      files.push(changeset.file);
      if (BUMP_RANK[release.type] > BUMP_RANK[bump]) bump = release.type;
    }
  }
  return { bump, files };
}

/** @param {string} dir */
function preModeChangesets(dir) {
  const file = join(dir, "pre.json");
  if (!existsSync(file)) return new Set();
  const pre = JSON.parse(readFileSync(file, "utf8"));
  return new Set(Array.isArray(pre?.changesets) ? pre.changesets : []);
}
