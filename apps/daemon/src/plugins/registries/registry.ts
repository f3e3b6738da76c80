import { HookBus } from "@elowen/hook-bus";
import type { PluginLogger, PluginMutation } from "@elowen/plugin-api";
import type { Access } from "@elowen/plugin-api/access";
import type { SkillReviewerRegistration } from "@elowen/plugin-api/skills";
import type { CodeModeControl } from "@elowen/plugin-api/trace";
import type { CoreTemplates, PromptRegistry } from "@elowen/prompt-compose";
import { createPromptRegistry } from "@elowen/prompt-compose";
import { SkillCatalog } from "@elowen/skill-catalog";
import { isGranted } from "../call-scope/grants.js";
import { CommandRegistry } from "../commands/command-registry.js";
import type { PluginState } from "../loading/loaded-plugin.js";
import { RouteTable } from "../routes/route-table.js";
import type { RegisteredStatusProvider } from "../status/status-assembly.js";
import { CallPermissions } from "./call-permissions.js";
import { CapabilityAudit } from "./capability-audit.js";
import { ToolRegistry } from "./tool-registry.js";

/** A contribution with the plugin that made it. */
export interface Owned<T> {
  readonly plugin: string;
  readonly value: T;
}

/** What the registry is built with. */
export interface RegistryOptions {
  readonly log?: (message: string) => void;
  readonly now?: () => number;
  /** True when the account switched plugin skills off for automatic discovery. */
  readonly pluginSkillsOff: (userId: number) => boolean;
  readonly coreTemplates?: CoreTemplates;
  /** Where the hook bus logs plugin hook failures. */
  readonly logger?: PluginLogger;
  /**
   * Whether a reader sees a skill contributor at all, before grants (each session sees the Agent
   * Skills folders of its own workspace only); absent, every contributor is in scope.
   */
  readonly skillScope?: (access: Access, contributor: string) => boolean;
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
  /** Lifecycle hooks and middleware chains (@elowen/hook-bus); also the ChainDispatcher. */
  readonly hooks: HookBus;
  /** The capabilities each loaded plugin was granted (manifest ∩ operator consent). */
  readonly granted = new Map<string, readonly PluginMutation[]>();
  /** Prompt fragments, providers and templates (@elowen/prompt-compose). */
  readonly prompts: PromptRegistry;
  /** The live skill catalog (@elowen/skill-catalog). */
  readonly skills: SkillCatalog;
  /** Names of loaded user-grantable plugins. */
  readonly grantable = new Set<string>();
  readonly capabilityAudit: CapabilityAudit;
  /** Hook permission decisions (`ask` / `allow`) per call, until the permission gate takes them. */
  readonly callPermissions = new CallPermissions();
  readonly states: PluginState[] = [];
  reviewer: Owned<SkillReviewerRegistration> | undefined;
  codeMode: Owned<CodeModeControl> | undefined;

  constructor(options: RegistryOptions) {
    this.commands = new CommandRegistry(options.log);
    this.capabilityAudit = new CapabilityAudit(options.now);
    this.hooks = new HookBus({
      grantsOf: (plugin) => this.granted.get(plugin) ?? [],
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
    this.prompts = createPromptRegistry(
      options.coreTemplates === undefined ? {} : { coreTemplates: options.coreTemplates },
    );
    this.skills = new SkillCatalog({
      isGranted: (access, plugin) =>
        (options.skillScope?.(access, plugin) ?? true) &&
        isGranted(access, plugin, this.grantable.has(plugin)),
      pluginSkillSwitch: (access) =>
        access.userId !== null && options.pluginSkillsOff(access.userId)
          ? (skill) => skill.catalogSource !== "plugin" && skill.catalogSource !== "bundled"
          : undefined,
    });
  }

  /** The plugins' load states as status shows them; a quarantined plugin's reason says so. */
  pluginStatus(): {
    name: string;
    version: string;
    state: "loaded" | "refused";
    reason?: string;
    diagnostics?: readonly string[];
  }[] {
    const quarantined = new Map(this.hooks.quarantined().map((q) => [q.pluginName, q]));
    return this.states.map((s) => {
      const q = quarantined.get(s.name);
      const reason =
        q === undefined
          ? s.reason
          : `quarantined: a ${q.hook} hook blocked the event loop for ${q.blockedMs} ms (budget ${q.budgetMs} ms); its hooks are not called until an administrator releases it (POST /admin/plugins/${s.name}/release)`;
      return {
        name: s.name,
        version: s.version,
        state: s.state,
        ...(reason === undefined ? {} : { reason }),
        ...(s.diagnostics === undefined || s.diagnostics.length === 0
          ? {}
          : { diagnostics: s.diagnostics }),
      };
    });
  }

  /** True when the plugin loaded. */
  isLoaded(name: string): boolean {
    return this.states.some((s) => s.name === name && s.state === "loaded");
  }
}
