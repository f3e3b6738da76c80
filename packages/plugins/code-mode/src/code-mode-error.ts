import { ElowenError } from "@elowen/plugin-shared/errors";

/** The codes a {@link CodeModeError} carries; the README's Errors section says when each is thrown. */
export type CodeModeErrorCode =
  | "code_mode.pool_full"
  | "code_mode.pool_closed"
  | "code_mode.no_such_cell"
  | "code_mode.turn_aborted"
  | "code_mode.tool_gone"
  | "code_mode.not_a_worker"
  | "code_mode.engine_unreachable";

/** An error of the code-mode plugin: a stable code and the reason in words, for the model or the log. */
export class CodeModeError extends ElowenError<CodeModeErrorCode> {
  override readonly name: string = "CodeModeError";

  constructor(code: CodeModeErrorCode, message: string) {
    super({ code, summary: message });
  }
}
