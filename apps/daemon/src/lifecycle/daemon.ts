import type { LoadedConfig } from "../config/load-config.js";
import { type ListenAddress, quickListenAddress } from "../config/quick-address.js";
import { type EarlyServer, listenEarly } from "../http/early-server.js";
import type { LogSink } from "../logger.js";
import type { DaemonOptions, HostedDaemon, RunningDaemon } from "./daemon-types.js";

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
 * {@link startDaemon}, answering the handle with the host's seams (`host`). Only the socket (and,
 * when the address is not known without it, the config) is loaded with this module: the config
 * schema, the pi toolkit, the store, Fastify and the plugins are imported while the socket already
 * answers `/health`. A configuration problem found after the socket opened still stops the start
 * with its ConfigError (the socket closes first), and wins over a failed listen.
 */
export async function startHostedDaemon(options: DaemonOptions = {}): Promise<HostedDaemon> {
  const env = options.env ?? process.env;
  const sink: LogSink = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const source = {
    env,
    ...(options.home === undefined ? {} : { home: options.home }),
    ...(options.configFile === undefined ? {} : { file: options.configFile }),
    ...(options.config === undefined ? {} : { overrides: options.config }),
  };
  const loadConfig = async (): Promise<LoadedConfig> =>
    (await import("../config/load-config.js")).loadConfig(source);
  // The address from the environment and defaults alone when that is certain; else from the
  // whole configuration, loaded (and checked) before the socket opens.
  let loaded: LoadedConfig | undefined;
  let address = quickListenAddress(source);
  if (address === undefined) {
    loaded = await loadConfig();
    address = loaded.config.server;
  }
  const early = await listenOrExplain(address, loaded === undefined ? loadConfig : undefined);
  try {
    // Both start loading at once; the config module is part of the core's graph anyway.
    const core = import("./daemon-core.js");
    core.catch(() => undefined);
    const config = loaded ?? (await loadConfig());
    const { startCore } = await core;
    return await startCore(options, env, sink, config, early);
  } catch (error) {
    await early.close("the daemon could not start; see its log");
    throw error;
  }
}

/**
 * Listens on `address`. When that fails and the configuration was not loaded yet, a problem in it
 * (`loadConfig` throws its ConfigError) is reported rather than the failed listen: it is the one
 * to fix first.
 */
async function listenOrExplain(
  address: ListenAddress,
  loadConfig: (() => Promise<LoadedConfig>) | undefined,
): Promise<EarlyServer> {
  try {
    return await listenEarly({
      host: address.host,
      port: address.port,
      allowedHosts: address.allowedHosts,
    });
  } catch (error) {
    await loadConfig?.();
    throw error;
  }
}
