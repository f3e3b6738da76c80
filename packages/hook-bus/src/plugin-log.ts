import type { PluginLogger } from "@elowen/plugin-api";

/** A logger that drops every line: the default when the host injects none. */
export const silentLogger: PluginLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** A logger whose lines carry `plugin: name`, over the host's logger. */
export function pluginLogger(host: PluginLogger, plugin: string): PluginLogger {
  const withPlugin = (fields?: Readonly<Record<string, unknown>>) =>
    fields === undefined ? { plugin } : { plugin, ...fields };
  return {
    debug: (message, fields) => host.debug(message, withPlugin(fields)),
    info: (message, fields) => host.info(message, withPlugin(fields)),
    warn: (message, fields) => host.warn(message, withPlugin(fields)),
    error: (message, fields) => host.error(message, withPlugin(fields)),
  };
}
