import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, test } from "vitest";
import { startTestDaemon, tempHome } from "./helpers/test-daemon.js";

/** A fresh copy of the acme-claude fixture, as an operator's folder would be. */
function acmeClaudeCopy(): string {
  const folder = join(mkdtempSync(join(tmpdir(), "elowen-cc-")), "acme-claude");
  cpSync(join(import.meta.dirname, "fixtures", "claude-plugins", "acme-claude"), folder, {
    recursive: true,
  });
  return folder;
}

interface McpServersFile {
  readonly env: Record<string, string>;
  readonly mcpServers: Record<string, { command: string; args: string[] }>;
}

/** Starts a server of an mcp.d file as the MCP client does and asks for its tools. */
async function toolsOf(file: McpServersFile, server: string): Promise<unknown> {
  const spec = file.mcpServers[server];
  if (spec === undefined) throw new Error(`no server ${server}`);
  const expand = (text: string) =>
    text.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => file.env[name] ?? "");
  const child = spawn(spec.command, spec.args.map(expand), { stdio: ["pipe", "pipe", "inherit"] });
  try {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const ask = async (id: number, method: string, params: unknown) => {
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      const next = await lines.next();
      if (next.done) throw new Error(`${server} exited before answering ${method}`);
      return JSON.parse(next.value) as { result?: unknown };
    };
    await ask(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    return (await ask(2, "tools/list", {})).result;
  } finally {
    child.kill();
  }
}

describe("a Claude Code plugin's MCP servers (mcp.d)", () => {
  test("the installed plugin's server starts from its copied folder", async () => {
    const t = await startTestDaemon({ config: { plugins: { bundled: false } } });
    try {
      const response = await t.request("/admin/plugins", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ spec: acmeClaudeCopy(), yes: true }),
      });
      expect(response.status).toBe(200);
      const file = JSON.parse(
        readFileSync(join(t.home, "mcp.d", "acme-claude.json"), "utf8"),
      ) as McpServersFile;
      expect(file.env.CLAUDE_PLUGIN_ROOT).not.toContain(import.meta.dirname);
      expect(await toolsOf(file, "hello")).toMatchObject({ tools: [{ name: "hello" }] });
    } finally {
      await t.close();
    }
  });

  test("a plugin gone from plugins.dirs has its mcp.d file swept at the next start; the operator's files stay", async () => {
    const home = tempHome();
    const folder = acmeClaudeCopy();
    const first = await startTestDaemon({
      home,
      config: { plugins: { bundled: false, dirs: [folder] } },
    });
    await first.close();
    const written = join(home, "mcp.d", "acme-claude.json");
    expect(existsSync(written)).toBe(true);
    const operators = join(home, "mcp.d", "mine.json");
    mkdirSync(join(home, "mcp.d"), { recursive: true });
    writeFileSync(operators, JSON.stringify({ mcpServers: {} }));
    const second = await startTestDaemon({ home, config: { plugins: { bundled: false } } });
    await second.close();
    expect(existsSync(written)).toBe(false);
    expect(existsSync(operators)).toBe(true);
  });
});
