import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { type ConfigWatch, watchConfigFiles } from "./config-watch.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function watched(): Promise<{ home: string; data: string; calls: number[] }> {
  const home = mkdtempSync(join(tmpdir(), "elowen-mcp-watch-"));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  // The plugin's data folder does not exist yet: the watch starts from its nearest parent.
  const data = join(home, "plugins", "mcp");
  const calls: number[] = [];
  const watch: ConfigWatch = watchConfigFiles(
    [join(home, "mcp.json")],
    [join(home, "mcp.d"), join(data, "accounts")],
    { quietMs: 250, maxMs: 600 },
    () => calls.push(Date.now()),
  );
  cleanups.push(() => watch.close());
  await watch.ready;
  return { home, data, calls };
}

/** Waits until `calls` has `count` entries (at most 3 s), then a little more for strays. */
async function settled(calls: number[], count: number): Promise<void> {
  for (let i = 0; i < 60 && calls.length < count; i++) await sleep(50);
  await sleep(400);
}

describe("watchConfigFiles", { timeout: 20_000 }, () => {
  test("creating, editing, atomically replacing and removing mcp.json each reload once, within a second", async () => {
    const { home, calls } = await watched();
    const file = join(home, "mcp.json");
    let before = Date.now();
    writeFileSync(file, "{}");
    await settled(calls, 1);
    expect(calls).toHaveLength(1);
    expect((calls[0] ?? 0) - before).toBeLessThan(1000);
    writeFileSync(file, '{"mcpServers":{}}');
    await settled(calls, 2);
    expect(calls).toHaveLength(2);
    before = Date.now();
    writeFileSync(`${file}.tmp`, '{"mcpServers":{"a":{"url":"https://a.test"}}}');
    renameSync(`${file}.tmp`, file);
    await settled(calls, 3);
    expect(calls).toHaveLength(3);
    expect((calls[2] ?? 0) - before).toBeLessThan(1000);
    unlinkSync(file);
    await settled(calls, 4);
    expect(calls).toHaveLength(4);
  });

  test("a burst of writes is one reload", async () => {
    const { home, calls } = await watched();
    // Back to back, as an editor's save or a plugin install writes: well inside one burst.
    for (let i = 0; i < 10; i++) writeFileSync(join(home, "mcp.json"), JSON.stringify({ i }));
    await settled(calls, 1);
    expect(calls).toHaveLength(1);
  });

  test("sees mcp.d and the accounts folder (and its parents) appear and their json files change", async () => {
    const { home, data, calls } = await watched();
    mkdirSync(join(home, "mcp.d"));
    writeFileSync(join(home, "mcp.d", "plugin.json"), "{}");
    await settled(calls, 1);
    const afterDir = calls.length;
    expect(afterDir).toBeGreaterThanOrEqual(1);
    mkdirSync(join(data, "accounts"), { recursive: true });
    await sleep(300);
    const before = calls.length;
    writeFileSync(join(data, "accounts", "7.json"), "{}");
    await settled(calls, before + 1);
    expect(calls.length).toBe(before + 1);
  });

  test("ignores other files beside the watched ones", async () => {
    const { home, data, calls } = await watched();
    mkdirSync(join(home, "mcp.d"));
    mkdirSync(data, { recursive: true });
    await settled(calls, 1);
    const before = calls.length;
    writeFileSync(join(home, "elowen.db"), "x");
    writeFileSync(join(home, "mcp.d", "notes.txt"), "x");
    writeFileSync(join(data, "workspace-approvals.json"), "{}");
    await sleep(600);
    expect(calls.length).toBe(before);
  });
});
