import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startOAuthMcpServer } from "../../../../packages/plugins/mcp/test/oauth-server.js";
import { EXIT_CODES } from "../../src/cli/exit-codes.js";
import { runCli } from "../../src/cli/run-cli.js";
import { startCliDaemon, type TestDaemon } from "../support/daemon.js";
import { recordingIo } from "./io.js";

/** The reference MCP server, a dev dependency of @elowen/plugin-mcp. */
const EVERYTHING_BIN = join(
  dirname(
    createRequire(
      join(import.meta.dirname, "../../../../packages/plugins/mcp/package.json"),
    ).resolve("@modelcontextprotocol/server-everything/package.json"),
  ),
  "dist",
  "index.js",
);

let t: TestDaemon;
beforeAll(async () => {
  t = await startCliDaemon();
});
afterAll(() => t.close());

async function elowen(args: string[]) {
  const io = recordingIo({ ELOWEN_HOME: t.home });
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

async function listUntil(done: (out: string) => boolean): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const { out } = await elowen(["mcp", "list"]);
    if (done(out)) return out;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("gave up waiting for elowen mcp list");
}

describe("elowen mcp", { timeout: 60_000 }, () => {
  test("with no server configured, list says how to add one", async () => {
    expect(await elowen(["mcp"])).toEqual({
      code: 0,
      out: "No MCP servers are configured. Add one with `elowen mcp add <name> --url <url>`.\n",
      err: "",
    });
  });

  test("add starts a command server without a restart; list shows its source, status and tools; remove takes it away", async () => {
    const added = await elowen([
      "mcp",
      "add",
      "everything",
      "--command",
      process.execPath,
      "--arg",
      EVERYTHING_BIN,
      "--arg",
      "stdio",
      "--env",
      "LOG_LEVEL=info",
    ]);
    expect(added).toEqual({ code: 0, out: "Added everything; it is starting.\n", err: "" });
    const out = await listUntil((text) => text.includes("connected"));
    const [header, row] = out.trimEnd().split("\n");
    expect(header?.split(/\s+/)).toEqual(["NAME", "SOURCE", "STATUS", "TOOLS", "TRANSPORT"]);
    const [name, source, status, tools, transport] = row?.split(/\s+/) ?? [];
    expect([name, source, status, transport]).toEqual([
      "everything",
      "mcp.json",
      "connected",
      "stdio",
    ]);
    expect(Number(tools)).toBeGreaterThanOrEqual(10);

    const json = JSON.parse((await elowen(["mcp", "list", "--json"])).out);
    expect(json.servers).toEqual([
      expect.objectContaining({ name: "everything", source: "mcp.json" }),
    ]);

    expect(await elowen(["mcp", "remove", "everything"])).toEqual({
      code: 0,
      out: "Removed everything.\n",
      err: "",
    });
    expect((await elowen(["mcp"])).out).toMatch(/^No MCP servers are configured/);
  });

  test("sign-in prints the link of a server that needs a sign-in; the browser comes back to the daemon", async () => {
    const server = await startOAuthMcpServer();
    try {
      expect((await elowen(["mcp", "add", "docs", "--url", server.url])).code).toBe(0);
      const listed = await listUntil((text) => text.includes("needs-sign-in"));
      expect(listed).toContain(
        "needs-sign-in: the server asks for a sign-in (OAuth): `elowen mcp sign-in docs`, the MCP settings or the /mcp picker (key s)",
      );

      const run = await elowen(["mcp", "sign-in", "docs"]);
      expect(run.code).toBe(0);
      expect(run.err).toBe("");
      const [notice, link, , hint] = run.out.split("\n");
      expect(notice).toBe("Open the link to sign in to docs.");
      expect(hint).toBe(
        "The link brings you back to the web client; be signed in there as the same account.",
      );
      const url = new URL(link ?? "");
      expect(`${url.origin}${url.pathname}`).toBe(new URL("/authorize", server.url).toString());
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      // What the browser does with the link: the authorization server sends it to the daemon.
      const answer = await fetch(url, { redirect: "manual" });
      const back = new URL(answer.headers.get("location") ?? "");
      expect(`${back.origin}${back.pathname}`).toBe(new URL("/", t.url).toString());
      expect(back.searchParams.get("mcp_oauth")).toBe("callback");

      // The web page posts code and state as the same account; then the server connects.
      await t.owner.request("POST", "/plugins/mcp/oauth/callback", {
        body: { code: back.searchParams.get("code"), state: back.searchParams.get("state") },
      });
      expect(await listUntil((text) => /docs\s+mcp\.json\s+connected/.test(text))).toMatch(
        /^docs\s+mcp\.json\s+connected\s+1\s/m,
      );
    } finally {
      await elowen(["mcp", "remove", "docs"]);
      await server.close();
    }
  });

  test.each([
    [["mcp", "sign-in", "nope"], EXIT_CODES.notFound, "there is no MCP server named nope"],
    [["mcp", "sign-in"], EXIT_CODES.usage, "mcp sign-in needs a server name"],
    [["mcp", "add", "x", "--url", "ftp://x.test"], EXIT_CODES.failure, "url: an http(s) URL"],
    [
      ["mcp", "add", "x"],
      EXIT_CODES.usage,
      "mcp add needs exactly one of --command <program> or --url <url>",
    ],
    [
      ["mcp", "add", "x", "--command", "node", "--env", "FOO"],
      EXIT_CODES.usage,
      '--env: "FOO" is not K=V',
    ],
    [
      ["mcp", "add", "x", "--url", "https://x.test", "--arg", "a"],
      EXIT_CODES.usage,
      "--arg, --env and --cwd go with a --command server",
    ],
    [["mcp", "remove", "nope"], EXIT_CODES.notFound, "name: there is no MCP server named nope"],
    [["mcp", "drop", "x"], EXIT_CODES.usage, 'unknown mcp action "drop"'],
  ])("elowen %j fails naming the field and the rule", async (args, code, message) => {
    const run = await elowen(args);
    expect(run.code).toBe(code);
    expect(run.err).toContain(message);
  });
});
