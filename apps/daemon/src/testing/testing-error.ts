import { ElowenError } from "@elowen/plugin-shared/errors";

/** What went wrong in the test harness, for a caller to switch on. */
export type TestingErrorCode =
  /** An option of `startTestDaemon`, `createAccount` or a wait is not usable; the message names it. */
  | "invalid_option"
  /** A plugin named in `plugins` was refused by the loader; the message carries its reason. */
  | "plugin_refused"
  /** A turn did not settle: a `prompt.submit` hook dropped it. */
  | "turn_dropped"
  /** No event matched before the wait's timeout (or the stream did not open in time). */
  | "wait_timeout"
  /** The event stream stopped for good (the daemon refused it: a 4xx), so nothing more can match. */
  | "stream_stopped"
  /** The event log was closed while something still waited on it. */
  | "stream_closed"
  /** The handle's daemon was closed or restarted, so it cannot act any more. */
  | "daemon_closed";

/**
 * An error of `@elowen/daemon/testing`: `code` says which rule failed, `message` what was expected,
 * what arrived and what to do, and `cause` the underlying error where there is one.
 */
export class TestingError extends ElowenError<TestingErrorCode> {
  override readonly name = "TestingError";

  constructor(code: TestingErrorCode, message: string, options?: { readonly cause?: unknown }) {
    super({
      code,
      summary: message,
      ...(options !== undefined && "cause" in options ? { cause: options.cause } : {}),
    });
  }
}
