import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { resolveWebDir } from "./web-dir.js";

describe("resolveWebDir", () => {
  test("finds the web client's build through @elowen/web's webRoot()", async () => {
    const root = mkdtempSync(join(tmpdir(), "elowen-web-"));
    mkdirSync(join(root, "app"));
    writeFileSync(join(root, "app", "index.html"), "<!doctype html>");
    const web = {
      webRoot: () => join(root, "app"),
      hasWebBuild: (dir: string) => dir === join(root, "app"),
    };
    expect(await resolveWebDir(async () => web)).toEqual({ found: true, dir: join(root, "app") });
  });

  test("says the web client is not built, and how to build it, when its index.html is missing", async () => {
    const web = { webRoot: () => "/nowhere/dist/app", hasWebBuild: () => false };
    expect(await resolveWebDir(async () => web)).toEqual({
      found: false,
      reason:
        "@elowen/web is not built (no index.html in /nowhere/dist/app); build it with `pnpm --filter @elowen/web build`",
    });
  });

  test("tolerates a missing or too old @elowen/web", async () => {
    expect(
      await resolveWebDir(() => Promise.reject(new Error("Cannot find package '@elowen/web'"))),
    ).toEqual({
      found: false,
      reason: "the @elowen/web package cannot be loaded (Cannot find package '@elowen/web')",
    });
    expect(await resolveWebDir(async () => ({}))).toMatchObject({
      found: false,
      reason: expect.stringContaining("has no webRoot()"),
    });
  });

  test("finds this repository's web client, built before the CLI's tests", async () => {
    expect(await resolveWebDir()).toEqual({
      found: true,
      dir: expect.stringMatching(/apps\/web\/dist\/app$/),
    });
  });
});
