import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @elowen/daemon is a devDependency back on the host that bundles this plugin; this package's
// turbo.json lists its build's dependencies by name to keep that out of ^build (a task cycle).
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { everythingStdio, startEverythingHttp } from "./everything.js";
import { waitFor } from "./wait.js";

type ElowenClient = TestDaemon["owner"];

const PLUGIN_DIR = new URL("..", import.meta.url).pathname;
const SERVERS = "/plugins/mcp/servers";
const cleanups: (() => Promise<void> | void)[] = [];
let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Row {
  readonly name: string;
  readonly source: string;
  readonly status: string;
  readonly tools: number;
}

function emptyHome(extra = ""): string {
  const home = mkdtempSync(join(tmpdir(), "elowen-mcp-operator-"));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  writeFileSync(join(home, "elowen.yaml"), `mcp:\n  workspace: ${JSON.stringify(home)}\n${extra}`);
  return home;
}

const list = async (client: ElowenClient) =>
  ((await client.request("GET", SERVERS)) as { servers: Row[] }).servers;

const connectedRow = (client: ElowenClient, name: string) =>
  waitFor(
    () => list(client),
    (rows) => rows.some((r) => r.name === name && r.status === "connected"),
  );

/** What the daemon answered a request that failed: its status and error text. */
async function refusal(request: Promise<unknown>): Promise<{ status: number; error: string }> {
  try {
    await request;
  } catch (error) {
    const failure = error as { status: number; body: { error: string } };
    return { status: failure.status, error: failure.body.error };
  }
  throw new Error("the request succeeded");
}

async function echoTurn(client: ElowenClient) {
  const session = await client.sessions.create();
  await client.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
  const entries = (await client.sessions.history(session.id)).entries;
  return entries.flatMap((entry): ToolResultEntryData[] => {
    const parsed = parseEntryData(entry as never);
    return parsed?.kind === "tool_result" ? [parsed.data] : [];
  });
}

const echoScript = (tool: string, turns = 1) =>
  `turns:\n${`  - steps:\n      - tools: [{ name: ${tool}, args: { message: "hi" } }]\n      - text: "Done."\n`.repeat(turns)}`;

