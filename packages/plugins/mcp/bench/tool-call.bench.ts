import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { compare } from "@elowen/bench";
import type { ToolCallContext } from "@elowen/plugin-api/tools";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ServerSet } from "../src/servers/server-set.js";

// Host overhead per MCP tool call: the plugin's tool (the SDK call with signal, timeout and
// progress, the result mapped within the trace budget) against the SDK's Client calling the same
// tool of its own copy of the reference server over stdio, alternating in one process.
const everything = join(
  dirname(
    createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/package.json"),
  ),
  "dist",
  "index.js",
);
const entry = {
  transport: "stdio" as const,
  command: process.execPath,
  args: [everything, "stdio"],
};
const quiet = () => undefined;

const set = new ServerSet({
  log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  cwd: process.cwd(),
  clientVersion: "bench",
});
await set.apply([{ name: "everything", origin: "config", config: entry }], () => true);
while (!set.tools().some((t) => t.name === "mcp__everything__echo"))
  await new Promise((resolve) => setTimeout(resolve, 20));
const echo = set.tools().find((t) => t.name === "mcp__everything__echo");
if (!echo) throw new Error("echo was not offered");
const context = {
  signal: new AbortController().signal,
  onUpdate: quiet,
} as unknown as ToolCallContext;

const client = new Client({ name: "bench", version: "1" });
await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args }));

const args = { message: "hello" };
await compare({
  name: "MCP tool call (echo over stdio), host vs SDK client",
  ours: () => echo.execute(args, context),
  peer: () => client.callTool({ name: "echo", arguments: args }),
  peerName: "@modelcontextprotocol/sdk Client.callTool",
  target: "ratio <= 1.2",
});
await client.close();
await set.stop();
