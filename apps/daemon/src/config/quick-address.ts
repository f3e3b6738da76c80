import { existsSync } from "node:fs";
import { configPaths } from "./config-paths.js";
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  HOST_NAME_MAX,
  HOST_NAME_PATTERN,
  PORT_MAX,
  PORT_TEXT_PATTERN,
} from "./server-defaults.js";

/** Where the daemon listens, and the extra Host names its `/health` accepts. */
export interface ListenAddress {
  readonly host: string;
  readonly port: number;
  readonly allowedHosts: readonly string[];
}

/** What {@link quickListenAddress} reads: a config source (see load-config.ts). */
export interface QuickAddressSource {
  readonly home?: string;
  readonly file?: string;
  readonly overrides?: object;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The address the daemon will listen on, known without loading the config schema (zod) or the
 * YAML parser: answered only when nothing but the environment and the defaults can set it (no
 * config file named or present, no settings given in code) and `ELOWEN_HOST` / `ELOWEN_PORT` are
 * absent or valid. Then it is exactly what loadConfig's `server` section says. Else undefined,
 * and the caller loads the whole configuration first.
 */
export function quickListenAddress(source: QuickAddressSource): ListenAddress | undefined {
  const { env } = source;
  if (source.overrides !== undefined) return undefined;
  const paths = configPaths(source, env);
  if (paths.fileNamed || existsSync(paths.file)) return undefined;
  const host =
    env.ELOWEN_HOST === undefined || env.ELOWEN_HOST === "" ? DEFAULT_HOST : env.ELOWEN_HOST;
  if (host.length > HOST_NAME_MAX || !HOST_NAME_PATTERN.test(host)) return undefined;
  const portText = env.ELOWEN_PORT;
  if (portText === undefined || portText === "")
    return { host, port: DEFAULT_PORT, allowedHosts: [] };
  const port = Number(portText);
  if (!PORT_TEXT_PATTERN.test(portText) || port > PORT_MAX) return undefined;
  return { host, port, allowedHosts: [] };
}
