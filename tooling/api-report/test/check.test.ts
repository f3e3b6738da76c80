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

describe.concurrent("check", () => {
  test("passes packages whose declarations match their committed reports", async () => {
    const run = await runCli(fixtureWorkspace(), "check");
    expect(run.stdout).toContain(
      "✓ @fixture/stable: API matches packages/stable/etc/stable.api.md",
    );
    expect(run.stdout).toContain("✓ @fixture/early: API matches packages/early/etc/early.api.md");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  test("skips private packages, which have neither a build nor a report", async () => {
    const run = await runCli(fixtureWorkspace(), "check");
    expect(run.output).not.toContain("@fixture/helper");
    expect(run.stdout).toContain("2 of 2 API reports pass.");
  });

  test("passes a rebuild that splits the same API into chunks with bundler renames", async () => {
    const run = await runCli(fixtureWorkspace({ stable: "chunked" }), "check");
    expect(run.stdout).toContain("✓ @fixture/stable: API matches");
    expect(run.status).toBe(0);
  });

  test("fails an export removed under a patch changeset, naming the export and the bump needed", async () => {
    const root = fixtureWorkspace({
      stable: "export-removed",
      changesets: { "brave-cats": { "@fixture/stable": "patch" } },
    });
    const run = await runCli(root, "check");
    expect(run.stderr).toContain("✗ @fixture/stable: the built API differs");
    expect(run.stderr).toContain("removed  . describeWidget (function)");
    expect(run.stderr).toContain("bump needed: major");
    expect(run.stderr).toContain("bump found:  patch (.changeset/brave-cats.md)");
    expect(run.stderr).toContain("give @fixture/stable major in .changeset/brave-cats.md");
    expect(run.status).toBe(1);
  });

  test("passes an export removed under a major changeset at 1.x, saying the report differs", async () => {
    const root = fixtureWorkspace({
      stable: "export-removed",
      changesets: { "brave-cats": { "@fixture/stable": "major" } },
    });
    const run = await runCli(root, "check");
    expect(run.stdout).toContain(
      "✓ @fixture/stable: API differs from packages/stable/etc/stable.api.md (the API of 1.2.0), covered by major in .changeset/brave-cats.md (needed: major)",
    );
    expect(run.stdout).toContain("removed  . describeWidget (function)");
    expect(run.status).toBe(0);
  });

  test("accepts minor for an export removed below 1.0, but not at 1.x", async () => {
    const changesets = {
      "brave-cats": { "@fixture/stable": "minor", "@fixture/early": "minor" },
    } as const;
    const root = fixtureWorkspace({
      stable: "export-removed",
      early: "export-removed",
      changesets,
    });
    const run = await runCli(root, "check");
    expect(run.stdout).toContain("✓ @fixture/early: API differs");
    expect(run.stderr).toContain("✗ @fixture/stable: the built API differs");
    expect(run.stderr).not.toContain("✗ @fixture/early");
    expect(run.status).toBe(1);
  });

  test("fails an export removed below 1.0 under a patch changeset, needing minor", async () => {
    const root = fixtureWorkspace({
      early: "export-removed",
      changesets: { "brave-cats": { "@fixture/early": "patch" } },
    });
    const run = await runCli(root, "check");
    expect(run.stderr).toContain("removed  . describeWidget (function)");
    expect(run.stderr).toContain(
      "bump needed: minor (an export was removed or a declaration changed, and 0.3.0 is below 1.0.0)",
    );
    expect(run.status).toBe(1);
  });

  test("fails a changed declaration type under patch, showing the old and new text", async () => {
    const root = fixtureWorkspace({
      stable: "type-changed",
      changesets: { "brave-cats": { "@fixture/stable": "patch" } },
    });
    const run = await runCli(root, "check");
    expect(run.stderr).toContain("changed  . describeWidget (function)");
    expect(run.stderr).toContain("was: function describeWidget(widget: Widget): string;");
    expect(run.stderr).toContain("now: function describeWidget(widget: Widget): number;");
    expect(run.stderr).toContain("bump needed: major");
    expect(run.status).toBe(1);
  });

  test("fails a narrowed type that the API names without exporting", async () => {
    const root = fixtureWorkspace({
      stable: "internal-narrowed",
      changesets: { "brave-cats": { "@fixture/stable": "minor" } },
    });
    const run = await runCli(root, "check");
    expect(run.stderr).toContain(
      "changed  . WidgetOptions (interface, not exported but named by the API)",
    );
    expect(run.stderr).toContain("bump needed: major");
    expect(run.status).toBe(1);
  });

  test("passes an addition under patch below 1.0 and fails it at 1.x, where it needs minor", async () => {
    const changesets = {
      "brave-cats": { "@fixture/stable": "patch", "@fixture/early": "patch" },
    } as const;
    const root = fixtureWorkspace({ stable: "export-added", early: "export-added", changesets });
    const run = await runCli(root, "check");
    expect(run.stdout).toContain("✓ @fixture/early: API differs");
    expect(run.stdout).toContain("added    . resizeWidget (function)");
    expect(run.stderr).toContain("✗ @fixture/stable");
    expect(run.stderr).toContain(
      "bump needed: minor (exports were only added, and 1.2.0 is 1.0.0 or above)",
    );
    expect(run.status).toBe(1);
  });

  test("fails an API change without a changeset, pointing at `pnpm changeset`", async () => {
    const run = await runCli(fixtureWorkspace({ early: "export-added" }), "check");
    expect(run.stderr).toContain("bump found:  none (no pending changeset names @fixture/early)");
    expect(run.stderr).toContain("fix: run `pnpm changeset` and give @fixture/early a patch bump");
    expect(run.status).toBe(1);
  });

  test("does not count a changeset for another package", async () => {
    const root = fixtureWorkspace({
      early: "export-added",
      changesets: { "brave-cats": { "@fixture/stable": "major" } },
    });
    const run = await runCli(root, "check");
    expect(run.stderr).toContain("✗ @fixture/early");
    expect(run.status).toBe(1);
  });

  test("takes the largest bump when several changesets name the package", async () => {
    const root = fixtureWorkspace({
      stable: "export-removed",
      changesets: {
        "brave-cats": { "@fixture/stable": "patch" },
        "calm-dogs": { "@fixture/stable": "major" },
      },
    });
    const run = await runCli(root, "check");
    expect(run.stdout).toContain(
      "covered by major in .changeset/brave-cats.md, .changeset/calm-dogs.md",
    );
    expect(run.status).toBe(0);
  });

  test("fails a published package that has no committed report, naming the update command", async () => {
    const root = fixtureWorkspace();
    rmSync(reportFile(root, "early"));
    const run = await runCli(root, "check");
    expect(run.stderr).toContain(
      "✗ @fixture/early: no API report at packages/early/etc/early.api.md. Run `pnpm api:update --filter @fixture/early` and commit the file.",
    );
    expect(run.status).toBe(1);
  });

  test("fails an unbuilt package, saying to build first", async () => {
    const run = await runCli(fixtureWorkspace({ stable: null }), "check");
    expect(run.stderr).toContain(
      "✗ @fixture/stable: packages/stable/dist/index.d.ts, packages/stable/dist/shapes.d.ts does not exist. Build first: `pnpm build`",
    );
    expect(run.status).toBe(1);
  });

  test("fails a report whose version is behind package.json, even when the API is the same", async () => {
    const root = fixtureWorkspace();
    setVersion(root, "stable", "1.2.1");
    const run = await runCli(root, "check");
    expect(run.stderr).toContain(
      "✗ @fixture/stable: packages/stable/etc/stable.api.md records @fixture/stable@1.2.0, package.json says @fixture/stable@1.2.1. Run `pnpm api:update --filter @fixture/stable`",
    );
    expect(run.status).toBe(1);
  });

  test("passes a report that differs only in layout, saying update refreshes it", async () => {
    const root = fixtureWorkspace();
    const file = reportFile(root, "stable");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("    size: number;\n", "size:   number;\n"),
    );
    const run = await runCli(root, "check");
    expect(run.stdout).toContain("only its layout differs");
    expect(run.status).toBe(0);
  });

  test("fails a report it cannot read, naming the line", async () => {
    const root = fixtureWorkspace();
    writeFileSync(reportFile(root, "stable"), "# Something else\n");
    const run = await runCli(root, "check");
    expect(run.stderr).toContain(
      'packages/stable/etc/stable.api.md:1: expected "# API report: <package name>", found "# Something else"',
    );
    expect(run.status).toBe(1);
  });

  test("fails on a changeset that does not parse, naming the file", async () => {
    const root = fixtureWorkspace({
      changesets: { "odd-owls": '---\n"@fixture/stable": huge\n---\n' },
    });
    const run = await runCli(root, "check");
    expect(run.stderr).toContain(".changeset/odd-owls.md: could not parse changeset");
    expect(run.stderr).toContain('invalid version type "huge"');
    expect(run.status).toBe(2);
  });

  test("ignores changesets that pre mode already versioned", async () => {
    const root = fixtureWorkspace({
      early: "export-added",
      changesets: { "brave-cats": { "@fixture/early": "patch" } },
    });
    writeFileSync(
      `${root}/.changeset/pre.json`,
      JSON.stringify({ mode: "pre", tag: "next", initialVersions: {}, changesets: ["brave-cats"] }),
    );
    const run = await runCli(root, "check");
    expect(run.stderr).toContain("bump found:  none");
    expect(run.status).toBe(1);
  });

  test("--filter checks only the named package", async () => {
    const root = fixtureWorkspace({ stable: "export-removed" });
    const run = await runCli(root, "check", "--filter", "@fixture/early");
    expect(run.output).not.toContain("@fixture/stable");
    expect(run.stdout).toContain("1 of 1 API reports pass.");
    expect(run.status).toBe(0);
  });

  test.each([
    [
      "@fixture/nope",
      "--filter @fixture/nope: no workspace package has that name (published: @fixture/early, @fixture/stable)",
    ],
    [
      "@fixture/helper",
      "--filter @fixture/helper: the package is private, so it has no API report",
    ],
  ])("refuses --filter %s with a usage error", async (name, message) => {
    const run = await runCli(fixtureWorkspace(), "check", "--filter", name);
    expect(run.stderr).toContain(message);
    expect(run.status).toBe(2);
  });
});
