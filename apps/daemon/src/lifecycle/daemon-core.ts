import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrainStatusModel } from "@elowen/plugin-api/status";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { SkillSourceSet } from "@elowen/skill-catalog";
import { Brain } from "../brain/brain.js";
import { systemBrainClock } from "../brain/host/brain-host.js";
import { randomIds } from "../brain/host/id-minter.js";
import { readProviderKeys } from "../brain/model/provider-keys.js";
import { resolveModel } from "../brain/model/resolve-model.js";
import { SessionModels } from "../brain/model/session-models.js";
import { brainParts } from "../brain/parts.js";
import { pluginTurnServices } from "../brain/plugin-services.js";
import { SkillReviews } from "../brain/review/skill-reviews.js";
import { recoverInterruptedTurns } from "../brain/session/recovery.js";
import { carryOutRelayed } from "../brain/session/relay-here.js";
import type { LoadedConfig } from "../config/load-config.js";
import { pluginSettings } from "../config/plugin-sections.js";
import type { EarlyServer } from "../http/early-server.js";
import { buildServer } from "../http/server.js";
import { CardEmitter } from "../live/card-emitter.js";
import { announceEntries, LiveJournal } from "../live/live-journal.js";
import { SessionEvents } from "../live/session-events.js";
import { createDaemonLog, type LogSink } from "../logger.js";
import { isGranted } from "../plugins/call-scope/grants.js";
import { openClusterHub } from "../plugins/cluster/open-cluster.js";
import { hostSkillCatalogControl } from "../plugins/context/skill-catalog-control.js";
import { TurnServicesSlot } from "../plugins/context/turn-services.js";
import { processHookRegistrar } from "../plugins/formats/process-hooks/process-hook-registrar.js";
import { InstalledPlugins, pluginLoadOptions } from "../plugins/install/installed-plugins.js";
import { candidateNames, discoverPlugins } from "../plugins/loading/discover.js";
import { loadPlugins } from "../plugins/loading/load-plugins.js";
import { PromptBoxService } from "../plugins/prompt-box/prompt-box.js";
import { PromptBoxRelay } from "../plugins/prompt-box/prompt-box-relay.js";
import { PluginRegistry } from "../plugins/registries/registry.js";
import { preferredLanguage } from "../plugins/ui/view-strings.js";
import { agentSkillSourcesFor, daemonWorkspace, startAgentSkills } from "../skills/agent-skills.js";
import { realDirectory, SessionWorkspaces } from "../skills/session-workspaces.js";
import { startBlobSweep } from "../store/blob-sweep.js";
import { startFailedJobPrune } from "../store/jobs/failed-job-prune.js";
import { openStore } from "../store/open-store.js";
import { isPostgresStore } from "../store/postgres/is-postgres-store.js";
import type { SharedInstances } from "../store/postgres/shared-instances.js";
import type { Store } from "../store/store.js";
import { removeDaemonFile, writeDaemonFile } from "./daemon-file.js";
import type { DaemonOptions, HostedDaemon } from "./daemon-types.js";
import { gracefulStop } from "./graceful-stop.js";
import { ensureOwner } from "./owner-token.js";
import { sweepStaleTemporaries } from "./stale-temporaries.js";
import { warmFirstTurn } from "./warm-start.js";

/**
 * The part of {@link startHostedDaemon} after the socket listens: model, data directory, store,
 * owner, plugins, brain, the full server taking over `early`, `daemon.json`. Loaded lazily: this
 * module is what pulls in the pi toolkit, the store drivers and Fastify.
 */
