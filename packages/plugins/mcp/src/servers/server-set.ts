import type { PluginLogger } from "@elowen/plugin-api";
import type { PluginImages } from "@elowen/plugin-api/images";
import type { McpStatusRow } from "@elowen/plugin-api/status";
import type { SourcedTool } from "@elowen/plugin-api/tools";
import type { ConfiguredServer } from "../config/server-sources.js";
import { mcpTool } from "../tools/mcp-tool.js";
import { nameTools, toolAllowed } from "../tools/tool-names.js";
import { type ConnectionOptions, ServerConnection } from "./server-connection.js";

/**
 * The configured servers' connections and what they offer now: the tool list the host reads as
 * this plugin's tool source (rebuilt whenever a connection changes), and one status row each.
 */
export class ServerSet {
  readonly connections = new Map<string, ServerConnection>();
  #tools: readonly SourcedTool[] = [];
  /** The account whose own server offers a tool, by tool name (instance servers' are absent). */
  #ownerOfTool = new Map<string, number>();
  /** Why a server's tools were refused (names too long, collisions), by server. */
  #toolProblems = new Map<string, string[]>();

  constructor(
    private readonly options: {
      readonly log: PluginLogger;
      readonly cwd: string;
      readonly clientVersion: string;
      /** Asked before each connect; see `ConnectionOptions.admit`. */
      readonly admit?: (server: ConfiguredServer) => Promise<string | undefined>;
      /** Where a `url` server's sign-in is kept; see `ConnectionOptions.oauthFile`. */
      readonly oauthFile?: (server: ConfiguredServer) => string;
      /** See `ConnectionOptions.fetchFor`. */
      readonly fetchFor?: NonNullable<ConnectionOptions["fetchFor"]>;
      /** The host's image store (`ctx.images`), where the tools' result images are put. */
      readonly images?: PluginImages;
    },
  ) {}

  /**
   * Makes the running set the given servers, without waiting for any to connect: a server new or
   * changed (its entry, origin or file) starts (its old connection stops first), one no longer
   * listed stops, one unchanged keeps its connection. A server `trusted` refuses (a workspace file
   * the owner has not approved as it is) is listed as `untrusted`, never started.
   */
  async apply(
    servers: readonly ConfiguredServer[],
    trusted: (server: ConfiguredServer) => boolean,
  ): Promise<void> {
    const wanted = new Map(servers.map((s) => [s.name, s]));
    const stopping: Promise<void>[] = [];
    for (const [name, connection] of this.connections) {
      const next = wanted.get(name);
      if (
        next &&
        sameServer(next, connection.server) &&
        (connection.state !== "untrusted" || !trusted(next))
      ) {
        wanted.delete(name);
        continue;
      }
      this.connections.delete(name);
      stopping.push(connection.stop());
    }
    await Promise.all(stopping);
    for (const server of wanted.values()) {
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

  /**
   * The tools offered now to an account's sessions (the plugin's tool source): every instance
   * server's, and the account's own servers' (another account's never).
   */
  tools(userId: number | null = null): readonly SourcedTool[] {
    return this.#tools.filter((tool) => {
      const owner = this.#ownerOfTool.get(tool.name);
      return owner === undefined || owner === userId;
    });
  }

  /** The connections an account may see: instance servers and its own. */
  visibleTo(userId: number | null): ServerConnection[] {
    return [...this.connections.values()].filter(
      (c) => c.server.ownerUserId === undefined || c.server.ownerUserId === userId,
    );
  }

  /** One row per server: state (with the reason when failed), tool count, auth state. */
  statusRows(
    connections: readonly ServerConnection[] = [...this.connections.values()],
  ): McpStatusRow[] | undefined {
    if (connections.length === 0) return undefined;
    return connections.map((c) => {
      const problems = this.#toolProblems.get(c.server.name) ?? [];
      const reason = c.reason ?? (problems.length > 0 ? problems.join("; ") : undefined);
      return {
        name: c.server.name,
        status: c.state,
        auth: { state: c.authState },
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
    const owners = new Map<string, number>();
    const problems = new Map<string, string[]>();
    for (const { connection, tools: serverTools } of offered) {
      const own = names.get(connection.server.name);
      for (const tool of serverTools) {
        const named = own?.get(tool.name);
        if (named?.ok) {
          tools.push(mcpTool(connection, tool, named.name, this.options.images));
          if (connection.server.ownerUserId !== undefined)
            owners.set(named.name, connection.server.ownerUserId);
        } else if (named) {
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
    this.#ownerOfTool = owners;
  }
}

function sameServer(a: ConfiguredServer, b: ConfiguredServer): boolean {
  return (
    a.origin === b.origin &&
    a.file === b.file &&
    a.ownerUserId === b.ownerUserId &&
    JSON.stringify(a.config) === JSON.stringify(b.config)
  );
}
