import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ServerConfig } from "../config/server-config.js";
import { MCP_STDIO_MAX_MESSAGE_BYTES } from "../limits.js";

/** A transport to one server, with the child's pid and stderr for a stdio one. */
export interface OpenedTransport {
  readonly transport: Transport;
  readonly pid: () => number | null;
  readonly stderr: NodeJS.ReadableStream | null;
}

/**
 * The SDK's transport for a server entry: a child process over stdio (environment: the SDK's safe
 * defaults plus the entry's `env`; stderr piped to the log), or Streamable HTTP with the entry's
 * headers and, when given, an OAuth provider.
 */
export function openTransport(
  config: ServerConfig,
  options: {
    readonly cwd: string;
    readonly authProvider?: OAuthClientProvider;
    readonly fetch?: FetchLike;
  },
): OpenedTransport {
  if (config.transport === "stdio") {
    const transport = new StdioClientTransport({
      command: config.command,
      args: config.args ?? [],
      env: { ...getDefaultEnvironment(), ...(config.env ?? {}) },
      cwd: config.cwd ?? options.cwd,
      stderr: "pipe",
      maxBufferSize: MCP_STDIO_MAX_MESSAGE_BYTES,
    });
    return {
      transport,
      pid: () => transport.pid,
      stderr: transport.stderr as NodeJS.ReadableStream | null,
    };
  }
  const transport = new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: { ...(config.headers ?? {}) } },
    ...(options.authProvider ? { authProvider: options.authProvider } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { transport, pid: () => null, stderr: null };
}
