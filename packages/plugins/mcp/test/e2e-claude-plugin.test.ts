// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${CLAUDE_PLUGIN_ROOT} is the format under test.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @elowen/daemon is a devDependency back on the host that bundles this plugin; this package's
// turbo.json lists its build's dependencies by name to keep that out of ^build (a task cycle).
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { EVERYTHING_BIN } from "./everything.js";
import { waitFor } from "./wait.js";

const PLUGIN_DIR = new URL("..", import.meta.url).pathname;
const cleanups: (() => void)[] = [];
let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A Claude Code plugin folder whose `.mcp.json` runs the reference server through a launcher in
 * the plugin's own folder, reached only by `${CLAUDE_PLUGIN_ROOT}` (a wrong root cannot start it).
 */
function claudePluginWithEverything(): string {
  const dir = join(tempDir("elowen-cc-mcp-"), "cc-everything");
  mkdirSync(join(dir, ".claude-plugin"), { recursive: true });
  mkdirSync(join(dir, "servers"));
  writeFileSync(
    join(dir, ".claude-plugin", "plugin.json"),
    JSON.stringify({ name: "cc-everything", version: "1.0.0", description: "MCP fixture" }),
  );
  writeFileSync(
    join(dir, "servers", "everything.mjs"),
    "process.argv.splice(1, 2, process.argv[2]);\nawait import(process.argv[1]);\n",
  );
  writeFileSync(
    join(dir, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: ["${CLAUDE_PLUGIN_ROOT}/servers/everything.mjs", EVERYTHING_BIN, "stdio"],
        },
      },
    }),
  );
  return dir;
}

const SCRIPT = `turns:
  - steps:
      - tools: [{ name: mcp__everything__echo, args: { message: "from a plugin" } }]
      - text: "Done."
`;

type Row = { name: string; source: string; status: string };
const rows = async (daemon: TestDaemon) =>
  ((await daemon.owner.request("GET", "/plugins/mcp/servers")) as { servers: Row[] }).servers;

describe("a Claude Code plugin's .mcp.json servers", { timeout: 120_000 }, () => {
  test("start through the MCP client when the plugin is installed, answer a turn, and stop when it is removed", async () => {
    const home = tempDir("elowen-cc-home-");
    writeFileSync(join(home, "elowen.yaml"), `mcp:\n  workspace: ${JSON.stringify(home)}\n`);
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], script: SCRIPT, home });
    const daemon = t;
    const installed = await daemon.owner.request("POST", "/admin/plugins", {
      body: { spec: claudePluginWithEverything(), yes: true },
    });
    expect(installed).toMatchObject({ status: "installed", activation: { load: "loaded" } });
    const seam = join(home, "mcp.d", "cc-everything.json");
    expect(JSON.parse(readFileSync(seam, "utf8"))).toMatchObject({
      plugin: "cc-everything",
      env: { CLAUDE_PLUGIN_ROOT: expect.stringContaining(join(home, "plugins")) },
    });
    await waitFor(
      () => rows(daemon),
      (list) => list.some((r) => r.name === "everything" && r.status === "connected"),
    );
    expect(await rows(daemon)).toEqual([
      expect.objectContaining({ name: "everything", source: "plugin", status: "connected" }),
    ]);

    const session = await daemon.owner.sessions.create();
    const reply = await daemon.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "Done." } });
    const results = (await daemon.owner.sessions.history(session.id)).entries.flatMap(
      (entry): ToolResultEntryData[] => {
        const parsed = parseEntryData(entry as never);
        return parsed?.kind === "tool_result" ? [parsed.data] : [];
      },
    );
    expect(results.map((r) => [r.toolName, r.content, r.isError])).toEqual([
      ["mcp__everything__echo", [{ type: "text", text: "Echo: from a plugin" }], false],
    ]);

    await daemon.owner.request("POST", "/admin/plugins/remove", {
      body: { name: "cc-everything" },
    });
    expect(existsSync(seam)).toBe(false);
    await waitFor(
      () => rows(daemon),
      (list) => list.length === 0,
    );
  });
});
