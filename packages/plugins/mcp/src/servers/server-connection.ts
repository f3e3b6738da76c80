import type { PluginLogger } from "@elowen/plugin-api";
import type { AskAnswer } from "@elowen/plugin-api/questions";
import type { ToolCallContext } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  type Prompt,
  type Resource,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { isSignInError, StoredOAuthProvider } from "../auth/oauth-provider.js";
import type { ConfiguredServer } from "../config/server-sources.js";
import { DECLINE, elicitQuestions, elicitResult } from "../elicitation/elicit-questions.js";
import {
  MCP_CONNECT_TIMEOUT_MS,
  MCP_DEFAULT_TIMEOUT_MS,
  MCP_RESTART_FIRST_MS,
  MCP_RESTART_MAX_MS,
  MCP_RESTART_STABLE_MS,
} from "../limits.js";
import { pipeStderr } from "./stderr-log.js";
import { openTransport } from "./transport.js";

/** How the SDK's stdio read buffer words a message past its cap (`maxBufferSize`). */
const SDK_OVERFLOW = "ReadBuffer exceeded maximum size";

/** Where a server's connection is. */
export type ConnectionState =
  | "disabled"
  | "untrusted"
  | "connecting"
  | "connected"
  | "needs-sign-in"
  | "failed"
  | "stopped";

/** What a connection needs from the plugin. */
export interface ConnectionOptions {
  readonly log: PluginLogger;
  /** Where a stdio server without `cwd` runs. */
  readonly cwd: string;
  readonly clientVersion: string;
  /** Told whenever the state or the tool list changes. */
  readonly changed: () => void;
  /** Asked before each connect: a reason refuses it (the address rules of accounts' servers). */
  readonly admit?: (server: ConfiguredServer) => Promise<string | undefined>;
  /** Where a `url` server's sign-in (OAuth) is kept; without it no sign-in is offered. */
  readonly oauthFile?: (server: ConfiguredServer) => string;
  /** The `fetch` of a `url` server's requests and sign-in (the address rules of accounts'). */
  readonly fetchFor?: (server: ConfiguredServer) => FetchLike | undefined;
}

/**
 * One configured server: connects through the SDK's Client, keeps its tool list current
 * (`tools/list_changed`), and reconnects a connection that closed with doubling delays from
 * MCP_RESTART_FIRST_MS to MCP_RESTART_MAX_MS (reset once it stayed up MCP_RESTART_STABLE_MS).
 * `stop` closes it for good: the SDK ends a stdio child (stdin, then SIGTERM, then SIGKILL).
 */
export class ServerConnection {
  state: ConnectionState;
  reason: string | undefined;
  tools: readonly Tool[] = [];
  prompts: readonly Prompt[] = [];
  /** The server's `resources/list`, kept current by `resources/list_changed` (first page only). */
  resources: readonly Resource[] = [];
  client: Client | undefined;
  /** The tool calls in flight, newest last: an elicitation asks the newest one's person. */
  readonly callers = new Set<Pick<ToolCallContext, "askUser">>();
  /** The transport's last error (a message too large, a broken stream), for a failed call's reason. */
  lastError: string | undefined;
  #pid: () => number | null = () => null;
  #restartDelay = MCP_RESTART_FIRST_MS;
  #restartTimer: NodeJS.Timeout | undefined;
  #connectedAt = 0;
  #generation = 0;
  /** The client of a connect in flight, closed by `stop` so that no child outlives it. */
  #connecting: Client | undefined;
  /** A `url` server's OAuth client provider (the SDK's flow, tokens in a 0600 file). */
  readonly oauth: StoredOAuthProvider | undefined;
  /** The `fetch` its HTTP requests and sign-in use (the global one when undefined). */
  readonly fetch: FetchLike | undefined;

  constructor(
    readonly server: ConfiguredServer,
    readonly options: ConnectionOptions,
    trusted = true,
  ) {
    const file = options.oauthFile?.(server);
    this.oauth =
      server.config.transport === "http" && file !== undefined
        ? new StoredOAuthProvider(file, server.config.url)
        : undefined;
    this.fetch = options.fetchFor?.(server);
    this.state =
      server.config.enabled === false ? "disabled" : trusted ? "connecting" : "untrusted";
    if (this.state === "untrusted")
      this.reason = `the workspace's ${server.file ?? ".mcp.json"} is not approved by the instance owner (approve it in the /mcp picker, key a)`;
  }

