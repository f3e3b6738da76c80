import type {
  AnyChainHook,
  ChainEventName,
  ChainMatcher,
  CodeModeControl,
  HookRegistration,
  InputTransform,
  PluginSkill,
  PromptRegistration,
  SkillReviewerRegistration,
  StepContextProvider,
  TurnContextPlacement,
  TurnContextProvider,
} from "@elowen/plugin-api";
import { CapabilityAudit } from "./capability-audit.js";
import { CommandRegistry } from "./command-registry.js";
import type { PluginState } from "./loaded-plugin.js";
import { RouteTable } from "./route-table.js";
import type { RegisteredStatusProvider } from "./status-assembly.js";
import { ToolRegistry } from "./tool-registry.js";

/** A contribution with the plugin that made it. */
export interface Owned<T> {
  readonly plugin: string;
  readonly value: T;
}

/** The prompt contributions, in registration order. */
export interface PromptContributions {
  readonly fragments: Owned<{ readonly name: string; readonly text: string }>[];
  readonly turnContexts: Owned<{
    readonly name: string;
    readonly placement: TurnContextPlacement;
    readonly provider: TurnContextProvider;
  }>[];
  readonly inputTransforms: Owned<InputTransform>[];
  readonly stepContexts: Owned<StepContextProvider>[];
  readonly templates: Owned<PromptRegistration>[];
}

/**
 * Everything plugins contributed, in one place, for the HTTP layer and the brain. A plugin change
 * means a restart: nothing here is swapped while the daemon runs.
 */
export class PluginRegistry {
  readonly commands: CommandRegistry;
  readonly tools = new ToolRegistry();
  readonly routes = new RouteTable();
  readonly statusProviders: RegisteredStatusProvider[] = [];
  readonly userRemoved: Owned<(userId: number) => void | Promise<void>>[] = [];
  readonly hooks: Owned<HookRegistration>[] = [];
  readonly chains: Owned<{
    readonly event: ChainEventName;
    readonly matcher: ChainMatcher<ChainEventName> | undefined;
    readonly hook: AnyChainHook<ChainEventName>;
  }>[] = [];
  readonly prompts: PromptContributions = {
    fragments: [],
    turnContexts: [],
    inputTransforms: [],
    stepContexts: [],
    templates: [],
  };
  readonly skills: Owned<PluginSkill>[] = [];
  readonly capabilityAudit: CapabilityAudit;
  readonly states: PluginState[] = [];
  reviewer: Owned<SkillReviewerRegistration> | undefined;
  codeMode: Owned<CodeModeControl> | undefined;

  constructor(
    options: { readonly log?: (message: string) => void; readonly now?: () => number } = {},
  ) {
    this.commands = new CommandRegistry(options.log);
    this.capabilityAudit = new CapabilityAudit(options.now);
  }

  /** The plugins' load states as status shows them. */
  pluginStatus(): {
    name: string;
    version: string;
    state: "loaded" | "refused";
    reason?: string;
  }[] {
    return this.states.map((s) => ({
      name: s.name,
      version: s.version,
      state: s.state,
      ...(s.reason === undefined ? {} : { reason: s.reason }),
    }));
  }

  /** True when the plugin loaded. */
  isLoaded(name: string): boolean {
    return this.states.some((s) => s.name === name && s.state === "loaded");
  }
}
