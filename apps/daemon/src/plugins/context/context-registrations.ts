import type {
  AnyChainHook,
  ChainEventName,
  ChainMatcher,
  PluginContext,
  PluginMutation,
  PluginRouteHandler,
} from "@elowen/plugin-api";
import type { LoadedPlugin } from "../loading/loaded-plugin.js";
import type { PluginHost } from "./plugin-host.js";
import { checkReviewer } from "./registration-checks.js";

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
  | "registerRoute"
  | "registerSkillReviewer"
  | "registerCodeMode"
  | "registerUserRemoved"
>;

/** Staged registrations of one plugin: applied together when `register` succeeds, else dropped. */
export interface Staging {
  readonly methods: RegistrationMethods;
  /** The prompt seams' template readers (usable after registration). */
  readonly templates: Pick<PluginContext, "rawTemplate" | "renderTemplate">;
  /** Resolves once the libraries have taken every registration (skill line counts read). */
  settled(): Promise<void>;
  /** Applies every staged registration to the registry. */
  commit(): void;
  /** Withdraws what the libraries already took (register failed). */
  abort(): Promise<void>;
  /** Closes registration: later calls throw. */
  close(): void;
}

/**
 * Builds a plugin's registration methods. Each call is checked at once (so a bad call throws in
 * the plugin's `register`, naming the rule) and staged; `commit` applies them all, so a plugin
 * whose `register` throws leaves nothing behind.
 */
export function stageRegistrations(plugin: LoadedPlugin, host: PluginHost): Staging {
  const name = plugin.manifest.name;
  const grantable = plugin.manifest.grantable;
  const registry = host.registry;
  const pending: (() => void)[] = [];
  const commands = new Set<string>();
  const tools = new Set<string>();
  let open = true;
  let reviewer = false;
  let codeMode = false;

  const guard = (method: string) => {
    if (!open) throw new Error(`${method}: registration is closed; call it during register(ctx)`);
  };
  const requires = (method: string, capability: PluginMutation): boolean => {
    if (!plugin.manifest.capabilities.mutates.includes(capability)) {
      throw new Error(
        `${method} requires capabilities.mutates: ["${capability}"] in ${name}'s manifest`,
      );
    }
    if (plugin.granted.has(capability)) return true;
    registry.capabilityAudit.dropped(name, capability, method);
    return false;
  };
  const owned = <T>(value: T) => ({ plugin: name, value });
  // Prompt seams and skills go straight to their libraries (which check them) and are withdrawn
  // if register fails; the host's own registries are staged.
  const seams = registry.prompts.forPlugin({ name, grants: [...plugin.granted], root: plugin.dir });
  const libraryWork: Promise<unknown>[] = [];
  const removers: (() => void)[] = [];
  registry.granted.set(name, [...plugin.granted]);

  const methods: RegistrationMethods = {
    registerSkill(skill) {
      guard("registerSkill");
      const report = registry.skills.registerSkill(name, skill);
      report.catch(() => undefined);
      libraryWork.push(report);
    },
    registerCommand(command) {
      guard("registerCommand");
      registry.commands.check(name, command, commands);
      commands.add(command.name);
      pending.push(() => registry.commands.add({ plugin: name, definition: command, grantable }));
    },
    registerCommandProvider(provider) {
      guard("registerCommandProvider");
      if (typeof provider !== "function")
        throw new TypeError("registerCommandProvider: the provider is a function");
      pending.push(() => registry.commands.addProvider(name, provider, grantable));
    },
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
    registerBrainStatusProvider(provider) {
      guard("registerBrainStatusProvider");
      if (typeof provider !== "function")
        throw new TypeError("registerBrainStatusProvider: the provider is a function");
      pending.push(() => registry.statusProviders.push({ plugin: name, provider }));
    },
    registerHook(hook) {
      guard("registerHook");
      removers.push(registry.hooks.registerHook(name, hook));
    },
    on<E extends ChainEventName>(
      event: E,
      matcherOrHook: ChainMatcher<E> | AnyChainHook<E>,
      maybeHook?: AnyChainHook<E>,
    ) {
      guard("on");
      removers.push(
        maybeHook === undefined
          ? registry.hooks.on(name, event, matcherOrHook as AnyChainHook<E>)
          : registry.hooks.on(name, event, matcherOrHook as ChainMatcher<E>, maybeHook),
      );
    },
    registerTool(tool) {
      guard("registerTool");
      const prepared = registry.tools.prepare(name, tool, tools);
      tools.add(tool.name);
      pending.push(() => registry.tools.add(prepared));
    },
    registerRoute(route: PluginRouteHandler) {
      guard("registerRoute");
      const entry = registry.routes.find(name, route?.method, route?.path);
      if (!entry) {
        throw new Error(
          `registerRoute: ${route?.method} ${route?.path} is not declared in ${name}'s manifest routes`,
        );
      }
      if (entry.handler)
        throw new Error(`registerRoute: ${route.method} ${route.path} has a handler already`);
      if (typeof route.handle !== "function")
        throw new TypeError("registerRoute: handle must be a function");
      pending.push(() => {
        entry.handler = route;
      });
    },
    registerSkillReviewer(registration) {
      guard("registerSkillReviewer");
      checkReviewer(registration);
      const existing = registry.reviewer?.plugin;
      if (existing || reviewer)
        throw new Error(
          `registerSkillReviewer: ${existing ?? name} already registered the skill reviewer`,
        );
      reviewer = true;
      pending.push(() => {
        registry.reviewer = owned(registration);
      });
    },
    registerCodeMode(control) {
      guard("registerCodeMode");
      if (typeof control?.compose !== "function")
        throw new TypeError("registerCodeMode: compose must be a function");
      const existing = registry.codeMode?.plugin;
      if (existing || codeMode)
        throw new Error(
          `registerCodeMode: ${existing ?? name} already registered code mode (at most one per host); ${name} cannot`,
        );
      codeMode = true;
      pending.push(() => {
        registry.codeMode = owned(control);
      });
    },
    registerUserRemoved(handler) {
      guard("registerUserRemoved");
      if (typeof handler !== "function")
        throw new TypeError("registerUserRemoved: the handler is a function");
      pending.push(() => registry.userRemoved.push(owned(handler)));
    },
  };
  return {
    methods,
    templates: { rawTemplate: seams.rawTemplate, renderTemplate: seams.renderTemplate },
    async settled() {
      await Promise.all(libraryWork);
    },
    async abort() {
      pending.length = 0;
      for (const remove of removers.splice(0)) remove();
      registry.granted.delete(name);
      registry.prompts.withdraw(name);
      registry.routes.withdraw(name);
      await registry.skills.removePlugin(name);
    },
    commit() {
      for (const apply of pending) apply();
      pending.length = 0;
    },
    close() {
      open = false;
    },
  };
}
