// Which packages the report covers: every workspace package (pnpm-workspace.yaml `packages:`)
// that is not `"private": true`, i.e. every package changesets would publish.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse as parseYaml } from "yaml";

/**
 * @typedef {object} WorkspacePackage
 * @property {string} name the package.json `name`
 * @property {string} version the package.json `version`
 * @property {string} dir absolute directory
 * @property {string} relDir directory relative to the workspace root, with `/`
 * @property {boolean} private whether package.json says `"private": true`
 * @property {Record<string, unknown>} manifest the parsed package.json
 */

/**
 * Lists the workspace packages under `root`, sorted by directory. Patterns are matched one path
 * segment at a time; `*` matches within a segment, `!pattern` excludes, `**` is refused because
 * the workspace does not use it and a half-supported glob would silently miss packages.
 * @param {string} root
 * @returns {WorkspacePackage[]}
 */
export function workspacePackages(root) {
  const file = join(root, "pnpm-workspace.yaml");
  if (!existsSync(file))
    throw new Error(`${file} does not exist: --root must name a pnpm workspace`);
  const config = parseYaml(readFileSync(file, "utf8"));
  const patterns = config?.packages;
  if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === "string")) {
    throw new Error(`${file}: expected "packages:" to be a list of directory patterns`);
  }
  const include = patterns.filter((p) => !p.startsWith("!"));
  const exclude = patterns.filter((p) => p.startsWith("!")).map((p) => segmentsRegex(p.slice(1)));
  const dirs = new Set(include.flatMap((pattern) => expand(root, pattern)));
  return [...dirs]
    .filter((dir) => !exclude.some((re) => re.test(relative(root, dir).split("\\").join("/"))))
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => readPackage(root, dir))
    .sort((a, b) => (a.relDir < b.relDir ? -1 : a.relDir > b.relDir ? 1 : 0));
}

/**
 * @param {string} root
 * @param {string} dir
 * @returns {WorkspacePackage}
 */
function readPackage(root, dir) {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const relDir = relative(root, dir).split("\\").join("/");
  if (typeof manifest.name !== "string" || manifest.name === "") {
    throw new Error(`${relDir}/package.json: expected a "name"`);
  }
  return {
    name: manifest.name,
    version: typeof manifest.version === "string" ? manifest.version : "0.0.0",
    dir,
    relDir,
    private: manifest.private === true,
    manifest,
  };
}

/**
 * @param {string} root
 * @param {string} pattern
 * @returns {string[]}
 */
function expand(root, pattern) {
  const segments = pattern.replace(/\/+$/, "").split("/");
  if (segments.some((s) => s.includes("**"))) {
    throw new Error(`pnpm-workspace.yaml pattern "${pattern}": "**" is not supported here`);
  }
  /** @type {string[]} */
  let dirs = [root];
  for (const segment of segments) {
    const re = segmentRegex(segment);
    dirs = dirs.flatMap((dir) =>
      existsSync(dir)
        ? readdirSync(dir, { withFileTypes: true })
            .filter((e) => e.isDirectory() && e.name !== "node_modules" && re.test(e.name))
            .map((e) => join(dir, e.name))
        : [],
    );
  }
  return dirs;
}

/** @param {string} segment */
function segmentRegex(segment) {
  const body = segment
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/]*");
  return new RegExp(`^${body}$`);
}

/** @param {string} pattern */
function segmentsRegex(pattern) {
  const body = pattern
    .replace(/\/+$/, "")
    .split("/")
    .map((s) => segmentRegex(s).source.slice(1, -1))
    .join("/");
  return new RegExp(`^${body}$`);
}
