import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import semver from "semver";

/** The package whose version a plugin's peer range is checked against. */
export const PLUGIN_API_PACKAGE = "@elowen/plugin-api";

let hostVersion: string | undefined;

/** The version of `@elowen/plugin-api` this daemon runs with (read once from its package.json). */
export function hostPluginApiVersion(): string {
  if (hostVersion === undefined) {
    const require = createRequire(import.meta.url);
    const file = require.resolve(`${PLUGIN_API_PACKAGE}/package.json`);
    hostVersion = (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  }
  return hostVersion;
}

/**
 * Why a plugin's `peerDependencies["@elowen/plugin-api"]` range refuses the running host, naming
 * both versions; undefined when it declares none or the host satisfies it.
 */
export function peerRangeProblem(
  name: string,
  packageJson: unknown,
  host: string = hostPluginApiVersion(),
): string | undefined {
  const peers = (packageJson as { peerDependencies?: Record<string, unknown> } | undefined)
    ?.peerDependencies;
  const range = peers?.[PLUGIN_API_PACKAGE];
  if (range === undefined || (typeof range === "string" && range.startsWith("workspace:")))
    return undefined;
  if (typeof range !== "string" || semver.validRange(range) === null)
    return `${name} peer-depends on ${PLUGIN_API_PACKAGE} ${String(range)}, which is not a semver range`;
  if (semver.satisfies(host, range)) return undefined;
  return `${name} peer-depends on ${PLUGIN_API_PACKAGE} ${range}, but this host runs ${PLUGIN_API_PACKAGE} ${host}`;
}
