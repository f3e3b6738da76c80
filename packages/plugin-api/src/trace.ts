import type { PluginTool, ToolResult } from "./tools.js";
import type { ToolTraceRecord } from "./trace-record.js";

/**
 * A producer's sink (a row for work the model did not call). `call` opens a row with a
 * host-minted id, passes that id to `execute` as the call id, settles the row and records its
 * durable twin; `note` adds a progress line; `drain` returns the records not yet reported, for
 * `details.toolTrace` of the result of `reportingCallId`. Each record is reported exactly once.
 */
export interface CodeModeTraceSink {
  call(
    name: string,
    args: unknown,
    execute: (rowId: string) => Promise<ToolResult>,
  ): Promise<ToolResult>;
  note(text: string): void;
  drain(reportingCallId: string): ToolTraceRecord[];
}

/** A fully gated tool the host hands a code-mode composition: hooks, permission gate and answer records apply. */
export interface NestedTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments. */
  readonly parameters: unknown;
  /**
   * True for a tool only the model may call (as ShowView): a code-mode producer never offers it to
   * scripts, whether or not the host also leaves it out of `tools`.
   */
  readonly modelOnly?: boolean;
  execute(callId: string, args: unknown, signal?: AbortSignal): Promise<ToolResult>;
}

/** What the host passes a code-mode control for one turn. */
export interface CodeModeCompositionRequest {
  readonly sessionId: string;
  readonly turnId: string;
  readonly userId: number | null;
  /** Tools scripts may call (ShowView and other model-only tools are excluded). */
  readonly tools: readonly NestedTool[];
  /** A sink per producer id; the same id returns the same sink for the whole turn. */
  trace(producerId: string): CodeModeTraceSink;
  readonly signal: AbortSignal;
}

/** What a code-mode control composes: wrapper tools, and the direct tools it takes over. */
export interface CodeModeComposition {
  readonly tools: readonly PluginTool[];
  /** Direct tools to withdraw from the model's surface because the wrapper offers them. */
  readonly hide?: readonly string[];
}

/** The seam between the host and a code-mode plugin. */
export interface CodeModeControl {
  /** Composes the turn's wrapper tools; undefined leaves the direct tool surface. */
  compose(
    request: CodeModeCompositionRequest,
  ): CodeModeComposition | undefined | Promise<CodeModeComposition | undefined>;
  /**
   * The note for a wrapper call being written, from its partial arguments (raw JSON text), or
   * undefined while there is none. Called at most once per AUTHORING_THROTTLE_MS per streaming call.
   */
  authoringReason?(toolName: string, partialArguments: string): string | undefined;
}
