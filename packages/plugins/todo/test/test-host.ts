import { readFileSync } from "node:fs";
import { HOST_VERSIONS, type PluginContext, parsePluginManifest } from "@elowen/plugin-api";
import type { BrainCard } from "@elowen/plugin-api/cards";
import { HOOK_NAMES, type HookRegistration } from "@elowen/plugin-api/hooks";
import type { RunBoundaryPayload } from "@elowen/plugin-api/run-boundary";
import type { PluginTool, ToolCallContext, ToolResult } from "@elowen/plugin-api/tools";

const packageJson: unknown = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
);

/**
 * A small but honest host for this plugin's tests: registration of tools and hooks, a data
 * directory, a logger, and tool calls whose `emitCard` records the cards. Everything else throws
 * "not provided by the test host". The daemon's own tests cover dispatch, budgets and grants.
 */
export class TestHost {
  readonly tools = new Map<string, PluginTool>();
  readonly hooks: HookRegistration[] = [];
  readonly cards: { sessionId: string; card: BrainCard }[] = [];
  readonly logs: { level: string; message: string }[] = [];
  readonly ctx: PluginContext;

  constructor(readonly dataDir: string) {
    const parsed = parsePluginManifest(packageJson);
    if (!parsed.ok) throw new Error(parsed.message);
    const log = (level: string) => (message: string) => this.logs.push({ level, message });
    const missing = new Proxy(
      {},
      {
        get: (_, name) => () => {
          throw new Error(`${String(name)} is not provided by the test host`);
        },
      },
    ) as PluginContext;
    this.ctx = Object.assign(Object.create(missing) as PluginContext, {
      pluginName: parsed.manifest.name,
      manifest: parsed.manifest,
      versions: HOST_VERSIONS,
      dataDir,
      strings: {},
      log: { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") },
      registerTool: (tool: PluginTool) => {
        this.tools.set(tool.name, tool);
      },
      registerHook: (hook: HookRegistration) => {
        if (!HOOK_NAMES.includes(hook.name)) throw new Error(`unknown hook ${hook.name}`);
        this.hooks.push(hook);
      },
    });
  }

  /** Calls a tool with arguments parsed by its schema, as the agent loop would. */
  async call(
    name: string,
    args: unknown,
    at: { sessionId: string; agentId?: string } = { sessionId: "session-1" },
  ): Promise<ToolResult> {
    const tool = this.tools.get(name);
    if (!tool) throw new Error(`no tool ${name}`);
    const context: ToolCallContext = {
      toolCallId: `call-${this.cards.length + 1}`,
      sessionId: at.sessionId,
      turnId: "turn-1",
      ...(at.agentId === undefined ? {} : { agentId: at.agentId }),
      access: {
        userId: 7,
        role: "user",
        isAdmin: false,
        isOwner: false,
        surface: "cli",
        allAccess: false,
        grants: [],
      },
      signal: new AbortController().signal,
      onUpdate: () => undefined,
      askUser: async () => {
        throw new Error("askUser is not provided by the test host");
      },
      emitCard: (card) => this.cards.push({ sessionId: at.sessionId, card }),
    };
    return tool.execute(tool.parameters.parse(args), context);
  }

  /** Fires `brain.run.beforeSettle` at every registered hook, in order, and collects the results. */
  async settle(payload: RunBoundaryPayload): Promise<unknown[]> {
    const results: unknown[] = [];
    for (const hook of this.hooks.filter((h) => h.name === "brain.run.beforeSettle")) {
      const run = hook.run as (p: RunBoundaryPayload, c: unknown) => unknown;
      results.push(await run(payload, { signal: new AbortController().signal, pluginName: "t" }));
    }
    return results;
  }
}
