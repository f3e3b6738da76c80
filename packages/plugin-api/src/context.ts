import type { Access } from "./access.js";
import type { BrainCard } from "./cards.js";
import type { AnyChainHook, ChainEventName, ChainMatcher } from "./chains.js";
import type { PluginCluster } from "./cluster.js";
import type {
  ChatCommandDescriptor,
  ChatSurface,
  CommandDefinition,
  CommandProvider,
} from "./commands.js";
import type {
  InputTransform,
  PromptRegistration,
  StepContextProvider,
  TemplateVariables,
  TurnContextPlacement,
  TurnContextProvider,
} from "./contributions.js";
import type { PromptSubmitArgs, PromptSubmitResult } from "./events/prompt.js";
import type {
  PromptBox,
  PromptFillArgs,
  PromptFilled,
  PromptSuggestArgs,
  PromptSuggestResult,
} from "./events/prompt-box.js";
import type { SessionUsage, UsageUnit } from "./events/turn.js";
import type { HookName, HookRegistration } from "./hooks.js";
import type { PluginImages } from "./images.js";
import type { PluginLogger } from "./logger.js";
import type { PluginManifest } from "./manifest.js";
import type { AskAnswer, AskQuestion } from "./questions.js";
import type { SkillReviewerRegistration } from "./reviewer.js";
import type { PluginRouteHandler, PluginRouteSchemas } from "./routes.js";
import type { PluginSkill, SkillCatalogControl } from "./skills.js";
import type { BrainStatusProvider } from "./status.js";
import type { ToolSource } from "./tool-sources.js";
import type { PluginTool } from "./tools.js";
import type { CodeModeControl } from "./trace.js";
import type { HostVersions } from "./versions.js";

/** A sub-agent run as `$.agent.list()` lists it. */
export interface AgentInfo {
  readonly agentId: string;
  readonly name: string;
  readonly state: "running" | "completed" | "failed" | "aborted";
}

/**
 * Everything a plugin may do, handed to its `register(ctx)`. Registration methods may be called
 * only during `register`; a later call throws. Calls that act on "the current" session or account
 * resolve it from the turn, hook or request the plugin is running in.
 */
export interface PluginContext {
  readonly pluginName: string;
  readonly manifest: PluginManifest;
  readonly versions: HostVersions;
  readonly log: PluginLogger;
  /** A directory this plugin owns for its own files. */
  readonly dataDir: string;
  /**
   * The host's data directory (`$ELOWEN_HOME`), where operators keep files other hosts share
   * with it (`mcp.json`). Read-only for plugins: write only under `dataDir`. The host always sets
   * it; optional only so hosts built before it still satisfy this interface.
   */
  readonly homeDir?: string;
  /** The manifest's view strings for the reader's language; `{}` when none are declared. */
  readonly strings: Readonly<Record<string, string>>;
  /**
   * The operator's settings for this plugin (`plugins.settings.<name>` of the host's
   * configuration), as written: the plugin validates them and refuses bad ones in `register` with
   * an error naming the field. The host always sets it, `{}` when the operator wrote none;
   * optional only so hosts built before it still satisfy this interface.
   */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * The host's image store (shared API 17): `images.put({ bytes, mimeType })` checks an image
   * where it enters (TOOL_IMAGE_MIME_TYPES, MAX_TOOL_IMAGE_BYTES, bytes that match the type),
   * stores it once and answers the content block a tool returns, so the model sees the image and
   * the journal, the rows and the clients keep its reference. See `@elowen/plugin-api/images`. The
   * host always sets it; optional only so hosts built before it still satisfy this interface.
   */
  readonly images?: PluginImages;