export async function startCore(
  options: DaemonOptions,
  env: Readonly<Record<string, string | undefined>>,
  sink: LogSink,
  loaded: LoadedConfig,
  early: EarlyServer,
): Promise<HostedDaemon> {
  const { home, config } = loaded;
  const log = createDaemonLog({ ...config.log, sink });
  // The model is resolved before anything is written: a bad script or a missing key stops here.
  const modelRuntime = resolveModel(config.model, env, readProviderKeys(home));
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const coreLog = log.area("daemon");
  const learningLog = log.area("learning");
  const brainLog = log.area("brain");
  const store: Store = await openStore(config.store, log.area("store"));
  // From plugin loading on, a start that fails still lets them clean up (plugin.shutdown once).
  let releasePlugins: (() => Promise<unknown>) | undefined;
  let releaseSources: (() => Promise<unknown>) | undefined;
  let instances: SharedInstances | undefined;
  try {
    await removeStaleTemporaries(
      home,
      sweptPluginData(store, home, config.plugins.dataDir),
      coreLog,
    );
    const owner = await ensureOwner(store, home);
    let admits = true;
    let model: BrainStatusModel = modelRuntime.status;
    const skillsOff = new Set(await store.grants.pluginSkillsOff());
    let skillSources: SkillSourceSet | undefined;
    const sessionWorkspaces = new SessionWorkspaces({
      daemonWorkspace: realDirectory(daemonWorkspace(config.skills)),
      allowed: config.brain.allowedWorkspaces,
      sourcesFor: (workspace) =>
        agentSkillSourcesFor({ config: config.skills, home, env }, workspace),
      skillSources: () => skillSources,
    });
    const registry = new PluginRegistry({
      log: coreLog,
      logger: log.plugin("hooks"),
      pluginSkillsOff: (userId) => skillsOff.has(userId),
      skillScope: (access, contributor) => sessionWorkspaces.sees(access, contributor),
    });
    const events = new SessionEvents();
    const journal = new LiveJournal(store, events);
    const cards = new CardEmitter(store, events, coreLog);
    const language = preferredLanguage(env.LC_ALL ?? env.LANG);
    const promptBoxRelay = new PromptBoxRelay(events, {
      timeoutMs: config.plugins.promptBoxTimeoutMs,
    });
    const promptBox = new PromptBoxService(registry.hooks, promptBoxRelay, store);
    const cluster = openClusterHub(store, log.area("cluster"));
    const host = {
      registry,
      store,
      cards,
      events,
      journal,
      turnServices: new TurnServicesSlot(),
      promptBox,
      admitsNewWork: () => admits,
      language,
      logger: (plugin: string) => log.plugin(plugin),
      skillCatalog: (plugin: string) =>
        hostSkillCatalogControl(registry.skills, plugin, registry.hooks),
      cluster: (plugin: string) => cluster.forPlugin(plugin),
      setModel(next: BrainStatusModel) {
        model = next;
      },
    };
    releasePlugins = async () => {
      await registry.hooks.shutdown({
        reason: "stop",
        deadline: Date.now() + config.shutdown.pauseDeadlineMs,
      });
      registry.hooks.close();
    };
    const candidates = discoverPlugins({
      bundled: config.plugins.bundled,
      dirs: config.plugins.dirs,
      home,
    });
    const workspaceRoot = config.brain.workspaceRoot ?? join(home, "workspaces");
    const settings = pluginSettings(
      loaded.file,
      loaded.sections,
      config.plugins.settings,
      candidateNames(candidates),
    );
    const loadOptions = {
      ...(await pluginLoadOptions(home, config.plugins, settings, coreLog)),
      processHooks: processHookRegistrar(workspaceRoot, registry),
    };
    await loadPlugins(candidates, host, loadOptions);
    await cluster.listening();
    const installedPlugins = new InstalledPlugins(home, host, loadOptions);
    skillSources = await startAgentSkills({
      config: config.skills,
      home,
      env,
      catalog: registry.skills,
      log: log.area("skills"),
    });
    const startedSources = skillSources;
    releaseSources = () => startedSources.close();
    const learning = new SkillReviews({
      store,
      model: modelRuntime,
      config: config.learning,
      reviewer: () => registry.reviewer,
      granted: (access, plugin) => isGranted(access, plugin, registry.grantable.has(plugin)),
      admitsNewWork: () => admits,
      now: systemBrainClock.now,
      log: (message) => learningLog(modelRuntime.redact(message)),
    });
    // The PostgreSQL instance machinery (and the driver) loads only for the PostgreSQL store.
    instances = isPostgresStore(store)
      ? await (await import("../store/postgres/shared-instances.js")).joinInstances(store, {
          leaseMs: config.store.kind === "postgres" ? config.store.leaseMs : 0,
          recover: (sessionId) =>
            recoverInterruptedTurns(store, journal, Date.now, coreLog, sessionId),
          entries: {
            wanted: (sessionId) => events.subscriberCount(sessionId) > 0,
            deliver: (sessionId, entries) => announceEntries(events, sessionId, entries),
          },
          log: log.area("instances"),
        })
      : undefined;
    const models = new SessionModels({
      config: config.model,
      configured: modelRuntime,
      env,
      home,
      store,
    });
    const brain = new Brain(
      {
        store,
        events,
        journal: host.journal,
        registry,
        cards,
        model: modelRuntime,
        sessionModel: (sessionId) => models.runtimeFor(sessionId),
        config: config.brain,
        workspaceRoot,
        sessionWorkspaces,
        clock: systemBrainClock,
        ids: randomIds,
        admitsNewWork: () => admits,
        log: (message) => brainLog(modelRuntime.redact(message)),
        requests: learning.requestObserver(),
        ...(instances === undefined ? {} : { holds: instances.holds }),
      },
      brainParts(),
    );
    brain.onExchangeSettled((exchange) => learning.offer(exchange));
    host.turnServices.install(pluginTurnServices(brain, brain.agentServices()));
    // Answers and aborts that another instance received for the turns running here.
    await instances?.serveRelay((request) => carryOutRelayed(brain, request));
    // On a shared database only the turns of dead instances are marked, each under its hold.
    await (instances ? instances.holds.sweep() : brain.recover());
    // Queued reviews run once this instance holds its lease (its claims then read as alive).
    learning.start();
    const app = await buildServer(
      {
        store,
        registry,
        events,
        brain,
        models,
        promptBox,
        language,
        log: coreLog,
        installedPlugins,
        ...(instances === undefined
          ? {}
          : { sharedJournal: instances.journal, relay: instances.relay }),
        status: {
          providers: registry.statusProviders,
          model: () => model,
          admitsNewWork: () => admits,
          plugins: () => registry.pluginStatus(),
          log: coreLog,
        },
        grantsChanged: (accountId, grants) => {
          if (grants.pluginSkills) skillsOff.delete(accountId);
          else skillsOff.add(accountId);
        },
        learningStatus: (access) => learning.status(access),
        skillSources: startedSources,
        sessionWorkspaces,
        releasePlugin: (pluginName) => registry.hooks.release(pluginName),
        hookAudit: () => [
          ...registry.hooks.audit().map((e) => ({ ...e })),
          ...registry.capabilityAudit.entries().map((e) => ({ ...e })),
        ],
        userRemoved: async (userId) => {
          await Promise.all(
            registry.userRemoved.map(async ({ plugin, value }) => {
              try {
                await value(userId);
              } catch (error) {
                coreLog(`registerUserRemoved handler of ${plugin} failed: ${errorMessage(error)}`);
              }
            }),
          );
        },
      },
      {
        listenHost: config.server.host,
        allowedHosts: config.server.allowedHosts,
        allowedOrigins: config.server.allowedOrigins,
        bodyLimitBytes: config.server.bodyLimitBytes,
        logger: log.pino.child({ area: "http" }),
        ...(options.webDir === undefined ? {} : { webDir: options.webDir }),
        early,
      },
    );
    // The full server takes over the socket: held requests first, `/health` says ready from now.
    await app.ready();
    app.log.info(`listening on ${early.url}`);
    // What the first turn would load on its path (the provider's module, the workspace tools)
    // loads now, once every route is served: loading it beside the start kept the one JavaScript
    // thread from listening for seconds. Never rejects; a turn that comes first shares the import.
    void warmFirstTurn({
      provider: config.model.provider,
      workspaceTools: config.brain.workspaceTools,
    });
    const address = early.url;
    const url = address;
    const writeFile = options.writeDaemonFile ?? true;
    if (writeFile) await writeDaemonFile(home, { url, pid: process.pid, startedAt: Date.now() });
    const sweep = startBlobSweep(store, config.blobs, coreLog);
    const prune = startFailedJobPrune(store.jobs, config.jobs, Date.now, coreLog);
    let stopping: Promise<void> | undefined;
    const stop = (reason: "signal" | "stop" | "restart" = "stop") => {
      stopping ??= gracefulStop(reason, {
        pauseDeadlineMs: config.shutdown.pauseDeadlineMs,
        stopAdmitting: () => {
          admits = false;
        },
        quiet: [
          { name: "blob sweep", run: () => sweep.stop() },
          { name: "skill folders", run: () => skillSources.close() },
          { name: "skill learning", run: () => learning.pause() },
          { name: "failed job prune", run: () => prune.stop() },
        ],
        pauseBrain: (deadline) => brain.pause(deadline),
        // Aborted reviews settle at once; one stuck in a plugin is abandoned at the deadline.
        idle: () => {
          promptBoxRelay.close();
          return learning.idle();
        },
        shutdownPlugins: (payload) => registry.hooks.shutdown(payload),
        close: [
          { name: "hook bus", run: () => registry.hooks.close() },
          { name: "HTTP server", run: () => app.close() },
          { name: "cards", run: () => cards.drain() },
          ...(instances ? [{ name: "instance lease", run: () => instances?.stop() }] : []),
          { name: "checkpoint", run: () => store.checkpoint() },
          { name: "store", run: () => store.close() },
          {
            name: "model",
            run: () => {
              models.close();
              modelRuntime.close();
            },
          },
          ...(writeFile ? [{ name: "daemon.json", run: () => removeDaemonFile(home) }] : []),
        ],
        log: coreLog,
      });
      return stopping;
    };
    return {
      url,
      home,
      ownerTokenFile: owner.file,
      config,
      host: { ...host, brain, learning, skillSources },
      stop,
    };
  } catch (error) {
    await releasePlugins?.().catch((failure: unknown) =>
      coreLog(`plugin.shutdown after a failed start: ${errorMessage(failure)}`),
    );
    await releaseSources?.();
    await instances?.stop().catch(() => undefined);
    await store.close();
    modelRuntime.close();
    throw error;
  }
}

/**
 * The plugins' data root to sweep at start-up: not one that other instances on the same database
 * share (configured away from `home/plugins-data`), since they may be writing there now.
 */
function sweptPluginData(store: Store, home: string, dataDir: string): string | null {
  const own = join(home, "plugins-data");
  return isPostgresStore(store) && dataDir !== own ? null : dataDir;
}

/** Start-up removes the temporaries a killed writer left (see {@link sweepStaleTemporaries}). */
async function removeStaleTemporaries(
  home: string,
  pluginData: string | null,
  log: (message: string) => void,
): Promise<void> {
  const { removed, failed } = await sweepStaleTemporaries(home, process.pid, pluginData);
  if (removed.length > 0)
    log(`removed ${removed.length} temporary file(s) a stopped writer left behind`);
  for (const { path, error } of failed)
    log(`could not remove the stale temporary ${path}: ${error}`);
}
