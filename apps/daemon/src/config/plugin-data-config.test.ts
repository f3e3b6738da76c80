import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ConfigError } from "./config-error.js";
import { loadConfig } from "./load-config.js";

const dirs: string[] = [];
function home(yaml?: string): string {
  const d = mkdtempSync(join(tmpdir(), "elowen-plugin-data-config-"));
  dirs.push(d);
  if (yaml !== undefined) writeFileSync(join(d, "elowen.yaml"), yaml);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("plugins.dataDir: where plugins keep their files", () => {
  test("defaults to plugins-data in the data directory", () => {
    const dir = home();
    expect(loadConfig({ home: dir, env: {} }).config.plugins.dataDir).toBe(
      join(dir, "plugins-data"),
    );
  });

  test("a relative path is read against the data directory, an absolute one as written", () => {
    const dir = home("plugins:\n  dataDir: shared/data\n");
    expect(loadConfig({ home: dir, env: {} }).config.plugins.dataDir).toBe(
      join(dir, "shared", "data"),
    );
    const abs = home("plugins:\n  dataDir: /mnt/elowen-shared/plugins-data\n");
    expect(loadConfig({ home: abs, env: {} }).config.plugins.dataDir).toBe(
      "/mnt/elowen-shared/plugins-data",
    );
  });

  test("ELOWEN_PLUGIN_DATA_DIR wins over the file", () => {
    const dir = home("plugins:\n  dataDir: from-file\n");
    const env = { ELOWEN_PLUGIN_DATA_DIR: "/srv/shared" };
    expect(loadConfig({ home: dir, env }).config.plugins.dataDir).toBe("/srv/shared");
  });

  test("a path of 4,096 characters is accepted; one of 4,097 is refused naming the setting", () => {
    const at = `/${"d".repeat(4095)}`;
    expect(
      loadConfig({ home: home(), env: { ELOWEN_PLUGIN_DATA_DIR: at } }).config.plugins.dataDir,
    ).toBe(at);
    try {
      loadConfig({ home: home(), env: { ELOWEN_PLUGIN_DATA_DIR: `${at}d` } });
      throw new Error("expected a ConfigError");
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      expect(error.problems).toEqual([
        {
          path: "env.ELOWEN_PLUGIN_DATA_DIR",
          message: expect.stringContaining("4096"),
        },
      ]);
    }
  });
});
