import type { McpStatusRow, PluginLogger, SourcedTool } from "@elowen/plugin-api";
import type { ConfiguredServer } from "../config/server-sources.js";
import { mcpTool } from "../tools/mcp-tool.js";
import { nameTools, toolAllowed } from "../tools/tool-names.js";
import { ServerConnection } from "./server-connection.js";

/**
 * The configured servers' connections and what they offer now: the tool list the host reads as
 * this plugin's tool source (rebuilt whenever a connection changes), and one status row each.
 */
export class ServerSet {
  readonly connections = new Map<string, ServerConnection>();
  #tools: readonly SourcedTool[] = [];
  /** Why a server's tools were refused (names too long, collisions), by server. */
  #toolProblems = new Map<string, string[]>();

  constructor(
    private readonly options: {
      readonly log: PluginLogger;
      readonly cwd: string;
      readonly clientVersion: string;
    },
  ) {}

  /**
   * Starts a connection for each server, without waiting for any. A server `trusted` refuses
   * (a workspace file the owner has not approved as it is) is listed as `untrusted`, never started.
   */
  start(
    servers: readonly ConfiguredServer[],
    trusted: (server: ConfiguredServer) => boolean,
  ): void {
    for (const server of servers) {
      const connection = new ServerConnection(
        server,
        { ...this.options, changed: () => this.#rebuild() },
        trusted(server),
      );
      this.connections.set(server.name, connection);
      void connection.start();
    }
    this.#rebuild();
  }

  /**
   * Starts the named server again now (a new connection, its restart delay reset); an untrusted
   * one only with `trusted` (the owner just approved its file). False when there is no such server.
   */
  async restart(name: string, trusted = false): Promise<boolean> {
    const old = this.connections.get(name);
    if (!old) return false;
    await old.stop();
    const connection = new ServerConnection(
      old.server,
      { ...this.options, changed: () => this.#rebuild() },
      trusted || old.state !== "untrusted",
    );
    this.connections.set(name, connection);
    void connection.start();
    this.#rebuild();
    return true;
  }

  /** Stops every connection (their stdio children end). */
  async stop(): Promise<void> {
    await Promise.all([...this.connections.values()].map((c) => c.stop()));
    this.#rebuild();
  }

  /** The tools offered now (the plugin's tool source). */
  tools(): readonly SourcedTool[] {
    return this.#tools;
  }

  /** One row per server: state (with the reason when failed), tool count, auth state. */
  statusRows(): McpStatusRow[] | undefined {
    if (this.connections.size === 0) return undefined;
    return [...this.connections.values()].map((c) => {
      const problems = this.#toolProblems.get(c.server.name) ?? [];
      const reason = c.reason ?? (problems.length > 0 ? problems.join("; ") : undefined);
      return {
        name: c.server.name,
        status: c.state,
        auth: { state: c.server.config.transport === "stdio" ? "unsupported" : "none" },
        tools: this.#tools.filter((t) => t.name.startsWith(`mcp__${c.server.name}__`)).length,
        ...(reason === undefined ? {} : { reason: reason.slice(0, 500) }),
      };
    });
  }

  #rebuild(): void {
    const live = [...this.connections.values()].filter((c) => c.state === "connected");
    const offered = live.map((c) => ({
      connection: c,
      tools: c.tools.filter((t) => toolAllowed(t.name, c.server.config.tools)),
    }));
    const names = nameTools(
      offered.map(({ connection, tools }) => ({
        server: connection.server.name,
        tools: tools.map((t) => t.name),
      })),
    );
    const tools: SourcedTool[] = [];
    const problems = new Map<string, string[]>();
    for (const { connection, tools: serverTools } of offered) {
      const own = names.get(connection.server.name);
      for (const tool of serverTools) {
        const named = own?.get(tool.name);
        if (named?.ok) tools.push(mcpTool(connection, tool, named.name));
        else if (named) {
          const list = problems.get(connection.server.name) ?? [];
          list.push(named.reason);
          problems.set(connection.server.name, list);
        }
      }
    }
    for (const [server, list] of problems)
      if (JSON.stringify(list) !== JSON.stringify(this.#toolProblems.get(server)))
        this.options.log.warn(`mcp ${server}: ${list.join("; ")}`);
    this.#toolProblems = problems;
    this.#tools = tools;
  }
}
