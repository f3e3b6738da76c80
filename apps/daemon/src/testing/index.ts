// @elowen/daemon/testing: a real daemon in a test's own process, for the tests of the CLI, the
// web and plugins. Everything here is test support; nothing in the daemon itself imports it.
export type { EventLog, SessionEventOf, WaitOptions } from "./event-log.js";
export { subscribeEvents } from "./event-log.js";
export type { AccountOptions, TestDaemonOptions } from "./options.js";
export { ACCOUNT_NAME_MAX_CHARS } from "./options.js";
export type { TestAccount, TestDaemon } from "./test-daemon.js";
export { startTestDaemon } from "./test-daemon.js";
export type { TestDaemonHost, TestRunningDaemon } from "./test-host.js";
export type { TestingErrorCode } from "./testing-error.js";
export { TestingError } from "./testing-error.js";
export { DEFAULT_WAIT_TIMEOUT_MS, MAX_WAIT_TIMEOUT_MS } from "./wait-timeout.js";
