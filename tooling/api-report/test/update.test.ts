import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import {
  fixtureWorkspace,
  removeFixtureWorkspaces,
  reportFile,
  runCli,
  setVersion,
} from "./fixture-workspace.js";

afterAll(removeFixtureWorkspaces);

describe.concurrent("update", () => {
  test("writes a missing report that check then accepts", async () => {
    const root = fixtureWorkspace();
    const committed = readFileSync(reportFile(root, "early"), "utf8");
    rmSync(reportFile(root, "early"));
    const run = await runCli(root, "update", "--filter", "@fixture/early");
    expect(run.stdout).toContain(
      "✓ @fixture/early: wrote packages/early/etc/early.api.md (new report)",
    );
    expect(readFileSync(reportFile(root, "early"), "utf8")).toBe(committed);
    expect((await runCli(root, "check")).status).toBe(0);
  });

  test("leaves a report that matches the build untouched", async () => {
    const run = await runCli(fixtureWorkspace(), "update");
    expect(run.stdout).toContain(
      "✓ @fixture/stable: packages/stable/etc/stable.api.md is up to date",
    );
    expect(run.status).toBe(0);
  });

  test("records the new API once changeset version has moved the package past the report", async () => {
    const root = fixtureWorkspace({ stable: "export-removed" });
    setVersion(root, "stable", "2.0.0");
    const run = await runCli(root, "update");
    expect(run.stdout).toContain(
      "wrote packages/stable/etc/stable.api.md (API of 2.0.0, released after 1.2.0)",
    );
    const report = readFileSync(reportFile(root, "stable"), "utf8");
    expect(report).toContain("Version 2.0.0.");
    expect(report).not.toContain("describeWidget");
    expect((await runCli(root, "check")).status).toBe(0);
  });

  test("moves the version of a report whose API did not change", async () => {
    const root = fixtureWorkspace();
    setVersion(root, "early", "0.3.1");
    const run = await runCli(root, "update");
    expect(run.stdout).toContain("wrote packages/early/etc/early.api.md (version 0.3.0 → 0.3.1)");
    expect((await runCli(root, "check")).status).toBe(0);
  });

  test("refuses to record an unreleased API change that has no changeset, so check cannot be bypassed", async () => {
    const root = fixtureWorkspace({ stable: "export-removed" });
    const before = readFileSync(reportFile(root, "stable"), "utf8");
    const run = await runCli(root, "update");
    expect(run.stderr).toContain("removed  . describeWidget (function)");
    expect(run.stderr).toContain("records the API of the last release, so it is not rewritten");
    expect(run.stderr).toContain("`pnpm api:update --force --filter @fixture/stable`");
    expect(readFileSync(reportFile(root, "stable"), "utf8")).toBe(before);
    expect(run.status).toBe(1);
  });

  test("keeps the released report when a sufficient changeset covers the change", async () => {
    const root = fixtureWorkspace({
      stable: "export-removed",
      changesets: { "brave-cats": { "@fixture/stable": "major" } },
    });
    const before = readFileSync(reportFile(root, "stable"), "utf8");
    const run = await runCli(root, "update");
    expect(run.stdout).toContain(
      "packages/stable/etc/stable.api.md kept: it records the API of 1.2.0",
    );
    expect(readFileSync(reportFile(root, "stable"), "utf8")).toBe(before);
    expect(run.status).toBe(0);
  });

  test("--force records an unreleased API change", async () => {
    const root = fixtureWorkspace({ stable: "export-removed" });
    const run = await runCli(root, "update", "--force");
    expect(run.stdout).toContain("(--force: API changed at 1.2.0 without a release)");
    expect(readFileSync(reportFile(root, "stable"), "utf8")).not.toContain("describeWidget");
    expect((await runCli(root, "check")).status).toBe(0);
  });

  test("--force replaces a report it cannot read, which it otherwise refuses", async () => {
    const root = fixtureWorkspace();
    writeFileSync(reportFile(root, "early"), "garbage\n");
    expect((await runCli(root, "update")).status).toBe(1);
    expect((await runCli(root, "update", "--force")).status).toBe(0);
    expect((await runCli(root, "check")).status).toBe(0);
  });

  test("refuses an unbuilt package and still writes the others", async () => {
    const root = fixtureWorkspace({ stable: null });
    rmSync(reportFile(root, "early"));
    const run = await runCli(root, "update");
    expect(run.stderr).toContain("✗ @fixture/stable: packages/stable/dist/index.d.ts");
    expect(run.stdout).toContain("✓ @fixture/early: wrote packages/early/etc/early.api.md");
    expect(run.status).toBe(1);
  });

  test("refuses --force on check", async () => {
    const run = await runCli(fixtureWorkspace(), "check", "--force");
    expect(run.stderr).toContain("--force only applies to update");
    expect(run.status).toBe(2);
  });
});
