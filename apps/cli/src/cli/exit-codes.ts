/**
 * The exit codes of `elowen`, one per way a command can end, so that scripts can switch on them.
 * They are documented in the README and in `elowen --help`.
 */
export const EXIT_CODES = {
  /** The command did what it was asked. */
  ok: 0,
  /** It failed for a reason the message names (the daemon refused the request, a write failed). */
  failure: 1,
  /** The command line is wrong: an unknown command or option, a missing or invalid argument. */
  usage: 2,
  /** The daemon at the address is not answering, and none could be started. */
  unreachable: 3,
  /** The daemon refused the token (HTTP 401) or the account may not do this (HTTP 403). */
  unauthorized: 4,
  /** What was named does not exist (HTTP 404): a session, an account. */
  notFound: 5,
  /**
   * The daemon's configuration is invalid (`elowen daemon`): the problems are listed, or the
   * configured provider has no key.
   */
  config: 78,
  /** Interrupted by the person (Ctrl+C twice, SIGINT). */
  interrupted: 130,
} as const;

/** One of {@link EXIT_CODES}' values. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
