import type { ToolCallContext, ToolResult } from "./tools.js";

/**
 * A tool whose arguments are described by a JSON Schema object rather than a zod schema: a tool
 * another program defines at run time (an MCP server's tool). The host offers `inputSchema` to the
 * model as it is and checks only that the arguments are a JSON object; the tool (or the program
 * behind it) validates the rest and answers a bad call with an error result.
 */
export interface SourcedTool {
  /** Matches TOOL_NAME_PATTERN; unique among every tool the host offers. */
  readonly name: string;
  readonly label?: string;
  readonly description: string;
  /** JSON Schema of the arguments, `{ "type": "object", ... }`. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** Whether the permission gate asks before running it (default: never). */
  readonly permission?: "ask" | "never";
  /** One line summarizing the arguments for an approval prompt. */
  summarize?(args: Readonly<Record<string, unknown>>): string;
  readonly executionMode?: "sequential" | "parallel";
  /** Runs the call. Throw on failure; the host turns the error into an error result. */
  execute(args: Readonly<Record<string, unknown>>, context: ToolCallContext): Promise<ToolResult>;
}

/**
 * A live list of tools, registered with `ctx.registerToolSource`. The host reads it whenever it
 * composes the tools of a turn (the model's and code mode's), so a tool the source adds or drops
 * is offered, or not, from the next turn on. It must answer at once from memory and not throw: a
 * source that throws offers nothing for that turn and is logged. A sourced tool whose name another
 * tool already has is left out of the turn and logged, naming both owners. While the host reads
 * it for a turn, `ctx.currentAccess()` is that turn's access, so a source may offer an account's
 * own tools to that account's sessions only.
 */
export type ToolSource = () => readonly SourcedTool[];
