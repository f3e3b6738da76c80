/**
 * @elowen/daemon: the Elowen reference host. `startDaemon` runs it in a host's own process (the
 * CLI's `elowen daemon`); `elowen-daemon` runs it in the foreground. Clients talk to it over its
 * HTTP API (`@elowen/client`); tests start one with `@elowen/daemon/testing`.
 */

export { MissingApiKeyError } from "./brain/model/missing-api-key-error.js";
export type { ConfigProblem } from "./config/config-error.js";
export { ConfigError } from "./config/config-error.js";
export type { ElowenConfigInput } from "./config/schema.js";
export type { DaemonOptions, RunningDaemon } from "./lifecycle/daemon.js";
export { startDaemon } from "./lifecycle/daemon.js";
