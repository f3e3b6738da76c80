import type { PluginContext, PluginMutation } from "@elowen/plugin-api";
import type { AnyChainHook, ChainEventName, ChainMatcher } from "@elowen/plugin-api/chains";
import type { PluginRouteHandler } from "@elowen/plugin-api/routes";
import type { PluginPromptSeams } from "@elowen/prompt-compose";
import type { LoadedPlugin } from "../loading/loaded-plugin.js";
import { checkRouteSchemas } from "../routes/route-schemas.js";
import type { PluginHost } from "./plugin-host.js";
import { checkReviewer } from "./registration-checks.js";
import { PLUGIN_REGISTRATION_ERRORS, PluginRegistrationError } from "./registration-error.js";

/** What each registration method is given: the plugin, the host and the staging's bookkeeping. */
export interface Stage {
  readonly name: string;
  readonly plugin: LoadedPlugin;
  readonly host: PluginHost;
  /** Throws when registration is closed. */
  guard(method: string): void;
  /**
   * Whether the plugin may use `capability` for `method`: throws when its manifest does not ask
   * for it; false (and audited as dropped) when the operator did not consent.
   */
  requires(method: string, capability: PluginMutation): boolean;
  /** Applies `apply` to the host's registries at commit. */
  later(apply: () => void): void;
  /** Undoes a registration a library already took, if register fails. */
  undo(remove: () => void): void;
  /** Waits for a library's registration work before the plugin counts as loaded. */
  await(work: Promise<unknown>): void;
}

/** The registration methods of a context, staged until `register` resolves. */
export type RegistrationMethods = Pick<
  PluginContext,
  | "registerSkill"
  | "registerCommand"
  | "registerCommandProvider"
  | "registerSystemPromptFragment"
  | "registerTurnContext"
  | "registerInputTransform"
  | "registerStepContext"
  | "registerPrompts"
  | "registerBrainStatusProvider"
  | "registerHook"
  | "on"
  | "registerTool"
  | "registerToolSource"
  | "registerRoute"
  | "registerSkillReviewer"
  | "registerCodeMode"
  | "registerUserRemoved"
>;

/** Every registration method of a plugin's context, each checking its call at once. */
export function registrationMethods(stage: Stage, seams: PluginPromptSeams): RegistrationMethods {
  return {
    ...promptMethods(stage, seams),
    ...commandMethods(stage),
    ...hookMethods(stage),
    ...toolAndRouteMethods(stage),
    ...singletonMethods(stage),
  };
}

/** Prompt seams go straight to @elowen/prompt-compose, which checks them. */
function promptMethods(stage: Stage, seams: PluginPromptSeams) {
  const { guard, requires } = stage;
  return {
    registerSystemPromptFragment(text, options) {
      guard("registerSystemPromptFragment");
      seams.registerSystemPromptFragment(text, options);
    },
    registerTurnContext(provider, options) {
      guard("registerTurnContext");
      seams.registerTurnContext(provider, options);
    },
    registerInputTransform(transform) {
      guard("registerInputTransform");
      if (requires("registerInputTransform", "turnContext"))
        seams.registerInputTransform(transform);
    },
    registerStepContext(provider) {
      guard("registerStepContext");
      seams.registerStepContext(provider);
    },
    registerPrompts(prompts) {
      guard("registerPrompts");
      if (requires("registerPrompts", "prompt")) seams.registerPrompts(prompts);
    },
  } satisfies Partial<RegistrationMethods>;
}

function commandMethods(stage: Stage) {
  const { name, guard, later } = stage;
  const registry = stage.host.registry;
  const grantable = stage.plugin.manifest.grantable;
  const commands = new Set<string>();
  return {
    registerCommand(command) {
      guard("registerCommand");
      registry.commands.check(name, command, commands);
      commands.add(command.name);
      later(() => registry.commands.add({ plugin: name, definition: command, grantable }));
    },
    registerCommandProvider(provider) {
      guard("registerCommandProvider");
      if (typeof provider !== "function")
        throw new TypeError("registerCommandProvider: the provider is a function");
      later(() => registry.commands.addProvider(name, provider, grantable));
    },
  } satisfies Partial<RegistrationMethods>;
}

