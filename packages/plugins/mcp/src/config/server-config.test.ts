import { describe, expect, test } from "vitest";
import { MCP_MAX_TIMEOUT_MS, MCP_MIN_TIMEOUT_MS, MCP_VARIABLE_NAME_MAX_CHARS } from "../limits.js";
import { parseServerConfig } from "./server-config.js";

describe("parseServerConfig", () => {
  test("a command entry is a stdio server and a url entry an HTTP one", () => {
    expect(parseServerConfig({ command: "node", args: ["s.js"], env: { A: "1" } }, "s")).toEqual({
      ok: true,
      config: { transport: "stdio", command: "node", args: ["s.js"], env: { A: "1" } },
    });
    expect(parseServerConfig({ url: "https://x.test/mcp", headers: { A: "b" } }, "s")).toEqual({
      ok: true,
      config: { transport: "http", url: "https://x.test/mcp", headers: { A: "b" } },
    });
  });

  test.each([
    [
      {},
      's: a server has exactly one of "command" (a program over stdio) or "url" (Streamable HTTP)',
    ],
    [
      { command: "a", url: "http://x" },
      's: a server has exactly one of "command" (a program over stdio) or "url" (Streamable HTTP)',
    ],
    ["node", 's: a server is a mapping with "command" or "url"'],
    [{ url: "ftp://x" }, "s.url: an http(s) URL"],
    [
      { url: "https://x", type: "sse" },
      's.type: "sse" servers are not supported; use Streamable HTTP',
    ],
    [{ command: "a", type: "http" }, 's.type: a "command" server is of type "stdio"'],
    [{ command: "a", args: "x" }, "s.args: Invalid input: expected array, received string"],
    [
      { command: "a", timeoutMs: MCP_MIN_TIMEOUT_MS - 1 },
      `s.timeoutMs: Too small: expected number to be >=${MCP_MIN_TIMEOUT_MS}`,
    ],
    [
      { command: "a", timeoutMs: MCP_MAX_TIMEOUT_MS + 1 },
      `s.timeoutMs: Too big: expected number to be <=${MCP_MAX_TIMEOUT_MS}`,
    ],
    [
      { url: "https://x", headers: { ["H".repeat(MCP_VARIABLE_NAME_MAX_CHARS + 1)]: "v" } },
      `s.headers.${"H".repeat(MCP_VARIABLE_NAME_MAX_CHARS + 1)}: a header name is 1 to ${MCP_VARIABLE_NAME_MAX_CHARS} characters`,
    ],
    [
      { command: "a", env: { "": "v" } },
      `s.env.: a variable name is 1 to ${MCP_VARIABLE_NAME_MAX_CHARS} characters`,
    ],
    [
      { command: "a", tools: { allow: "echo" } },
      "s.tools.allow: Invalid input: expected array, received string",
    ],
  ])("refuses %j naming the field and the rule", (entry, message) => {
    expect(parseServerConfig(entry, "s")).toEqual({ ok: false, message });
  });

  test("timeoutMs at both limits is accepted", () => {
    for (const timeoutMs of [MCP_MIN_TIMEOUT_MS, MCP_MAX_TIMEOUT_MS])
      expect(parseServerConfig({ command: "a", timeoutMs }, "s").ok).toBe(true);
  });
});
