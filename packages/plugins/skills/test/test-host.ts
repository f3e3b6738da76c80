import { readFileSync } from "node:fs";
import {
  HOST_VERSIONS,
  type PluginContext,
  type PluginManifest,
  type PluginRouteMethod,
  parsePluginManifest,
} from "@elowen/plugin-api";
import type { Access } from "@elowen/plugin-api/access";
import type { CommandDefinition, CommandProvider } from "@elowen/plugin-api/commands";
import type { InputTransform } from "@elowen/plugin-api/prompt-context";
import type { PluginRequest, PluginResponse, PluginRouteHandler } from "@elowen/plugin-api/routes";
import type { SkillReviewerRegistration } from "@elowen/plugin-api/skills";
import type { PluginTool, ToolResult } from "@elowen/plugin-api/tools";
import type { z } from "zod";
import { TestCatalog } from "./test-catalog.js";

const packageJson: unknown = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
);

/** The manifest of this package, validated as the host's loader does. */
export function packageManifest(): PluginManifest {
  const parsed = parsePluginManifest(packageJson);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.manifest;
}

/** An access of a plain account; spread and override for other roles. */
export function userAccess(userId: number | null, overrides: Partial<Access> = {}): Access {
  return {
    userId,
    role: userId === null ? null : "user",
    isAdmin: false,
    isOwner: false,
    surface: "web",
    allAccess: false,
    grants: [],
    ...overrides,
  };
}
/** An administrator's access (not the instance owner). */
export const adminAccess = (userId = 1): Access =>
  userAccess(userId, { role: "admin", isAdmin: true, allAccess: true });
/** The instance owner's access. */
export const ownerAccess = (userId = 2): Access =>
  userAccess(userId, { role: "owner", isAdmin: true, isOwner: true, allAccess: true });

/**
 * A small but honest host for this plugin's tests: it implements the parts of `PluginContext` the
 * plugin uses (registration, the current access and account, account existence, the data
 * directory, the manifest's strings, and {@link TestCatalog}) and records every registration.
 * Everything else throws "not provided by the test host". It does not dispatch HTTP, enforce
 * capabilities or registration timing: the daemon does, and its tests cover that.
 */
export class TestHost {
  readonly manifest = packageManifest();
  readonly tools = new Map<string, PluginTool>();
  readonly routes: PluginRouteHandler[] = [];
  readonly transforms: InputTransform[] = [];
  readonly providers: CommandProvider[] = [];
  readonly commands: CommandDefinition[] = [];
  readonly reviewers: SkillReviewerRegistration[] = [];
  readonly userRemoved: ((userId: number) => void | Promise<void>)[] = [];
  readonly logs: { level: string; message: string }[] = [];
  /** The accounts that exist. */
  readonly accounts = new Set<number>([1, 2, 7, 8]);
  /** Who is acting now. */
  access: Access = userAccess(7);
  /** `currentAccountUserId()`'s answer when it differs from `access.userId` (a delegated run's inherited account). */
  inheritedAccount: number | null | undefined;
  readonly catalog: TestCatalog;
  readonly ctx: PluginContext;

  constructor(readonly dataDir: string) {
    this.catalog = new TestCatalog(this.manifest.name, () => this.access);
    const log = (level: string) => (message: string) => this.logs.push({ level, message });
    const missing = (what: string) => () => {
      throw new Error(`${what} is not provided by the test host`);
    };
    const ctx: PluginContext = {
      pluginName: this.manifest.name,
      manifest: this.manifest,
      versions: HOST_VERSIONS,
      log: { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") },
      dataDir,
      strings: this.manifest.strings?.default ?? {},
      registerSkill: missing("registerSkill"),
      registerCommand: (command) => this.commands.push(command),
      registerCommandProvider: (provider) => this.providers.push(provider),
      registerSystemPromptFragment: missing("registerSystemPromptFragment"),
      registerTurnContext: missing("registerTurnContext"),
      registerInputTransform: (transform) => this.transforms.push(transform),
      registerStepContext: missing("registerStepContext"),
      registerPrompts: missing("registerPrompts"),
      rawTemplate: missing("rawTemplate"),
      renderTemplate: missing("renderTemplate"),
      registerBrainStatusProvider: missing("registerBrainStatusProvider"),
      registerHook: missing("registerHook"),
      on: missing("on"),
      registerTool: (tool) => {
        this.tools.set(tool.name, tool as PluginTool);
      },
      registerToolSource: missing("registerToolSource"),
      registerRoute: (route) => this.routes.push(route),
      registerSkillReviewer: (registration) => this.reviewers.push(registration),
      registerCodeMode: missing("registerCodeMode"),
      registerUserRemoved: (handler) => this.userRemoved.push(handler),
      emitCard: missing("emitCard"),
      askUser: missing("askUser"),
      chatCommands: missing("chatCommands"),
      currentAccess: () => this.access,
      currentAccountUserId: async () =>
        this.inheritedAccount === undefined ? this.access.userId : this.inheritedAccount,
      accountExists: async (userId) => this.accounts.has(userId),
      admitsNewWork: () => true,
      skillCatalog: this.catalog,
      prompt: {
        submit: missing("prompt.submit"),
        fill: missing("prompt.fill"),
        read: missing("prompt.read"),
        suggest: missing("prompt.suggest"),
      },
      agent: { spawn: missing("agent.spawn"), list: missing("agent.list") },
      session: { usage: missing("session.usage") },
    };
    this.ctx = ctx;
  }

  /**
   * Calls the handler registered for a declared pattern, as the dispatcher would after matching it
   * and parsing the request with the route's schemas. A request its schemas refuse throws here:
   * the daemon answers it at the boundary, and `routes.e2e.test.ts` asserts those answers.
   */
  async request(
    method: PluginRouteMethod,
    pattern: string,
    init: {
      params?: Record<string, string>;
      query?: Record<string, string | undefined>;
      body?: unknown;
      access?: Access;
    } = {},
  ): Promise<PluginResponse> {
    const route = this.routes.find((r) => r.method === method && r.path === pattern);
    if (!route) throw new Error(`no handler for ${method} ${pattern}`);
    const schema = route.schema ?? {};
    const request = {
      method,
      path: "",
      params: parsed(schema.params, init.params ?? {}),
      query: parsed(schema.query, init.query ?? {}),
      body: schema.body ? parsed(schema.body, init.body ?? {}) : init.body,
      access: init.access ?? this.access,
      headers: {},
    } as PluginRequest;
    return route.handle(request);
  }

  /** Calls a registered tool with arguments parsed by its schema, as the agent loop would. */
  async callTool(name: string, args: unknown, access: Access = this.access): Promise<ToolResult> {
    const tool = this.tools.get(name);
    if (!tool) throw new Error(`no tool ${name}`);
    return tool.execute(tool.parameters.parse(args), {
      toolCallId: "call-1",
      sessionId: "session-1",
      turnId: "turn-1",
      access,
      signal: new AbortController().signal,
      onUpdate: () => undefined,
      askUser: missingAsk,
      emitCard: () => undefined,
    });
  }

  /** The text of a tool result. */
  static text(result: ToolResult): string {
    return result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  }
}

/** A request part parsed by its route's schema, as the host hands it over. */
function parsed(schema: z.ZodType | undefined, value: unknown): unknown {
  if (schema === undefined) return value;
  const result = schema.safeParse(value);
  if (!result.success)
    throw new Error(
      `the route's schema refuses this request (the daemon answers 400): ${result.error.message}`,
    );
  return result.data;
}

const missingAsk = async () => {
  throw new Error("askUser is not provided by the test host");
};
