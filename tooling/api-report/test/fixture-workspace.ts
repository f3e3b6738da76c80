// Builds a throwaway workspace from fixtures/ and runs the real CLI in it.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const here = import.meta.dirname;
const fixtures = join(here, "..", "fixtures");
const cli = join(here, "..", "cli.mjs");

/** The two published fixture packages: `stable` is at 1.2.0, `early` at 0.3.0. */
export type FixturePackage = "stable" | "early";

/** A directory of fixtures/declarations/, laid over `released` as the package's built `dist`. */
export type Declarations =
  | "released"
  | "chunked"
  | "export-removed"
  | "type-changed"
  | "internal-narrowed"
  | "export-added";

export type Bump = "patch" | "minor" | "major" | "none";

export interface WorkspaceOptions {
  /** What each package's dist holds; `null` leaves it unbuilt. Default: `released`. */
  stable?: Declarations | null;
  early?: Declarations | null;
  /** Pending changesets by file name (without .md): a release map, or the raw file. */
  changesets?: Record<string, Record<string, Bump> | string>;
}

const roots: string[] = [];

/** A copy of fixtures/workspace with built declarations and the given changesets. */
export function fixtureWorkspace(options: WorkspaceOptions = {}): string {
  const root = mkdtempSync(join(tmpdir(), "api-report-"));
  roots.push(root);
  cpSync(join(fixtures, "workspace"), root, { recursive: true });
  for (const pkg of ["stable", "early"] as const) {
    const declarations = options[pkg] === undefined ? "released" : options[pkg];
    if (declarations === null) continue;
    const dist = join(root, "packages", pkg, "dist");
    mkdirSync(dist, { recursive: true });
    cpSync(join(fixtures, "declarations", "released"), dist, { recursive: true });
    cpSync(join(fixtures, "declarations", declarations), dist, { recursive: true });
  }
  for (const [name, content] of Object.entries(options.changesets ?? {})) {
    writeFileSync(join(root, ".changeset", `${name}.md`), changesetText(content));
  }
  return root;
}

/** Removes every workspace fixtureWorkspace made; call from afterAll (tests run concurrently). */
export function removeFixtureWorkspaces(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** The path of a fixture package's committed report. */
export function reportFile(root: string, pkg: FixturePackage): string {
  return join(root, "packages", pkg, "etc", `${pkg}.api.md`);
}

/** Sets a fixture package's version, as `changeset version` would. */
export function setVersion(root: string, pkg: FixturePackage, version: string): void {
  const file = join(root, "packages", pkg, "package.json");
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, JSON.stringify({ ...manifest, version }, null, 2));
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout then stderr, for assertions that do not care which stream. */
  output: string;
}

/**
 * Runs `node cli.mjs <args> --root <root>` and resolves with what it printed. Asynchronous, so
 * that concurrent tests run their CLIs side by side.
 */
export function runCli(root: string, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args, "--root", root]);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr, output: stdout + stderr }));
  });
}

function changesetText(content: Record<string, Bump> | string): string {
  if (typeof content === "string") return content;
  const releases = Object.entries(content).map(([name, bump]) => `"${name}": ${bump}`);
  return `---\n${releases.join("\n")}\n---\n\nA change.\n`;
}
