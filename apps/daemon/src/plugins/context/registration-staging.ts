import type { PluginContext } from "@elowen/plugin-api";
import type { LoadedPlugin } from "../loading/loaded-plugin.js";
import type { PluginHost } from "./plugin-host.js";
import { PLUGIN_REGISTRATION_ERRORS, PluginRegistrationError } from "./registration-error.js";
import {
  type RegistrationMethods,
  registrationMethods,
  type Stage,
} from "./registration-methods.js";

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
  const registry = host.registry;
  const pending: (() => void)[] = [];
  const removers: (() => void)[] = [];
  const libraryWork: Promise<unknown>[] = [];
  let open = true;
  const stage: Stage = {
    name,
    plugin,
    host,
    guard(method) {
      if (!open)
        throw new PluginRegistrationError({
          code: PLUGIN_REGISTRATION_ERRORS.closed,
          summary: `${method}: registration is closed; call it during register(ctx)`,
        });
    },
    requires(method, capability) {
      if (!plugin.manifest.capabilities.mutates.includes(capability)) {
        throw new PluginRegistrationError({
          code: PLUGIN_REGISTRATION_ERRORS.capabilityMissing,
          summary: `${method} requires capabilities.mutates: ["${capability}"] in ${name}'s manifest`,
        });
      }
      if (plugin.granted.has(capability)) return true;
      registry.capabilityAudit.dropped(name, capability, method);
      return false;
    },
    later: (apply) => pending.push(apply),
    undo: (remove) => removers.push(remove),
    await(work) {
      work.catch(() => undefined);
      libraryWork.push(work);
    },
  };
  // Prompt seams and skills go straight to their libraries (which check them) and are withdrawn
  // if register fails; the host's own registries are staged.
  const seams = registry.prompts.forPlugin({ name, grants: [...plugin.granted], root: plugin.dir });
  registry.granted.set(name, [...plugin.granted]);
  return {
    methods: registrationMethods(stage, seams),
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
