import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @elowen/daemon is a devDependency back on the host that bundles this plugin; this package's
// turbo.json lists its build's dependencies by name to keep that out of ^build (a task cycle).
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { SERVER_NAME_RULE as NAME_RULE } from "../src/config/server-config.js";
import {
  MCP_ARG_MAX_CHARS,
  MCP_HEADER_VALUE_MAX_CHARS,
  MCP_LOCATION_MAX_CHARS,
  MCP_MAX_ARGS,
  MCP_MAX_SERVERS,
  MCP_MAX_TIMEOUT_MS,
  MCP_MAX_TOOL_NAMES,
  MCP_MIN_TIMEOUT_MS,
  MCP_SERVER_NAME_PATTERN,
  MCP_SIGN_IN_CODE_MAX_CHARS,
  MCP_SIGN_IN_STATE_MAX_CHARS,
  MCP_TOOL_NAME_MAX_CHARS,
  MCP_VARIABLE_NAME_MAX_CHARS,
} from "../src/limits.js";
import { type ElowenClient, PLUGIN_DIR, refusal, SERVERS } from "./daemon-requests.js";
import { everythingStdio, startEverythingHttp } from "./everything.js";
import { waitFor } from "./wait.js";

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

  test(`at most ${MCP_MAX_SERVERS} servers: the ${MCP_MAX_SERVERS}th is added, the next is refused with 409 and nothing is written`, async () => {
    const home = emptyHome();
    const url = "http://127.0.0.1:9/mcp";
    const preset = Object.fromEntries(
      Array.from({ length: MCP_MAX_SERVERS - 1 }, (_, i) => [`s${i}`, { url, enabled: false }]),
    );
    writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers: preset }));
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], home });
    const last = (await t.owner.request("POST", SERVERS, {
      body: { name: "last", url, enabled: false },
    })) as { message: string };
    expect(last.message).toBe("Added last; it is starting.");
    expect(
      await refusal(t.owner.request("POST", SERVERS, { body: { name: "over", url } })),
    ).toEqual({
      status: 409,
      error: `name: at most ${MCP_MAX_SERVERS} MCP servers are configured on this daemon; remove one first`,
    });
    const written = JSON.parse(readFileSync(join(home, "mcp.json"), "utf8"));
    expect(Object.keys(written.mcpServers)).toHaveLength(MCP_MAX_SERVERS);
    expect(written.mcpServers.over).toBeUndefined();
    expect(await list(t.owner)).toHaveLength(MCP_MAX_SERVERS);
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
    const owner = () => {
      if (!shared) throw new Error("the daemon did not start");
      return shared.owner;
    };

    test.each([
      [{ url: "https://x.test/mcp" }, `body.name: ${NAME_RULE}`],
      [{ name: "a.b", url: "https://x.test/mcp" }, `body.name: ${NAME_RULE}`],
      [
        { name: "a" },
        'body: a server has exactly one of "command" (a program over stdio) or "url" (Streamable HTTP)',
      ],
      [
        { name: "a", command: "x", url: "https://x.test" },
        'body: a server has exactly one of "command" (a program over stdio) or "url" (Streamable HTTP)',
      ],
      [{ name: "a", url: "ftp://x.test" }, "body.url: an http(s) URL"],
      [
        { name: "a", url: "https://x.test", headers: "A=b" },
        "body.headers: Invalid input: expected record, received string",
      ],
      [
        { name: "a", url: "https://x.test", bogus: 1 },
        "body: bogus is not a server field (command, args, env, cwd, url, headers, enabled, timeoutMs, tools, type)",
      ],
      [
        { name: "a", url: "https://x.test", scope: "global" },
        'body.scope: "instance" (mcp.json) or "account" (your own servers)',
      ],
      [
        { name: "a", url: "https://x.test", type: "sse" },
        'body.type: "sse" servers are not supported; use Streamable HTTP',
      ],
      [
        { name: "a", command: "x", type: "http" },
        'body.type: a "command" server is of type "stdio"',
      ],
      [
        { name: "a", url: "https://x.test", type: "stdio" },
        'body.type: a "url" server is of type "http"',
      ],
    ])(
      "refuses %j with 400 at the boundary, naming the field and the rule",
      async (body, error) => {
        expect(await refusal(owner().request("POST", SERVERS, { body }))).toEqual({
          status: 400,
          error,
        });
      },
    );

    const url = "https://x.test/";
    let added = 0;
    test.each([
      [
        "the name's length",
        (n: number) => ({ name: "n".repeat(n), url }),
        32,
        `name: ${NAME_RULE}`,
      ],
      [
        "command's length",
        (n: number) => ({ command: "c".repeat(n) }),
        MCP_LOCATION_MAX_CHARS,
        `command: Too big: expected string to have <=${MCP_LOCATION_MAX_CHARS} characters`,
      ],
      [
        "cwd's length",
        (n: number) => ({ command: "c", cwd: "/".repeat(n) }),
        MCP_LOCATION_MAX_CHARS,
        `cwd: Too big: expected string to have <=${MCP_LOCATION_MAX_CHARS} characters`,
      ],
      [
        "url's length",
        (n: number) => ({ url: `${url}${"u".repeat(n - url.length)}` }),
        MCP_LOCATION_MAX_CHARS,
        `url: Too big: expected string to have <=${MCP_LOCATION_MAX_CHARS} characters`,
      ],
      [
        "the number of args",
        (n: number) => ({ command: "c", args: Array.from({ length: n }, () => "a") }),
        MCP_MAX_ARGS,
        `args: Too big: expected array to have <=${MCP_MAX_ARGS} items`,
      ],
      [
        "an arg's length",
        (n: number) => ({ command: "c", args: ["a".repeat(n)] }),
        MCP_ARG_MAX_CHARS,
        `args.0: Too big: expected string to have <=${MCP_ARG_MAX_CHARS} characters`,
      ],
      [
        "an env value's length",
        (n: number) => ({ command: "c", env: { A: "v".repeat(n) } }),
        MCP_ARG_MAX_CHARS,
        `env.A: Too big: expected string to have <=${MCP_ARG_MAX_CHARS} characters`,
      ],
      [
        "an env variable's name",
        (n: number) => ({ command: "c", env: { ["V".repeat(n)]: "v" } }),
        MCP_VARIABLE_NAME_MAX_CHARS,
        `env.${"V".repeat(MCP_VARIABLE_NAME_MAX_CHARS + 1)}: a variable name is 1 to ${MCP_VARIABLE_NAME_MAX_CHARS} characters`,
      ],
      [
        "a header's name",
        (n: number) => ({ url, headers: { ["H".repeat(n)]: "v" } }),
        MCP_VARIABLE_NAME_MAX_CHARS,
        `headers.${"H".repeat(MCP_VARIABLE_NAME_MAX_CHARS + 1)}: a header name is 1 to ${MCP_VARIABLE_NAME_MAX_CHARS} characters`,
      ],
      [
        "a header's value",
        (n: number) => ({ url, headers: { H: "v".repeat(n) } }),
        MCP_HEADER_VALUE_MAX_CHARS,
        `headers.H: Too big: expected string to have <=${MCP_HEADER_VALUE_MAX_CHARS} characters`,
      ],
      [
        "timeoutMs at most",
        (n: number) => ({ url, timeoutMs: n }),
        MCP_MAX_TIMEOUT_MS,
        `timeoutMs: Too big: expected number to be <=${MCP_MAX_TIMEOUT_MS}`,
      ],
      [
        "the number of tools.allow names",
        (n: number) => ({ url, tools: { allow: Array.from({ length: n }, (_, i) => `t${i}`) } }),
        MCP_MAX_TOOL_NAMES,
        `tools.allow: Too big: expected array to have <=${MCP_MAX_TOOL_NAMES} items`,
      ],
      [
        "a tools.deny name's length",
        (n: number) => ({ url, tools: { deny: ["t".repeat(n)] } }),
        MCP_TOOL_NAME_MAX_CHARS,
        `tools.deny.0: Too big: expected string to have <=${MCP_TOOL_NAME_MAX_CHARS} characters`,
      ],
    ])(
      "%s: at the limit the server is added, one past it is refused with 400 naming the field",
      async (_, entry, limit, error) => {
        added += 1;
        const name = `limit${added}`;
        const body = (n: number) => ({ name, enabled: false, ...entry(n) });
        expect(await refusal(owner().request("POST", SERVERS, { body: body(limit + 1) }))).toEqual({
          status: 400,
          error: `body.${error}`,
        });
        const done = (await owner().request("POST", SERVERS, { body: body(limit) })) as {
          message: string;
        };
        const at = body(limit).name;
        expect(done.message).toBe(`Added ${at}; it is starting.`);
        expect((await list(owner())).map((row) => row.name)).toContain(at);
      },
    );

    test(`timeoutMs below ${MCP_MIN_TIMEOUT_MS} is refused, ${MCP_MIN_TIMEOUT_MS} is added`, async () => {
      const body = (timeoutMs: number) => ({ name: "quick", url, enabled: false, timeoutMs });
      expect(
        await refusal(owner().request("POST", SERVERS, { body: body(MCP_MIN_TIMEOUT_MS - 1) })),
      ).toEqual({
        status: 400,
        error: `body.timeoutMs: Too small: expected number to be >=${MCP_MIN_TIMEOUT_MS}`,
      });
      await owner().request("POST", SERVERS, { body: body(MCP_MIN_TIMEOUT_MS) });
      expect((await list(owner())).map((row) => row.name)).toContain("quick");
    });

    test("a name in the path past 32 characters is refused with 400; at 32 the server is looked up", async () => {
      expect(await refusal(owner().request("DELETE", `${SERVERS}/${"n".repeat(33)}`))).toEqual({
        status: 400,
        error: `params.name: ${NAME_RULE}`,
      });
      expect(await refusal(owner().request("DELETE", `${SERVERS}/${"m".repeat(32)}`))).toEqual({
        status: 404,
        error: `name: there is no MCP server named ${"m".repeat(32)}`,
      });
      expect(
        await refusal(owner().request("POST", `${SERVERS}/${"n".repeat(33)}/approve`)),
      ).toEqual({ status: 400, error: `params.name: ${NAME_RULE}` });
      expect(
        await refusal(owner().request("POST", `${SERVERS}/${"n".repeat(33)}/sign-in`)),
      ).toEqual({ status: 400, error: `params.name: ${NAME_RULE}` });
    });

    const CODE_RULE = `the authorization code from the redirect, 1 to ${MCP_SIGN_IN_CODE_MAX_CHARS} characters`;
    const STATE_RULE = `the state from the redirect, 1 to ${MCP_SIGN_IN_STATE_MAX_CHARS} characters`;
    test.each([
      [undefined, 400, `body.code: ${CODE_RULE}`],
      [{ state: "s" }, 400, `body.code: ${CODE_RULE}`],
      [{ code: "", state: "s" }, 400, `body.code: ${CODE_RULE}`],
      [
        { code: "c".repeat(MCP_SIGN_IN_CODE_MAX_CHARS + 1), state: "s" },
        400,
        `body.code: ${CODE_RULE}`,
      ],
      [{ code: "c" }, 400, `body.state: ${STATE_RULE}`],
      [{ code: "c", state: "" }, 400, `body.state: ${STATE_RULE}`],
      [
        { code: "c", state: "s".repeat(MCP_SIGN_IN_STATE_MAX_CHARS + 1) },
        400,
        `body.state: ${STATE_RULE}`,
      ],
      [
        { code: "c", state: "s".repeat(MCP_SIGN_IN_STATE_MAX_CHARS) },
        404,
        "state: no sign-in of yours waits for this state (it expired or was finished); start it again",
      ],
      [
        { code: "c".repeat(MCP_SIGN_IN_CODE_MAX_CHARS), state: "s" },
        404,
        "state: no sign-in of yours waits for this state (it expired or was finished); start it again",
      ],
    ])(
      "finishing a sign-in with %j is refused with %i, naming the field",
      async (body, status, error) => {
        expect(
          await refusal(
            owner().request(
              "POST",
              "/plugins/mcp/oauth/callback",
              body === undefined ? {} : { body },
            ),
          ),
        ).toEqual({ status, error });
      },
    );

    test("the daemon's OpenAPI document lists every MCP route with its schemas", async () => {
      const doc = (await owner().request("GET", "/openapi.json")) as OpenApiDocument;
      const operation = (path: string, method: string) => doc.paths[path]?.[method];
      const routes = [
        ["/plugins/mcp/servers", "get"],
        ["/plugins/mcp/servers", "post"],
        ["/plugins/mcp/servers/{name}", "delete"],
        ["/plugins/mcp/servers/{name}/approve", "post"],
        ["/plugins/mcp/servers/{name}/sign-in", "post"],
        ["/plugins/mcp/oauth/callback", "post"],
      ] as const;
      for (const [path, method] of routes) {
        expect(operation(path, method), `${method} ${path}`).toMatchObject({
          tags: ["@elowen/plugin-mcp"],
          summary: expect.any(String),
        });
      }
      const add = operation("/plugins/mcp/servers", "post");
      const addBody = add?.requestBody?.content["application/json"]?.schema;
      expect(addBody).toMatchObject({
        type: "object",
        required: ["name"],
        additionalProperties: false,
        properties: {
          name: { type: "string", pattern: MCP_SERVER_NAME_PATTERN.source },
          scope: { enum: ["instance", "account"] },
          command: { type: "string", maxLength: MCP_LOCATION_MAX_CHARS },
          args: { type: "array", maxItems: MCP_MAX_ARGS },
          url: { type: "string", maxLength: MCP_LOCATION_MAX_CHARS },
          timeoutMs: { minimum: MCP_MIN_TIMEOUT_MS, maximum: MCP_MAX_TIMEOUT_MS },
        },
      });
      expect(Object.keys(add?.responses ?? {}).sort()).toEqual(["201", "400", "403", "409", "500"]);
      expect(add?.responses["201"]?.content?.["application/json"]?.schema).toMatchObject({
        properties: { message: { type: "string" }, servers: { type: "array" } },
      });
      expect(add?.responses["400"]?.content?.["application/json"]?.schema).toMatchObject({
        properties: { error: { type: "string" } },
      });
      const callback = operation("/plugins/mcp/oauth/callback", "post");
      expect(callback?.requestBody?.content["application/json"]?.schema).toMatchObject({
        required: ["code", "state"],
        properties: {
          code: { maxLength: MCP_SIGN_IN_CODE_MAX_CHARS },
          state: { minLength: 1, maxLength: MCP_SIGN_IN_STATE_MAX_CHARS },
        },
      });
      const remove = operation("/plugins/mcp/servers/{name}", "delete");
      expect(remove?.parameters).toEqual([
        expect.objectContaining({
          name: "name",
          in: "path",
          schema: expect.objectContaining({ pattern: MCP_SERVER_NAME_PATTERN.source }),
        }),
      ]);
    });
  });
});

interface OpenApiOperation {
  readonly tags?: readonly string[];
  readonly summary?: string;
  readonly parameters?: readonly unknown[];
  readonly requestBody?: { readonly content: Record<string, { readonly schema: unknown }> };
  readonly responses: Record<
    string,
    { readonly content?: Record<string, { readonly schema: unknown }> } | undefined
  >;
}
interface OpenApiDocument {
  readonly paths: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
}
