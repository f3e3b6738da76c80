import { ElowenError, errorMessage } from "@elowen/plugin-shared/errors";
import { EXIT_CODES, type ExitCode } from "./exit-codes.js";

/** The stable code of each exit code a {@link CliError} can end with. */
const CLI_ERROR_CODES = {
  [EXIT_CODES.ok]: "cli.ok",
  [EXIT_CODES.failure]: "cli.failure",
  [EXIT_CODES.usage]: "cli.usage",
  [EXIT_CODES.unreachable]: "cli.unreachable",
  [EXIT_CODES.unauthorized]: "cli.unauthorized",
  [EXIT_CODES.notFound]: "cli.not_found",
  [EXIT_CODES.config]: "cli.config",
  [EXIT_CODES.interrupted]: "cli.interrupted",
} as const satisfies Record<ExitCode, string>;

/** One {@link CliError} code: `cli.` and the name of its exit code (`cli.usage`, `cli.not_found`, ...). */
export type CliErrorCode = (typeof CLI_ERROR_CODES)[ExitCode];

/**
 * A failure `elowen` reports with a message and ends with its exit code. An `ElowenError` whose
 * code names the exit code (`cli.usage` for 2, `cli.unreachable` for 3, ...).
 */
export class CliError extends ElowenError<CliErrorCode> {
  override readonly name = "CliError";
  readonly exitCode: ExitCode;
  constructor(exitCode: ExitCode, message: string, options?: { cause?: unknown }) {
    super({
      code: CLI_ERROR_CODES[exitCode],
      summary: message,
      ...(options !== undefined && "cause" in options ? { cause: options.cause } : {}),
    });
    this.exitCode = exitCode;
  }
}

/** A usage error: names the argument and the rule it broke. */
export function usageError(message: string): CliError {
  return new CliError(EXIT_CODES.usage, message);
}

/**
 * Maps what a command threw to the message and exit code `elowen` ends with: the daemon's own
 * sentence for an API error (401/403 → unauthorized, 404 → not found), the network failure for an
 * unreachable daemon, the message of anything else.
 */
export function describeFailure(error: unknown, url?: string): CliError {
  if (error instanceof CliError) return error;
  if (isApiError(error)) {
    const code =
      error.status === 401 || error.status === 403
        ? EXIT_CODES.unauthorized
        : error.status === 404
          ? EXIT_CODES.notFound
          : EXIT_CODES.failure;
    const hint =
      error.status === 401
        ? " (the token was refused: pass --token, set ELOWEN_TOKEN, or check $ELOWEN_HOME/owner.token)"
        : "";
    return new CliError(code, `${error.message}${hint}`, { cause: error });
  }
  if (isNetworkError(error)) {
    return new CliError(
      EXIT_CODES.unreachable,
      `the daemon at ${url ?? "the configured address"} is not answering (${networkReason(error)}). Start one with \`elowen daemon\`, or run \`elowen\`, which starts one in the background.`,
      { cause: error },
    );
  }
  return new CliError(EXIT_CODES.failure, errorMessage(error), {
    cause: error,
  });
}

/**
 * True for the client's ElowenApiError, told by its name and status: `elowen --help` must not
 * load the client to answer (this module is on every command's path).
 */
function isApiError(error: unknown): error is Error & { readonly status: number } {
  return (
    error instanceof Error &&
    error.name === "ElowenApiError" &&
    typeof (error as { status?: unknown }).status === "number"
  );
}

/** True for a fetch that failed before any answer (refused, reset, DNS, timeout). */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /fetch failed|network|ECONN|ENOTFOUND/i.test(
      `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`,
    )
  );
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? errorMessage(error);
}
