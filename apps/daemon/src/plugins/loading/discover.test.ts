import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { tempHomes } from "../../../test/helpers/temp-homes.js";
import { fixturePlugin } from "../../../test/helpers/test-daemon.js";
import { discoverPlugins } from "./discover.js";

const home = tempHomes();

describe("discoverPlugins", () => {
  test("finds installed packages that declare an elowen block, scoped ones included, and skips the rest", () => {
    const dir = home();
    const modules = join(dir, "plugins", "node_modules");
    cpSync(fixturePlugin("grantable"), join(modules, "acme-grantable"), { recursive: true });
    cpSync(fixturePlugin("collide"), join(modules, "@acme", "collide"), { recursive: true });
    mkdirSync(join(modules, "left-pad"), { recursive: true });
    writeFileSync(
      join(modules, "left-pad", "package.json"),
      JSON.stringify({ name: "left-pad", version: "1.0.0" }),
    );
    const found = discoverPlugins({ bundled: false, dirs: [], home: dir });
    expect(found.map((c) => [c.source, (c.packageJson as { name: string }).name]).sort()).toEqual([
      ["installed", "acme-collide"],
      ["installed", "acme-grantable"],
    ]);
  });

  test("a configured directory is always a candidate, relative to the data directory", () => {
    const dir = home();
    cpSync(fixturePlugin("grantable"), join(dir, "mine"), { recursive: true });
    const found = discoverPlugins({ bundled: false, dirs: ["mine", "absent"], home: dir });
    expect(found.map((c) => [c.source, c.readError ?? "ok"])).toEqual([
      ["config", "ok"],
      ["config", `no package.json in ${join(dir, "absent")}`],
    ]);
  });

  test("bundled plugins without an elowen block yet are not candidates", () => {
    const found = discoverPlugins({ bundled: true, dirs: [], home: home() });
    for (const candidate of found) expect(candidate.source).toBe("bundled");
    for (const candidate of found) expect(candidate.packageJson).toHaveProperty("elowen");
  });
});
