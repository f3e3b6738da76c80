import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { waitFor } from "./wait.js";

const PLUGIN_DIR = new URL("..", import.meta.url).pathname;
const ODD = new URL("./fixtures/odd-server.mjs", import.meta.url).pathname;
const cleanups: (() => void)[] = [];
let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const odd = (mode: string, extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [ODD, mode],
  ...extra,
});

function homeWith(servers: Record<string, unknown>): string {
  const home = mkdtempSync(join(tmpdir(), "elowen-mcp-bad-"));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  writeFileSync(
    join(home, "elowen.yaml"),
    `mcp:\n  workspace: ${JSON.stringify(home)}\n  servers: ${JSON.stringify(servers)}\n`,
  );
  return home;
}

const rowOf = async (daemon: TestDaemon, name: string) =>
  (await daemon.owner.status()).mcp?.find((row) => row.name === name);
const connected = (daemon: TestDaemon, name: string) =>
  waitFor(
    () => rowOf(daemon, name),
    (row) => row?.status === "connected",
  );

const call = (name: string) => `      - tools: [{ name: ${name}, args: {} }]`;
const turns = (...steps: string[][]) =>
  `turns:\n${steps.map((s) => `  - steps:\n${s.join("\n")}\n      - text: "Done."`).join("\n")}\n`;