  /** Registers a file-backed skill into the merged live catalog. */
  registerSkill(skill: PluginSkill): void;
  /** Registers a slash command; names collide with nothing built in or of another plugin. */
  registerCommand(command: CommandDefinition): void;
  /** Registers a provider of per-account command aliases, awaited whenever the catalog is read. */
  registerCommandProvider(provider: CommandProvider): void;
  /** Appends stable text to the system prompt (the cached prefix) as section `<plugin>:<name>`. */
  registerSystemPromptFragment(text: string, options?: { readonly name?: string }): void;
  /** Registers a turn-context provider (before-user by default). */
  registerTurnContext(
    provider: TurnContextProvider,
    options?: { readonly placement?: TurnContextPlacement; readonly name?: string },
  ): void;
  /** Registers a transform of the current turn's raw text; requires `mutates: ["turnContext"]`. */
  registerInputTransform(transform: InputTransform): void;
  /** Registers a mid-turn reminder provider, called after tool results at the configured interval. */
  registerStepContext(provider: StepContextProvider): void;
  /** Registers markdown templates shipped in `dir`; requires `mutates: ["prompt"]`. */
  registerPrompts(prompts: PromptRegistration): void;
  /** Reads a template: this plugin's registered names first, then core's. */
  rawTemplate(name: string): Promise<string>;
  /** Renders a template with the caller's variables; a missing variable is an error naming it. */
  renderTemplate(name: string, variables: TemplateVariables): Promise<string>;
  /** Registers a brain-status provider. */
  registerBrainStatusProvider(provider: BrainStatusProvider): void;
  /** Registers a lifecycle hook. A retired name throws, naming its replacement. */
  registerHook<N extends HookName>(hook: HookRegistration<N>): void;
  /** Registers a middleware hook on a middleware chain, optionally narrowed by a matcher. */
  on<E extends ChainEventName>(event: E, hook: AnyChainHook<E>): void;
  on<E extends ChainEventName>(event: E, matcher: ChainMatcher<E>, hook: AnyChainHook<E>): void;
  /** Registers a tool the model (and code-mode scripts) may call. */
  registerTool<T extends PluginTool>(tool: T): void;
  /**
   * Registers a live list of tools described by JSON Schema (an MCP client's servers' tools),
   * read each time a turn composes its tools: see {@link ToolSource}.
   */
  registerToolSource(source: ToolSource): void;
  /**
   * Registers the handler of a route the manifest declares, with optional zod schemas the host
   * validates at the boundary and lists in its OpenAPI document (see `PluginRouteSchemas`).
   */
  registerRoute<S extends PluginRouteSchemas>(route: PluginRouteHandler<S>): void;
  /** Registers the post-turn skill reviewer; only contract version 2 is accepted. */
  registerSkillReviewer(registration: SkillReviewerRegistration): void;
  /** Registers the code-mode control (at most one per host). */
  registerCodeMode(control: CodeModeControl): void;
  /** Registers cleanup for an account the instance removes. */
  registerUserRemoved(handler: (userId: number) => void | Promise<void>): void;

  /** Pushes a card to the current conversation's clients; a no-op outside an interactive turn. */
  emitCard(card: BrainCard): void;
  /** Parks the current interactive prompt and resolves index-aligned answers. */
  askUser(questions: readonly AskQuestion[]): Promise<readonly AskAnswer[]>;
  /** The complete command catalog for a surface, with kind and mechanism, for the current account. */
  chatCommands(surface: ChatSurface): Promise<readonly ChatCommandDescriptor[]>;
  /** Who is acting now. Outside any turn, hook or request: an unlinked, non-admin access. */
  currentAccess(): Access;
  /** The current account's id, awaited from the session's live state; null for an unlinked turn. */
  currentAccountUserId(): Promise<number | null>;
  /** True when an account with this id exists. */
  accountExists(userId: number): Promise<boolean>;
  /** False once the daemon pauses to stop: start no new work. */
  admitsNewWork(): boolean;

  /** The live skill catalog. */
  readonly skillCatalog: SkillCatalogControl;
  /**
   * Announcements of this plugin's live state to its copies on the host's other instances (see
   * {@link PluginCluster}, `@elowen/plugin-api/cluster`). The reference daemon always sets it;
   * optional only so hosts built before it still satisfy this interface.
   */
  readonly cluster?: PluginCluster;
  /**
   * The current session's prompt: submit as a plugin, fill or read the box, suggest. The session
   * is the one named in `options`, else the turn, hook or request the call runs in. `fill`,
   * `read` and `suggest` raise their chains and reach the session's prompt box in its clients;
   * with no client connected they answer as a session with no box does.
   */
  readonly prompt: {
    submit(
      args: PromptSubmitArgs,
      options?: { readonly sessionId?: string },
    ): Promise<PromptSubmitResult>;
    fill(args: PromptFillArgs, options?: { readonly sessionId?: string }): Promise<PromptFilled>;
    read(options?: { readonly sessionId?: string }): Promise<PromptBox>;
    suggest(
      args: PromptSuggestArgs,
      options?: { readonly sessionId?: string },
    ): Promise<PromptSuggestResult>;
  };
  /** Sub-agents of the current session. */
  readonly agent: {
    spawn(args: {
      readonly prompt: string;
      readonly name?: string;
    }): Promise<{ readonly agentId: string; readonly answer: string }>;
    list(): Promise<readonly AgentInfo[]>;
  };
  /** The current session's usage. */
  readonly session: {
    usage(units?: readonly UsageUnit[]): Promise<SessionUsage>;
  };
}

/** A plugin module's default export. */
export interface ElowenPlugin {
  register(ctx: PluginContext): void | Promise<void>;
}

/** Declares a plugin; returns it unchanged, typed. */
export function definePlugin<P extends ElowenPlugin>(plugin: P): P {
  return plugin;
}
