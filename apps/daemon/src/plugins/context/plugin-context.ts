import { HOST_VERSIONS, type PluginContext } from "@elowen/plugin-api";
import { currentAccess } from "../call-scope/access-scope.js";
import { currentTurn } from "../call-scope/turn-scope.js";
import type { LoadedPlugin } from "../loading/loaded-plugin.js";
import { viewStrings } from "../ui/view-strings.js";
import type { PluginHost } from "./plugin-host.js";
import { pluginImages } from "./plugin-images.js";
import { type Staging, stageRegistrations } from "./registration-staging.js";

/** A plugin's context and the staging of its registrations. */
export interface CreatedContext {
  readonly ctx: PluginContext;
  readonly staging: Staging;
}

/**
 * Builds the PluginContext a plugin's `register(ctx)` receives. Registration methods are staged
 * (see stageRegistrations); runtime methods resolve "current" from the request or turn running
 * now; turn-bound methods go to the brain's TurnServices and throw NotInTurnError until it exists.
 */
export function createPluginContext(plugin: LoadedPlugin, host: PluginHost): CreatedContext {
  const name = plugin.manifest.name;
  const staging = stageRegistrations(plugin, host);
  const turn = (method: string) => host.turnServices.require(method);
  let catalog: PluginContext["skillCatalog"] | undefined;
  const ctx: PluginContext = {
    pluginName: name,
    manifest: plugin.manifest,
    versions: HOST_VERSIONS,
    log: host.logger(name),
    dataDir: plugin.dataDir,
    homeDir: plugin.homeDir,
    strings: viewStrings(plugin.manifest, host.language),
    settings: plugin.settings,
    images: pluginImages(() => host.store.blobs),
    ...staging.methods,
    ...staging.templates,
    emitCard(card) {
      const scope = currentTurn();
      if (!scope?.interactive) return;
      void host.cards.emit(scope.sessionId, card);
    },
    async askUser(questions) {
      return turn("askUser").askUser(name, questions);
    },
    chatCommands(surface) {
      return host.registry.commands.catalog(surface, currentAccess());
    },
    currentAccess,
    async currentAccountUserId() {
      // A delegated run acts for the account it inherits.
      const access = currentAccess();
      return access.delegatedFrom ?? access.userId;
    },
    accountExists(userId) {
      return host.store.accounts.exists(userId);
    },
    admitsNewWork: host.admitsNewWork,
    cluster: host.cluster(name),
    get skillCatalog() {
      catalog ??= host.skillCatalog(name);
      return catalog;
    },
    prompt: {
      submit: async (args, options) => turn("prompt.submit").promptSubmit(name, args, options),
      fill: async (args, options) => host.promptBox.fill(name, args, options),
      read: async (options) => host.promptBox.read(name, options),
      suggest: async (args, options) => host.promptBox.suggest(name, args, options),
    },
    agent: {
      spawn: async (args) => turn("agent.spawn").agentSpawn(name, args),
      list: async () => turn("agent.list").agentList(name),
    },
    session: {
      usage: async (units) => turn("session.usage").sessionUsage(name, units),
    },
  };
  return { ctx, staging };
}