describe("the operator surface: list, add and remove servers live", { timeout: 300_000 }, () => {
  test("the owner adds a command server to mcp.json, it starts without a restart, its tool answers a turn, and remove stops it", async () => {
    const home = emptyHome();
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script: echoScript("mcp__added__echo", 2),
      home,
    });
    expect(await list(t.owner)).toEqual([]);
    const added = (await t.owner.request("POST", SERVERS, {
      body: { name: "added", ...everythingStdio() },
    })) as { message: string };
    expect(added.message).toBe("Added added; it is starting.");
    const written = JSON.parse(readFileSync(join(home, "mcp.json"), "utf8"));
    expect(written).toEqual({ mcpServers: { added: everythingStdio() } });
    const rows = await connectedRow(t.owner, "added");
    expect(rows).toEqual([
      expect.objectContaining({ name: "added", source: "mcp.json", status: "connected" }),
    ]);
    expect(rows[0]?.tools).toBeGreaterThanOrEqual(10);
    const [echo] = await echoTurn(t.owner);
    expect(echo?.content).toEqual([{ type: "text", text: "Echo: hi" }]);

    await t.owner.request("DELETE", `${SERVERS}/added`);
    expect(await list(t.owner)).toEqual([]);
    expect(JSON.parse(readFileSync(join(home, "mcp.json"), "utf8"))).toEqual({ mcpServers: {} });
    const [gone] = await echoTurn(t.owner);
    expect(gone?.isError).toBe(true);
  });

  test("an account adds a url server for itself: its sessions call it, the owner's do not see it, and it may not add a command server", async () => {
    const http = await startEverythingHttp();
    cleanups.push(() => http.close());
    // The test server listens on loopback, which accounts may reach only when the operator says so.
    const home = emptyHome("  allowPrivateUrls: [loopback]\n");
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script: echoScript("mcp__mine__echo", 2),
      home,
    });
    const user = await t.createAccount("robin", { role: "user" });
    expect(
      await refusal(
        user.client.request("POST", SERVERS, { body: { name: "x", ...everythingStdio() } }),
      ),
    ).toEqual({
      status: 403,
      error:
        'command: only the instance owner adds a "command" server (it runs a program on the host); add a "url" server instead',
    });
    await user.client.request("POST", SERVERS, { body: { name: "mine", url: http.url } });
    expect(existsSync(join(home, "mcp.json"))).toBe(false);
    const rows = await connectedRow(user.client, "mine");
    expect(rows.map((r) => [r.name, r.source])).toEqual([["mine", "account"]]);
    expect(await list(t.owner)).toEqual([]);

    const [mine] = await echoTurn(user.client);
    expect(mine?.content).toEqual([{ type: "text", text: "Echo: hi" }]);
    const [owners] = await echoTurn(t.owner);
    expect(owners?.isError).toBe(true);
    expect(await refusal(t.owner.request("DELETE", `${SERVERS}/mine`))).toEqual({
      status: 404,
      error: "name: there is no MCP server named mine",
    });
  });

  test("an account may not add a loopback or private url server unless the operator allows it, and another account's name is not revealed", async () => {
    const home = emptyHome();
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], home });
    const user = await t.createAccount("robin", { role: "user" });
    expect(
      await refusal(
        user.client.request("POST", SERVERS, {
          body: { name: "local", url: "http://127.0.0.1:9/mcp" },
        }),
      ),
    ).toEqual({
      status: 400,
      error:
        'url: 127.0.0.1 is a loopback address, which an account\'s own server may not reach (rule "loopback"); the operator allows it with mcp.allowPrivateUrls',
    });
    expect(
      (
        await refusal(
          user.client.request("POST", SERVERS, {
            body: { name: "meta", url: "http://169.254.169.254/latest" },
          }),
        )
      ).error,
    ).toContain('(rule "metadata")');
    // The owner is not held to the rules, for the instance or for itself.
    await t.owner.request("POST", SERVERS, {
      body: { name: "ownlocal", scope: "account", url: "http://127.0.0.1:9/mcp" },
    });
    const other = await t.createAccount("sam", { role: "user" });
    expect(
      await refusal(
        other.client.request("POST", SERVERS, {
          body: { name: "ownlocal", url: "https://mcp.example.com/mcp" },
        }),
      ),
    ).toEqual({
      status: 409,
      error: "name: ownlocal is not available for a new server; pick another name",
    });
  });

  describe("bad input", () => {
    let shared: TestDaemon | undefined;
    beforeAll(async () => {
      shared = await startTestDaemon({ plugins: [PLUGIN_DIR], home: emptyHome() });
    });
    afterAll(() => shared?.close());

    test.each([
      [{ url: "https://x.test/mcp" }, 'name: a server name is 1 to 32 letters, digits, "_" or "-"'],
      [
        { name: "a.b", url: "https://x.test/mcp" },
        'name: a server name is 1 to 32 letters, digits, "_" or "-"',
      ],
      [
        { name: "a" },
        'a server has exactly one of "command" (a program over stdio) or "url" (Streamable HTTP)',
      ],
      [{ name: "a", url: "ftp://x.test" }, "url: an http(s) URL"],
      [
        { name: "a", url: "https://x.test", headers: "A=b" },
        "headers: Invalid input: expected record, received string",
      ],
      [
        { name: "a", url: "https://x.test", bogus: 1 },
        "bogus: not a server field (command, args, env, cwd, url, headers, enabled, timeoutMs, tools, type)",
      ],
      [
        { name: "a", url: "https://x.test", scope: "global" },
        'scope: "instance" (mcp.json) or "account" (your own servers)',
      ],
    ])("refuses %j with 400, naming the field and the rule", async (body, error) => {
      const owner = shared?.owner;
      if (!owner) throw new Error("the daemon did not start");
      expect(await refusal(owner.request("POST", SERVERS, { body }))).toEqual({
        status: 400,
        error,
      });
    });
  });
});
