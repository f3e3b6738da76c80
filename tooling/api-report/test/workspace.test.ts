import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { typedEntries } from "../lib/package-entries.mjs";
import { type WorkspacePackage, workspacePackages } from "../lib/workspace.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workspace(patterns: string[], packages: Record<string, object>): string {
  const root = mkdtempSync(join(tmpdir(), "api-workspace-"));
  dirs.push(root);
  writeFileSync(
    join(root, "pnpm-workspace.yaml"),
    `packages:\n${patterns.map((p) => `  - "${p}"`).join("\n")}\n`,
  );
  for (const [dir, manifest] of Object.entries(packages)) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, "package.json"), JSON.stringify(manifest));
  }
  return root;
}

function pkg(manifest: Record<string, unknown>): WorkspacePackage {
  return {
    name: "@x/p",
    version: "1.0.0",
    dir: "/w/p",
    relDir: "p",
    private: false,
    manifest,
  };
}

describe("workspacePackages", () => {
  test("expands one level of * per segment, skips folders without package.json, honours !", () => {
    const root = workspace(["packages/*", "packages/plugins/*", "!packages/plugins/old"], {
      "packages/a": { name: "a" },
      "packages/plugins/b": { name: "b", private: true },
      "packages/plugins/old": { name: "old" },
      "elsewhere/c": { name: "c" },
    });
    expect(workspacePackages(root).map((p) => [p.relDir, p.name, p.private])).toEqual([
      ["packages/a", "a", false],
      ["packages/plugins/b", "b", true],
    ]);
  });

  test("refuses ** rather than missing packages", () => {
    const root = workspace(["packages/**"], {});
    expect(() => workspacePackages(root)).toThrow('pattern "packages/**": "**" is not supported');
  });

  test("refuses a root that is not a pnpm workspace", () => {
    expect(() => workspacePackages("/nonexistent")).toThrow(
      "/nonexistent/pnpm-workspace.yaml does not exist",
    );
  });
});

describe("typedEntries", () => {
  test("takes the first types condition at any depth and skips untyped entries", () => {
    const entries = typedEntries(
      pkg({
        exports: {
          ".": { import: { types: "./dist/index.d.ts", default: "./dist/index.js" } },
          "./styles.css": "./dist/styles.css",
          "./package.json": "./package.json",
        },
      }),
    );
    expect(entries).toEqual([
      { subpath: ".", types: "./dist/index.d.ts", file: "/w/p/dist/index.d.ts" },
    ]);
  });

  test("uses the top-level types field when there is no exports map", () => {
    expect(typedEntries(pkg({ types: "./lib/main.d.ts" }))).toEqual([
      { subpath: ".", types: "./lib/main.d.ts", file: "/w/p/lib/main.d.ts" },
    ]);
  });

  test("refuses a typed subpath pattern, which the report cannot enumerate", () => {
    expect(() => typedEntries(pkg({ exports: { "./*": { types: "./dist/*.d.ts" } } }))).toThrow(
      'exports["./*"] is a pattern',
    );
  });

  test("refuses a published package without types", () => {
    expect(() => typedEntries(pkg({ exports: { ".": "./dist/index.js" } }))).toThrow(
      'no exports entry has a "types" condition',
    );
  });
});
