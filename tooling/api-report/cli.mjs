#!/usr/bin/env node
// pnpm api:check / pnpm api:update: see README.md beside this file.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { check } from "./lib/check.mjs";
import { update } from "./lib/update.mjs";
import { workspacePackages } from "./lib/workspace.mjs";

const USAGE = `usage: node tooling/api-report/cli.mjs <check|update> [--filter <package name>]... [--root <dir>] [--force]
  check    compare each published package's built API with its etc/<name>.api.md (writes nothing)
  update   write etc/<name>.api.md from the build (run after \`changeset version\`, or for a new package)
  --filter only this package (repeatable); default: every package that is not "private": true
  --root   the workspace root (default: the repository this script is in)
  --force  update: record an API change at an unreleased version (the package was never released)`;

/** @param {string[]} argv */
function main(argv) {
  /** @type {ReturnType<typeof parseArgs<{ options: typeof OPTIONS, allowPositionals: true }>>} */
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const { positionals, values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, ...extra] = positionals;
  if (command !== "check" && command !== "update") {
    return usage(`expected "check" or "update", got ${JSON.stringify(command ?? "")}`);
  }
  if (extra.length > 0) return usage(`unexpected argument ${JSON.stringify(extra[0])}`);
  if (values.force && command !== "update") return usage("--force only applies to update");
  const root = resolve(values.root ?? resolve(import.meta.dirname, "..", ".."));
  try {
    const all = workspacePackages(root);
    const published = all.filter((p) => !p.private);
    const filters = values.filter ?? [];
    for (const name of filters) {
      const pkg = all.find((p) => p.name === name);
      if (!pkg) {
        const names = published.map((p) => p.name).join(", ");
        return usage(`--filter ${name}: no workspace package has that name (published: ${names})`);
      }
      if (pkg.private)
        return usage(`--filter ${name}: the package is private, so it has no API report`);
    }
    const packages =
      filters.length > 0 ? published.filter((p) => filters.includes(p.name)) : published;
    const out = { log: console.log, error: console.error };
    const ok =
      command === "check"
        ? check(root, packages, out)
        : update(root, packages, { force: values.force ?? false }, out);
    return ok ? 0 : 1;
  } catch (error) {
    console.error(`✗ api:${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

const OPTIONS = /** @type {const} */ ({
  filter: { type: "string", multiple: true },
  root: { type: "string" },
  force: { type: "boolean" },
  help: { type: "boolean", short: "h" },
});

/** @param {string} message */
function usage(message) {
  console.error(`${message}\n\n${USAGE}`);
  return 2;
}

process.exitCode = main(process.argv.slice(2));
