import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { everythingStdio } from "./everything.js";
import { type FakeHost, fakeHost } from "./fake-host.js";
import { waitFor } from "./wait.js";

let host: FakeHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const mcpJson = (servers: Record<string, unknown>) =>
  `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;

describe("mcp.json is watched, not polled", { timeout: 120_000 }, () => {
  test("a server written into mcp.json starts within a second, and taking it out stops its process", async () => {
    host = fakeHost();
    const { set, watching } = host.handle;
    await watching;
    const file = join(host.home, "mcp.json");
    const written = Date.now();
    writeFileSync(file, mcpJson({ everything: everythingStdio() }));
    await waitFor(
      () => set.connections.has("everything"),
      (seen) => seen,
      40,
    );
    expect(Date.now() - written).toBeLessThan(1000);
    const live = host;
    await waitFor(
      () => live.tools().map((t) => t.name),
      (names) => names.includes("mcp__everything__echo"),
    );
    const pid = set.connections.get("everything")?.pid;
    expect(pid).toBeGreaterThan(0);

    const removed = Date.now();
    writeFileSync(file, mcpJson({}));
    await waitFor(
      () => set.connections.has("everything"),
      (seen) => !seen,
      40,
    );
    expect(Date.now() - removed).toBeLessThan(1000);
    await waitFor(
      () => live.tools(),
      (tools) => tools.length === 0,
    );
    await waitFor(
      () => alive(pid ?? 0),
      (running) => !running,
      100,
    );
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
