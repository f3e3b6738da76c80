import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

// The MCP reference server is a dev dependency of the MCP plugin; its tests start it the same way.
const fromMcpPlugin = createRequire(
  join(import.meta.dirname, "../../../../packages/plugins/mcp/package.json"),
);
const EVERYTHING_BIN = join(
  dirname(fromMcpPlugin.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The MCP reference server over Streamable HTTP on a loopback port, stopped by `close`. */
export async function startEverythingHttp(): Promise<{
  readonly url: string;
  close(): Promise<void>;
}> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING_BIN, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes("listening on port")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server-everything exited (${code}): ${seen}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
