// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} in plain strings is the format under test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { MCP_MAX_SERVERS } from "../limits.js";
import { loadServers } from "./load-servers.js";
import { mergeServerLists, readMcpJson, serversOf } from "./server-sources.js";

const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), "elowen-mcp-sources-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("server sources", () => {
  test("mcp.json expands ${VAR} and ${VAR:-default} in every string, as Claude Code does", () => {
    const home = dir();
    const file = join(home, "mcp.json");
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          api: {
            url: "${BASE:-https://fallback.test}/mcp",
            headers: { Authorization: "Bearer ${TOKEN}" },
          },
          local: { command: "${BIN}", args: ["--root", "${HOME_DIR:-/srv}"] },
        },
      }),
    );
    expect(readMcpJson(file, "home", { TOKEN: "t0k", BIN: "/usr/bin/srv" })).toEqual({
      servers: [
        {
          name: "api",
          origin: "home",
          file,
          config: {
            transport: "http",
            url: "https://fallback.test/mcp",
            headers: { Authorization: "Bearer t0k" },
          },
        },
        {
          name: "local",
          origin: "home",
          file,
          config: { transport: "stdio", command: "/usr/bin/srv", args: ["--root", "/srv"] },
        },
      ],
      problems: [],
    });
  });

  test("an unset variable without a default refuses that server only, naming the variable", () => {
    const list = serversOf(
      { a: { command: "${NOPE}" }, b: { command: "ok" } },
      "f.json",
      "home",
      {},
    );
    expect(list.servers.map((s) => s.name)).toEqual(["b"]);
    expect(list.problems).toEqual(["f.json.a: the variable NOPE is not set and has no default"]);
  });

  test("broken files are problems naming the file; an absent one is no servers", () => {
    const home = dir();
    writeFileSync(join(home, "bad.json"), "{ nope");
    writeFileSync(join(home, "other.json"), JSON.stringify({ servers: {} }));
    expect(readMcpJson(join(home, "absent.json"), "home", {})).toEqual({
      servers: [],
      problems: [],
    });
    expect(readMcpJson(join(home, "bad.json"), "home", {}).problems[0]).toMatch(
      /bad\.json: is not JSON/,
    );
    expect(readMcpJson(join(home, "other.json"), "home", {}).problems).toEqual([
      `${join(home, "other.json")}: has no "mcpServers" mapping`,
    ]);
  });

  test("names other hosts allow become valid ones; elowen.yaml wins a name over mcp.json", () => {
    const home = dir();
    const workspace = dir();
    writeFileSync(
      join(home, "mcp.json"),
      JSON.stringify({ mcpServers: { "my.docs": { url: "https://h.test" }, a: { command: "h" } } }),
    );
    mkdirSync(join(home, "mcp.d"));
    writeFileSync(
      join(home, "mcp.d", "pkg.json"),
      JSON.stringify({ mcpServers: { p: { command: "${ROOT}/bin" } }, env: { ROOT: "/plug" } }),
    );
    writeFileSync(
      join(workspace, ".mcp.json"),
      JSON.stringify({ mcpServers: { w: { command: "w" } } }),
    );
    const list = loadServers({ servers: { a: { command: "y" } } }, { home, workspace, env: {} });
    expect(
      list.servers.map((s) => [
        s.name,
        s.origin,
        s.config.transport === "stdio" ? s.config.command : s.config.url,
      ]),
    ).toEqual([
      ["a", "config", "y"],
      ["my_docs", "home", "https://h.test"],
      ["p", "extra", "/plug/bin"],
      ["w", "workspace", "w"],
    ]);
    expect(list.problems).toEqual([
      `${join(home, "mcp.json")}: server a is also configured in elowen.yaml, which wins`,
    ]);
  });

  test(`at most ${MCP_MAX_SERVERS} servers: the next one is refused`, () => {
    const entries = Object.fromEntries(
      Array.from({ length: MCP_MAX_SERVERS + 1 }, (_, i) => [`s${i}`, { command: "x" }]),
    );
    const list = mergeServerLists([serversOf(entries, "mcp.servers", "config", {})]);
    expect(list.servers).toHaveLength(MCP_MAX_SERVERS);
    expect(list.problems).toEqual([
      `server s${MCP_MAX_SERVERS} is left out: at most ${MCP_MAX_SERVERS} servers`,
    ]);
  });

  test("a server name longer than 32 characters is refused", () => {
    const list = serversOf(
      { ["a".repeat(33)]: { command: "x" }, ["b".repeat(32)]: { command: "x" } },
      "m",
      "config",
      {},
    );
    expect(list.servers.map((s) => s.name)).toEqual(["b".repeat(32)]);
    expect(list.problems).toEqual([
      `m.${"a".repeat(33)}: a server name is 1 to 32 letters, digits, "_" or "-"`,
    ]);
  });
});
