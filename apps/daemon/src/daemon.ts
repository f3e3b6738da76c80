import { loadConfig } from "./config/load-config.js";
import type { DaemonOptions, HostedDaemon, RunningDaemon } from "./daemon-types.js";
import { listenEarly } from "./http/early-server.js";
import type { LogSink } from "./logger.js";

export type { DaemonHost, DaemonOptions, HostedDaemon, RunningDaemon } from "./daemon-types.js";

/**
 * Starts the daemon in this process: config (every problem listed before anything is written),
 * the listening socket (`GET /health` answers `ready: false` from here on), then, loaded only now,
 * the model, data directory, store, owner account, plugins, the full HTTP server on the same
 * socket, `daemon.json`. Resolves once every route is served. Throws ConfigError,
 * MissingApiKeyError, DatabaseLockedError or SchemaTooNewError with a message an operator can act
 * on. The handle keeps no internal seams: what a client needs is the HTTP API at `url`.
 */
export async function startDaemon(options: DaemonOptions = {}): Promise<RunningDaemon> {
  const { url, home, ownerTokenFile, config, stop } = await startHostedDaemon(options);
  return { url, home, ownerTokenFile, config, stop };
}

/**
 * {@link startDaemon}, answering the handle with the host's seams (`host`). Only the config and
 * the socket are loaded with this module: the rest (the pi toolkit, the store, Fastify, the
 * plugins) is imported while the socket already answers `/health`.
 */
export async function startHostedDaemon(options: DaemonOptions = {}): Promise<HostedDaemon> {
  // The import starts at once: it overlaps reading the config and opening the socket.
  const core = import("./daemon-core.js");
  core.catch(() => undefined);
  const env = options.env ?? process.env;
  const sink: LogSink = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const loaded = loadConfig({
    env,
    ...(options.home === undefined ? {} : { home: options.home }),
    ...(options.configFile === undefined ? {} : { file: options.configFile }),
    ...(options.config === undefined ? {} : { overrides: options.config }),
  });
  const { server } = loaded.config;
  const early = await listenEarly({
    host: server.host,
    port: server.port,
    allowedHosts: server.allowedHosts,
  });
  try {
    const { startCore } = await core;
    return await startCore(options, env, sink, loaded, early);
  } catch (error) {
    await early.close("the daemon could not start; see its log");
    throw error;
  }
}