async function results(daemon: TestDaemon, sessionId: string): Promise<ToolResultEntryData[]> {
  return (await daemon.owner.sessions.history(sessionId)).entries.flatMap((entry) => {
    const parsed = parseEntryData(entry);
    return parsed?.kind === "tool_result" ? [parsed.data] : [];
  });
}
const textOf = (r: ToolResultEntryData | undefined) =>
  (r?.content ?? []).map((b) => ("text" in b ? b.text : "")).join("\n");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("servers that misbehave leave the daemon and the other servers unaffected", {
  timeout: 90_000,
}, () => {
  test("garbage on stdout is skipped; the call still answers", async () => {
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script: turns([call("mcp__odd__pid")]),
      home: homeWith({ odd: odd("garbage") }),
    });
    await connected(t, "odd");
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [result] = await results(t, session.id);
    expect(result?.isError).toBe(false);
    expect(textOf(result)).toMatch(/^\d+$/);
  });

  test("a call that hangs fails at timeoutMs with a clear error; the next call answers", async () => {
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script: turns([call("mcp__odd__wait"), call("mcp__odd__pid")]),
      home: homeWith({ odd: odd("plain", { timeoutMs: 300 }) }),
    });
    await connected(t, "odd");
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [hung, next] = await results(t, session.id);
    expect(hung?.isError).toBe(true);
    expect(textOf(hung)).toMatch(/Request timed out/);
    expect(next?.isError).toBe(false);
  });

  test("a server that exits fails that call, is restarted, and answers again", async () => {
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script: turns([call("mcp__odd__pid"), call("mcp__odd__die")], [call("mcp__odd__pid")]),
      home: homeWith({ odd: odd("plain") }),
    });
    await connected(t, "odd");
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [first, died] = await results(t, session.id);
    expect(died?.isError).toBe(true);
    expect(textOf(died)).toMatch(/Connection closed/);
    await waitFor(
      () => rowOf(t as TestDaemon, "odd"),
      (row) => row?.status === "connected",
    );
    await t.owner.sessions.submitTurn(session.id, { text: "again", waitForSettle: true });
    const again = (await results(t, session.id))[2];
    expect(again?.isError).toBe(false);
    expect(textOf(again)).not.toBe(textOf(first));
    expect(
      t.lines.some((line) =>
        /mcp odd: the server closed the connection; reconnecting in \d+ ms/.test(line),
      ),
    ).toBe(true);
  });

  test("a 50 MB answer fails that call with the reason and the server is reconnected", {
    timeout: 240_000,
  }, async () => {
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script: turns([call("mcp__odd__big")], [call("mcp__odd__pid")]),
      home: homeWith({ odd: odd("plain") }),
    });
    await connected(t, "odd");
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [big] = await results(t, session.id);
    expect(big?.isError).toBe(true);
    expect(textOf(big)).toMatch(
      /the MCP server odd closed the connection: ReadBuffer exceeded maximum size of 10485760 bytes/,
    );
    await connected(t, "odd");
    await t.owner.sessions.submitTurn(session.id, { text: "again", waitForSettle: true });
    expect((await results(t, session.id))[1]?.isError).toBe(false);
  });

  test("stopping the turn cancels the running call", async () => {
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script: turns([call("mcp__odd__wait")]),
      home: homeWith({ odd: odd("plain") }),
    });
    await connected(t, "odd");
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go" });
    await log.next("tool_started");
    await t.owner.sessions.abort(session.id);
    await log.next("turn_completed");
    const [stopped] = await results(t, session.id);
    expect(stopped?.isError).toBe(true);
    await log.close();
  });

  test("stderr goes to the log; a broken entry is refused alone; stop leaves no server running", async () => {
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script: turns([call("mcp__odd__pid"), call("mcp__two__pid")]),
      home: homeWith({
        odd: odd("stderr"),
        two: odd("plain"),
        broken: { command: "x", url: "http://y" },
      }),
    });
    await connected(t, "odd");
    await connected(t, "two");
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const pids = (await results(t, session.id)).map((r) => Number(textOf(r)));
    expect(pids.every((pid) => Number.isInteger(pid) && alive(pid))).toBe(true);
    expect(t.lines.some((l) => l.includes("mcp odd stderr: odd server says hello on stderr"))).toBe(
      true,
    );
    expect(
      t.lines.some((l) => l.includes('mcp.servers.broken: a server has exactly one of "command"')),
    ).toBe(true);
    await t.close();
    t = undefined;
    expect(pids.filter(alive)).toEqual([]);
  });

  test("a workspace .mcp.json server starts only once the owner approves the file as it is", async () => {
    const home = homeWith({});
    const file = join(home, ".mcp.json");
    writeFileSync(file, JSON.stringify({ mcpServers: { ws: odd("plain") } }));
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], home });
    expect(await rowOf(t, "ws")).toEqual({
      name: "ws",
      status: "untrusted",
      auth: { state: "unsupported" },
      tools: 0,
      reason: `the workspace's ${file} is not approved by the instance owner (approve it in the /mcp picker, key a)`,
    });
    const admin = await t.createAccount("ada", { role: "admin" });
    const refused = await admin.client.pickerAction("mcp", {
      surface: "cli",
      itemId: "ws",
      action: "a",
    });
    expect(refused).toEqual({ notice: "Only the instance owner approves a workspace .mcp.json." });
    const approved = await t.owner.pickerAction("mcp", {
      surface: "cli",
      itemId: "ws",
      action: "a",
    });
    expect(approved.notice).toMatch(
      /^Approved .+\.mcp\.json \(sha256 [0-9a-f]{12}…\); starting ws\.$/,
    );
    await connected(t, "ws");
    const picker = await t.owner.renderPicker("mcp", { surface: "web" });
    expect(picker.items).toEqual([
      { id: "ws", label: "ws", description: "connected", hint: "4 tools · workspace" },
    ]);
    t = await t.restart();
    await connected(t, "ws");
    writeFileSync(file, JSON.stringify({ mcpServers: { ws: odd("stderr") } }));
    t = await t.restart();
    expect((await rowOf(t, "ws"))?.status).toBe("untrusted");
  });

  test("a server whose command does not exist fails with the reason; the daemon serves on", async () => {
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      home: homeWith({ nope: { command: "/nonexistent/mcp-server" } }),
    });
    const row = await waitFor(
      () => rowOf(t as TestDaemon, "nope"),
      (r) => r?.status === "failed",
    );
    expect(row).toEqual({
      name: "nope",
      status: "failed",
      auth: { state: "unsupported" },
      tools: 0,
      reason: expect.stringMatching(/ENOENT/),
    });
    expect((await t.owner.sessions.create()).id).toEqual(expect.any(String));
  });
});
