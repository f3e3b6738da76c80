import { ElowenError } from "@elowen/plugin-shared/errors";

/** What went wrong in a trace log; callers switch on it. */
export const TOOL_TRACE_ERROR_CODES = [
  "invalid-id",
  "duplicate-id",
  "invalid-name",
  "invalid-reporting-call",
  "drain-repeated",
  "unknown-row",
] as const;
/** What went wrong in a trace log. */
export type ToolTraceErrorCode = (typeof TOOL_TRACE_ERROR_CODES)[number];

/**
 * A producer or host broke the trace contract: an id the host's minter produced twice, a tool name
 * a row cannot carry, a reporting call id drained into twice, a row the log does not know.
 * Thrown synchronously, before anything is recorded or published. An `ElowenError` (stable `code`).
 */
export class ToolTraceError extends ElowenError<ToolTraceErrorCode> {
  override readonly name = "ToolTraceError";
  constructor(code: ToolTraceErrorCode, message: string) {
    super({ code, summary: message });
  }
}
