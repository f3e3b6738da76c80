import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { checkFolderCycles, checkModuleCycles, FOLDER_AREAS, sourceRoots } from "../lib/check.mjs";

const fixtures = join(import.meta.dirname, "fixtures");
const repo = join(import.meta.dirname, "..", "..", "..");

describe("the module-cycle check", () => {
  test("fails on a cycle made only of `import type`, naming both modules", () => {
    const { ok, report } = checkModuleCycles({ cwd: fixtures, dirs: ["type-cycle"] });
    expect(ok).toBe(false);
    expect(report).toContain("no-cycle");
    expect(report).toContain("type-cycle/session.ts");
    expect(report).toContain("type-cycle/turn.ts");
  });

  test("passes once the shared types live in a neutral module", () => {
    expect(checkModuleCycles({ cwd: fixtures, dirs: ["acyclic"] })).toEqual({
      ok: true,
      report: expect.stringContaining("no dependency violations found"),
    });
  });

  test("fails on a relative import that resolves to no file, so no cycle hides behind it", () => {
    const { ok, report } = checkModuleCycles({ cwd: fixtures, dirs: ["unresolved"] });
    expect(ok).toBe(false);
    expect(report).toContain("relative-import-resolves");
    expect(report).toContain("./sesion.js");
  });

  test("refuses an empty list of directories", () => {
    expect(() => checkModuleCycles({ cwd: fixtures, dirs: [] })).toThrow(/dirs is empty/);
  });

  test("cruises the src/ of every app, package and bundled plugin", () => {
    const roots = sourceRoots(repo);
    expect(roots).toContain("apps/daemon/src");
    expect(roots).toContain("packages/plugin-api/src");
    expect(roots).toContain("packages/plugins/skills/src");
    expect(
      roots.every((root) => /^(apps|packages|packages\/plugins)\/[^/]+\/src$/.test(root)),
    ).toBe(true);
  });
});

describe("the folder-level check", { timeout: 60_000 }, () => {
  test("fails when two folders need each other though no module cycle exists, naming both", () => {
    expect(checkModuleCycles({ cwd: fixtures, dirs: ["folder-cycle"] }).ok).toBe(true);
    const { ok, report } = checkFolderCycles({ cwd: fixtures, area: "folder-cycle" });
    expect(ok).toBe(false);
    expect(report).toContain("no-folder-cycle");
    expect(report).toContain("folder-cycle/turn");
    expect(report).toContain("folder-cycle/session");
  });

  test("passes once the module that runs turns lives above the state they read", () => {
    expect(checkFolderCycles({ cwd: fixtures, area: "folder-layered" })).toEqual({
      ok: true,
      report: expect.stringContaining("no dependency violations found"),
    });
  });

  test("refuses an area that is not a folder relative to cwd", () => {
    expect(() => checkFolderCycles({ cwd: fixtures, area: "" })).toThrow(/area is ""/);
    expect(() => checkFolderCycles({ cwd: fixtures, area: "/abs" })).toThrow(/relative to cwd/);
  });

  test("holds the daemon's brain to folders that depend on each other one way", () => {
    expect(FOLDER_AREAS).toContain("apps/daemon/src/brain");
    const { ok, report } = checkFolderCycles({ cwd: repo, area: "apps/daemon/src/brain" });
    expect(report).toContain("no dependency violations found");
    expect(ok).toBe(true);
  });
});
