import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { sweepStaleTemporaries } from "../src/lifecycle/stale-temporaries.js";
import { startTestDaemon, type TestDaemon, tempHome } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A temporary as a killed writer (another process) leaves it: `.<target>.<pid>.<hex>.elowen-tmp`. */
function leftBehind(dir: string, target: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `.${target}.${process.pid + 1}.0123456789ab.elowen-tmp`);
  writeFileSync(path, "half a wri");
  return path;
}

describe("start-up removes the temporaries a killed writer left", () => {
  test("in the data directory and in plugin folders, keeping every other file", async () => {
    const home = tempHome();
    const stale = [
      leftBehind(home, "daemon.json"),
      leftBehind(join(home, "plugins-data", "todo"), "lists.json"),
      leftBehind(join(home, "plugins-data", "skills", "personal", "1", "notes"), "SKILL.md"),
    ];
    const kept = [
      join(home, "plugins-data", "skills", "personal", "1", "notes", "SKILL.md"),
      join(home, "plugins-data", "todo", ".lists.json.tmp"),
      join(home, "plugins-data", "todo", ".lists.json.123.nothex.elowen-tmp"),
    ];
    for (const path of kept) writeFileSync(path, "mine");
    t = await startTestDaemon({ home });
    expect(stale.filter((path) => existsSync(path))).toEqual([]);
    expect(kept.filter((path) => existsSync(path))).toEqual(kept);
  });

  test("in a plugin data root set elsewhere, and never in one other instances share (null)", async () => {
    const home = tempHome();
    const own = join(tempHome(), "plugins-data");
    const sharedRoot = join(tempHome(), "plugins-data");
    const inOwn = leftBehind(join(own, "todo"), "lists.json");
    const inShared = leftBehind(join(sharedRoot, "todo"), "lists.json");
    expect((await sweepStaleTemporaries(home, process.pid, own)).removed).toEqual([inOwn]);
    expect((await sweepStaleTemporaries(home, process.pid, null)).removed).toEqual([]);
    expect(existsSync(inShared)).toBe(true);
  });
});