/** Hooks and chains go straight to the hook bus and are removed if register fails. */
function hookMethods(stage: Stage) {
  const { name, guard, undo } = stage;
  const hooks = stage.host.registry.hooks;
  return {
    registerHook(hook) {
      guard("registerHook");
      undo(hooks.registerHook(name, hook));
    },
    on<E extends ChainEventName>(
      event: E,
      matcherOrHook: ChainMatcher<E> | AnyChainHook<E>,
      maybeHook?: AnyChainHook<E>,
    ) {
      guard("on");
      undo(
        maybeHook === undefined
          ? hooks.on(name, event, matcherOrHook as AnyChainHook<E>)
          : hooks.on(name, event, matcherOrHook as ChainMatcher<E>, maybeHook),
      );
    },
  } satisfies Partial<RegistrationMethods>;
}

function toolAndRouteMethods(stage: Stage) {
  const { name, guard, later } = stage;
  const registry = stage.host.registry;
  const tools = new Set<string>();
  return {
    registerSkill(skill) {
      guard("registerSkill");
      stage.await(registry.skills.registerSkill(name, skill));
    },
    registerTool(tool) {
      guard("registerTool");
      const prepared = registry.tools.prepare(name, tool, tools);
      tools.add(tool.name);
      later(() => registry.tools.add(prepared));
    },
    registerToolSource(source) {
      guard("registerToolSource");
      if (typeof source !== "function")
        throw new TypeError("registerToolSource: the source is a function");
      later(() => registry.tools.addSource(name, source));
    },
    registerRoute(route: PluginRouteHandler) {
      guard("registerRoute");
      const entry = registry.routes.find(name, route?.method, route?.path);
      if (!entry) {
        throw new PluginRegistrationError({
          code: PLUGIN_REGISTRATION_ERRORS.undeclared,
          summary: `registerRoute: ${route?.method} ${route?.path} is not declared in ${name}'s manifest routes`,
        });
      }
      if (entry.handler)
        throw new PluginRegistrationError({
          code: PLUGIN_REGISTRATION_ERRORS.duplicate,
          summary: `registerRoute: ${route.method} ${route.path} has a handler already`,
        });
      if (typeof route.handle !== "function")
        throw new TypeError("registerRoute: handle must be a function");
      checkRouteSchemas(route);
      later(() => {
        entry.handler = route;
      });
    },
    registerBrainStatusProvider(provider) {
      guard("registerBrainStatusProvider");
      if (typeof provider !== "function")
        throw new TypeError("registerBrainStatusProvider: the provider is a function");
      later(() => registry.statusProviders.push({ plugin: name, provider }));
    },
    registerUserRemoved(handler) {
      guard("registerUserRemoved");
      if (typeof handler !== "function")
        throw new TypeError("registerUserRemoved: the handler is a function");
      later(() => registry.userRemoved.push({ plugin: name, value: handler }));
    },
  } satisfies Partial<RegistrationMethods>;
}

/** The seams a host has at most one of: the skill reviewer and code mode. */
function singletonMethods(stage: Stage) {
  const { name, guard, later } = stage;
  const registry = stage.host.registry;
  let reviewer = false;
  let codeMode = false;
  return {
    registerSkillReviewer(registration) {
      guard("registerSkillReviewer");
      checkReviewer(registration);
      const existing = registry.reviewer?.plugin;
      if (existing || reviewer)
        throw new PluginRegistrationError({
          code: PLUGIN_REGISTRATION_ERRORS.duplicate,
          summary: `registerSkillReviewer: ${existing ?? name} already registered the skill reviewer`,
        });
      reviewer = true;
      later(() => {
        registry.reviewer = { plugin: name, value: registration };
      });
    },
    registerCodeMode(control) {
      guard("registerCodeMode");
      if (typeof control?.compose !== "function")
        throw new TypeError("registerCodeMode: compose must be a function");
      const existing = registry.codeMode?.plugin;
      if (existing || codeMode)
        throw new PluginRegistrationError({
          code: PLUGIN_REGISTRATION_ERRORS.duplicate,
          summary: `registerCodeMode: ${existing ?? name} already registered code mode (at most one per host); ${name} cannot`,
        });
      codeMode = true;
      later(() => {
        registry.codeMode = { plugin: name, value: control };
      });
    },
  } satisfies Partial<RegistrationMethods>;
}