  /** The server's `timeoutMs`, else MCP_DEFAULT_TIMEOUT_MS. */
  get timeoutMs(): number {
    return this.server.config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS;
  }

  /** The auth state of its status row (PLUGIN_MCP_AUTH_STATES). */
  get authState(): "none" | "signed-in" | "needs-sign-in" | "unsupported" {
    if (this.server.config.transport === "stdio") return "unsupported";
    if (this.state === "needs-sign-in") return "needs-sign-in";
    return this.oauth?.signedIn ? "signed-in" : "none";
  }

  /** The stdio child's pid while it runs; null for HTTP or when none runs. */
  get pid(): number | null {
    return this.#pid();
  }

  /** Connects (never throws: a failure is the state `failed` with its reason, and a retry). */
  async start(): Promise<void> {
    if (this.state === "disabled" || this.state === "stopped" || this.state === "untrusted") return;
    if (this.state === "needs-sign-in") return;
    const generation = ++this.#generation;
    this.#set("connecting", undefined);
    const refused = await this.options.admit?.(this.server);
    if (generation !== this.#generation) return;
    if (refused !== undefined) return this.#fail(refused);
    const { name, config } = this.server;
    const client = new Client(
      { name: "elowen", version: this.options.clientVersion },
      {
        capabilities: { elicitation: {} },
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (generation !== this.#generation) return;
              if (error)
                this.options.log.warn(`mcp ${name}: tools/list failed: ${errorMessage(error)}`);
              else if (tools) {
                this.tools = tools;
                this.options.changed();
              }
            },
          },
          prompts: {
            onChanged: (error, prompts) => {
              if (generation !== this.#generation) return;
              if (error)
                this.options.log.warn(`mcp ${name}: prompts/list failed: ${errorMessage(error)}`);
              else if (prompts) this.prompts = prompts;
            },
          },
          resources: {
            onChanged: (error, resources) => {
              if (generation !== this.#generation) return;
              if (error)
                this.options.log.warn(`mcp ${name}: resources/list failed: ${errorMessage(error)}`);
              else if (resources) this.resources = resources;
            },
          },
        },
      },
    );
    client.setRequestHandler(ElicitRequestSchema, (request) => this.#elicit(request));
    const opened = openTransport(config, {
      cwd: this.options.cwd,
      ...(this.oauth ? { authProvider: this.oauth } : {}),
      ...(this.fetch ? { fetch: this.fetch } : {}),
    });
    if (opened.stderr)
      pipeStderr(opened.stderr, (line) => this.options.log.info(`mcp ${name} stderr: ${line}`));
    this.#connecting = client;
    client.onclose = () => this.#closed(generation);
    client.onerror = (error) => {
      if (isSignInError(error) && generation === this.#generation && this.state === "connected")
        void this.#signInLost();
      const message = errorMessage(error);
      this.options.log.debug(`mcp ${name}: ${message}`);
      // The SDK closes a stdio transport whose message passed the size cap, but the rest of that
      // message may still arrive and fail to parse: the overflow stays the reason given.
      if (!this.lastError?.startsWith(SDK_OVERFLOW)) this.lastError = message;
    };
    try {
      await client.connect(opened.transport, { timeout: MCP_CONNECT_TIMEOUT_MS });
      this.#pid = opened.pid;
      const listed = client.getServerCapabilities()?.tools
        ? (await client.listTools(undefined, { timeout: MCP_CONNECT_TIMEOUT_MS })).tools
        : [];
      const prompts = client.getServerCapabilities()?.prompts
        ? (await client.listPrompts(undefined, { timeout: MCP_CONNECT_TIMEOUT_MS })).prompts
        : [];
      const resources = client.getServerCapabilities()?.resources
        ? (await client.listResources(undefined, { timeout: MCP_CONNECT_TIMEOUT_MS })).resources
        : [];
      this.#connecting = undefined;
      if (generation !== this.#generation) {
        await client.close().catch(() => undefined);
        return;
      }
      this.client = client;
      this.tools = listed;
      this.prompts = prompts;
      this.resources = resources;
      this.#connectedAt = Date.now();
      this.#set("connected", undefined);
    } catch (error) {
      this.#connecting = undefined;
      await client.close().catch(() => undefined);
      if (generation !== this.#generation) return;
      if (isSignInError(error)) return this.#needsSignIn();
      this.#fail(errorMessage(error));
    }
  }

  /**
   * A form elicitation becomes ask-user questions of the tool call in flight (the newest, when
   * several are), four at a time; the answers go back as `accept`, `decline` or `cancel` (a
   * question expired). No call in flight, a URL elicitation or a surface that cannot ask: decline.
   */
  async #elicit(request: ElicitRequest): Promise<ElicitResult> {
    const caller = [...this.callers].at(-1);
    if (!caller || request.params.mode === "url") return { action: "decline" };
    const form = elicitQuestions(request.params);
    const answers: AskAnswer[] = [];
    try {
      for (let i = 0; i < form.questions.length; i += 4) {
        const batch = await caller.askUser(form.questions.slice(i, i + 4));
        answers.push(...batch);
        if (batch.some((a) => a.outcome === "expired" || a.selected.includes(DECLINE))) break;
      }
    } catch (error) {
      this.options.log.warn(
        `mcp ${this.server.name}: elicitation not asked: ${errorMessage(error)}`,
      );
      return { action: "decline" };
    }
    return elicitResult(form, answers);
  }

  /** Closes the connection for good and ends a stdio child. */
  async stop(): Promise<void> {
    this.#generation += 1;
    clearTimeout(this.#restartTimer);
    const clients = [this.client, this.#connecting];
    this.client = undefined;
    this.#connecting = undefined;
    this.tools = [];
    this.prompts = [];
    this.resources = [];
    if (this.state !== "disabled" && this.state !== "untrusted") this.state = "stopped";
    await Promise.all(clients.map((client) => client?.close().catch(() => undefined)));
  }

  /** Waits for the person: no reconnect until a sign-in restarts the server. */
  #needsSignIn(): void {
    this.tools = [];
    this.prompts = [];
    this.resources = [];
    this.client = undefined;
    this.options.log.warn(`mcp ${this.server.name}: needs a sign-in`);
    this.#set(
      "needs-sign-in",
      `the server asks for a sign-in (OAuth): \`elowen mcp sign-in ${this.server.name}\`, the MCP settings or the /mcp picker (key s)`,
    );
  }

  /** The server refused the tokens (revoked, and no refresh helped): back to `needs-sign-in`. */
  async #signInLost(): Promise<void> {
    this.#generation += 1;
    const client = this.client;
    this.#needsSignIn();
    await client?.close().catch(() => undefined);
  }

  #closed(generation: number): void {
    // A close while connecting rejects `connect`, whose catch reports it.
    if (generation !== this.#generation || this.state !== "connected") return;
    this.#fail("the server closed the connection");
  }

  #fail(reason: string): void {
    this.tools = [];
    this.prompts = [];
    this.resources = [];
    this.client = undefined;
    this.#pid = () => null;
    this.#set("failed", reason);
    if (this.#connectedAt > 0 && Date.now() - this.#connectedAt >= MCP_RESTART_STABLE_MS)
      this.#restartDelay = MCP_RESTART_FIRST_MS;
    const delay = this.#restartDelay;
    this.#restartDelay = Math.min(delay * 2, MCP_RESTART_MAX_MS);
    this.options.log.warn(`mcp ${this.server.name}: ${reason}; reconnecting in ${delay} ms`);
    clearTimeout(this.#restartTimer);
    this.#restartTimer = setTimeout(() => void this.start(), delay);
    this.#restartTimer.unref();
  }

  #set(state: ConnectionState, reason: string | undefined): void {
    this.state = state;
    this.reason = reason;
    this.options.changed();
  }
}
